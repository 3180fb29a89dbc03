#include "paa/emulator/keys.hpp"

#include "paa/emulator/service.hpp"

#include <toml++/toml.h>

#include <fstream>
#include <set>

namespace paa::emulator {

namespace {
std::string where(const std::string& path, const toml::source_region& src) {
  return path + ":" + std::to_string(src.begin.line) + ": ";
}
}  // namespace

Result<std::vector<KeyConfig>> load_key_file(const std::string& path, std::int64_t default_searches,
                                             std::int64_t default_payg) {
  if (!std::ifstream(path)) return make_error(errc::invalid_input, path + ": cannot open the key file for reading; check the path given to --keys");
  toml::table doc;
  try {
    doc = toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    return make_error(errc::invalid_input, where(path, e.source()) + "invalid TOML: " + std::string(e.description()));
  }
  std::vector<KeyConfig> keys;
  std::set<std::string> seen;
  for (const auto& [name, node] : doc) {
    if (name.str() != "key")
      return make_error(errc::invalid_input, where(path, node.source()) + "unknown table or setting '" + std::string(name.str()) +
                        "'; the file holds only [[key]] entries");
  }
  const toml::node* list = doc.get("key");
  if (!list) return make_error(errc::invalid_input, path + ":1: no [[key]] entries; add at least one: [[key]] key = \"...\"");
  const toml::array* entries = list->as_array();
  if (!entries || !entries->is_array_of_tables())
    return make_error(errc::invalid_input, where(path, list->source()) + "'key' must be an array of tables written as [[key]]");
  for (const toml::node& entry : *entries) {
    const toml::table& t = *entry.as_table();
    KeyConfig k;
    k.searches = default_searches;
    k.payg = default_payg;
    bool has_key = false;
    for (const auto& [field, value] : t) {
      std::string f(field.str());
      std::string at = where(path, value.source());
      if (f == "key") {
        auto s = value.value<std::string>();
        if (!s || !value.is_string()) return make_error(errc::invalid_input, at + "key must be a string");
        if (!is_well_formed_key(*s))
          return make_error(errc::invalid_input, at + "key must be 1-128 characters from A-Z a-z 0-9 . _ - (a client could never send it)");
        k.secret = *s;
        has_key = true;
      } else if (f == "active") {
        if (!value.is_boolean()) return make_error(errc::invalid_input, at + "active must be true or false");
        k.active = *value.value<bool>();
      } else if (f == "searches" || f == "payg") {
        if (!value.is_integer() || *value.value<std::int64_t>() < 0)
          return make_error(errc::invalid_input, at + f + " must be a whole number >= 0");
        (f == "searches" ? k.searches : k.payg) = *value.value<std::int64_t>();
      } else {
        return make_error(errc::invalid_input, at + "unknown field '" + f + "'; allowed: key, active, searches, payg");
      }
    }
    if (!has_key) return make_error(errc::invalid_input, where(path, t.source()) + "[[key]] entry without key = \"...\"");
    if (!seen.insert(k.secret).second) return make_error(errc::invalid_input, where(path, t.source()) + "the same key is listed twice");
    keys.push_back(std::move(k));
  }
  return keys;
}

}  // namespace paa::emulator
