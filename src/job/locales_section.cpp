// locales: the (hl, gl, city) every query is searched in.
#include "job_sections.hpp"
#include "toml_values.hpp"

#include "paa/model/ascii.hpp"

#include <optional>
#include <string>

namespace paa::job_toml {
namespace {

constexpr std::string_view kLocaleKeys[] = {"hl", "gl", "city"};

// One locale of `locales`; nullopt (with its errors reported) when it is not valid.
std::optional<Locale> read_locale(Diagnostics& where, const toml::node& item, const std::string& name) {
  const toml::table* table = item.as_table();
  if (table == nullptr) {
    where.type_error(item, name, "a table like { hl = \"en\", gl = \"us\" }");
    return std::nullopt;
  }
  const std::size_t errors_before = where.count();
  check_keys(where, *table, kLocaleKeys, name);

  Locale locale;
  const toml::node* hl = table->get("hl");
  const toml::node* gl = table->get("gl");
  if (hl == nullptr || gl == nullptr) {
    const std::string missing = hl == nullptr && gl == nullptr ? "hl and gl" : hl == nullptr ? "hl" : "gl";
    where.error(item, name + ": missing " + missing + "; write it like { hl = \"en\", gl = \"us\" }");
  }
  if (hl != nullptr && read_string(where, *hl, name + ".hl", locale.hl)) {
    if (auto r = normalize_hl(locale.hl); !r) where.error(*hl, name + ": " + r.error().message);
    locale.hl = std::string(trim_ascii(locale.hl));
  }
  if (gl != nullptr && read_string(where, *gl, name + ".gl", locale.gl)) {
    if (auto r = normalize_gl(locale.gl); !r) where.error(*gl, name + ": " + r.error().message);
    locale.gl = std::string(trim_ascii(locale.gl));
  }
  if (const toml::node* city = table->get("city")) {
    std::string raw;
    if (read_string(where, *city, name + ".city", raw)) {
      auto cleaned = clean_text(raw);
      if (!cleaned) {
        where.error(*city, name + ".city: " + cleaned.error().message);
      } else {
        locale.city = std::move(*cleaned);
      }
    }
  }
  if (where.count() != errors_before) return std::nullopt;
  return locale;
}

}  // namespace

void read_locales(Diagnostics& where, const toml::node& node, std::vector<Locale>& out) {
  const toml::array* array = node.as_array();
  if (array == nullptr) {
    where.type_error(node, "locales", "an array of tables like [{ hl = \"en\", gl = \"us\" }]");
    return;
  }
  for (std::size_t i = 0; i < array->size(); ++i) {
    if (auto locale = read_locale(where, *array->get(i), "locales[" + std::to_string(i) + "]")) {
      out.push_back(std::move(*locale));
    }
  }
}

}  // namespace paa::job_toml
