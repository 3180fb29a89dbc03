#include "toml_values.hpp"

#include "paa/model/suggest.hpp"

#include <cmath>
#include <sstream>

namespace paa::job_toml {

std::vector<std::string_view> check_keys(Diagnostics& where, const toml::table& table,
                                         std::span<const std::string_view> known, std::string_view context) {
  std::vector<std::string_view> meant;
  for (auto&& [key, node] : table) {
    const std::string_view name = key.str();
    bool found = false;
    for (std::string_view k : known) found = found || (k == name);
    if (found) continue;
    const toml::source_region& region = key.source().begin.line ? key.source() : node.source();
    if (context.empty() && (name == "api_key" || name == "key" || name == "apikey" || name == "x-api-key")) {
      // A secret in a file ends up in backups, repositories and shell histories: never read one.
      where.error_at(region, "'" + std::string(name) +
                                 "': the API key never goes in a job file; remove this line and set it in the "
                                 "environment instead: export PAA_API_KEY=... (api_key_env names another variable)");
      continue;
    }
    std::string message = "unknown key '" + std::string(name) + "'";
    if (!context.empty()) message += " in " + std::string(context);
    const std::vector<std::string_view> candidates(known.begin(), known.end());
    if (auto best = detail::closest_match(name, candidates)) {
      message += "; did you mean '" + std::string(*best) + "'?";
      meant.push_back(*best);
    } else {
      message += "; valid keys are ";
      for (std::size_t i = 0; i < known.size(); ++i) message += (i ? ", " : "") + std::string(known[i]);
    }
    where.error_at(region, message);
  }
  return meant;
}

const toml::table* open_section(Diagnostics& where, const toml::node& node, std::string_view name,
                                std::span<const std::string_view> known) {
  const std::string bracketed = "[" + std::string(name) + "]";
  const toml::table* table = node.as_table();
  if (table == nullptr) {
    where.type_error(node, name, "a table (" + bracketed + ")");
    return nullptr;
  }
  check_keys(where, *table, known, bracketed);
  return table;
}

bool read_string(Diagnostics& where, const toml::node& node, std::string_view key, std::string& out) {
  const auto* s = node.as_string();
  if (s == nullptr) return where.type_error(node, key, "a string");
  out = s->get();
  return true;
}

void read_string_array(Diagnostics& where, const toml::node& node, std::string_view key, std::string_view expected,
                       const std::function<void(const toml::node& item, const std::string& name, std::string value)>& visit) {
  const toml::array* array = node.as_array();
  if (array == nullptr) {
    where.type_error(node, key, expected);
    return;
  }
  for (std::size_t i = 0; i < array->size(); ++i) {
    const toml::node& item = *array->get(i);
    const std::string name = std::string(key) + "[" + std::to_string(i) + "]";
    std::string value;
    if (read_string(where, item, name, value)) visit(item, name, std::move(value));
  }
}

bool read_int(Diagnostics& where, const toml::node& node, std::string_view key, std::int64_t min,
              std::int64_t max, std::string_view range_hint, std::int64_t& out) {
  const auto* i = node.as_integer();
  if (i == nullptr) return where.type_error(node, key, "an integer");
  const std::int64_t v = i->get();
  if (v < min || v > max) {
    return where.error(node, std::string(key) + " = " + std::to_string(v) + " is out of range; use " +
                                 std::string(range_hint));
  }
  out = v;
  return true;
}

std::string format_number(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

bool read_number(Diagnostics& where, const toml::node& node, std::string_view key, double& out) {
  double v = 0;
  if (const auto* i = node.as_integer()) {
    v = static_cast<double>(i->get());
  } else if (const auto* f = node.as_floating_point()) {
    v = f->get();
  } else {
    return where.type_error(node, key, "a number");
  }
  if (!std::isfinite(v)) return where.error(node, std::string(key) + " must be a finite number");
  out = v;
  return true;
}

bool is_env_name(std::string_view s) {
  if (s.empty()) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    const bool digit = c >= '0' && c <= '9';
    if (!letter && !(digit && i > 0)) return false;
  }
  return true;
}

}  // namespace paa::job_toml
