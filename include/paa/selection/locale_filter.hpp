#pragma once
// --hl and --gl as the reader commands select keys by them (export, diff): hl (with gl) is a
// prefix of the encoded key, so a scan reads only that range; gl alone is checked on each
// decoded key.
#include "paa/error.hpp"

#include <string>
#include <string_view>

namespace paa {

class LocaleFilter {
 public:
  LocaleFilter() = default;  // every key
  // Normalised codes (normalize_hl, normalize_gl); "" = any.
  LocaleFilter(std::string hl, std::string gl);
  // The flags as given: normalised like job files (`EN` = `en`); errors name the flag.
  static Result<LocaleFilter> from_flags(std::string_view hl, std::string_view gl);

  const std::string& hl() const { return hl_; }
  const std::string& gl() const { return gl_; }
  // The key prefix to scan: every selected key starts with it ("" without --hl).
  const std::string& prefix() const { return prefix_; }
  bool matches(std::string_view encoded_key) const;

 private:
  std::string hl_;
  std::string gl_;
  std::string prefix_;
};

}  // namespace paa
