#include "paa/selection/locale_filter.hpp"

#include "paa/model/query_key.hpp"

namespace paa {

LocaleFilter::LocaleFilter(std::string hl, std::string gl)
    : hl_(std::move(hl)), gl_(std::move(gl)), prefix_(hl_.empty() ? std::string() : encode_locale_prefix(hl_, gl_)) {}

Result<LocaleFilter> LocaleFilter::from_flags(std::string_view hl, std::string_view gl) {
  std::string normal_hl, normal_gl;
  if (!hl.empty()) {
    auto n = normalize_hl(hl);
    if (!n) return prefixed("--hl: ", n.error());
    normal_hl = std::move(*n);
  }
  if (!gl.empty()) {
    auto n = normalize_gl(gl);
    if (!n) return prefixed("--gl: ", n.error());
    normal_gl = std::move(*n);
  }
  return LocaleFilter(std::move(normal_hl), std::move(normal_gl));
}

bool LocaleFilter::matches(std::string_view encoded_key) const {
  if (!encoded_key.starts_with(prefix_)) return false;
  if (!hl_.empty() || gl_.empty()) return true;
  auto key = decode_key(encoded_key);
  return key && key->gl == gl_;
}

}  // namespace paa
