#include "job_diagnostics.hpp"

#include "paa/job/job_file.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace paa::job_toml {

const char* type_name(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::table: return "a table";
    case toml::node_type::array: return "an array";
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a number";
    case toml::node_type::boolean: return "a boolean";
    case toml::node_type::date: return "a date";
    case toml::node_type::time: return "a time";
    case toml::node_type::date_time: return "a date-time";
    case toml::node_type::none: break;
  }
  return "nothing";
}

std::string Diagnostics::at(const toml::source_region& region) const {
  if (region.begin.line == 0) return file_ + ": ";
  return file_ + ":" + std::to_string(region.begin.line) + ":" + std::to_string(region.begin.column) + ": ";
}

bool Diagnostics::error_at(const toml::source_region& region, const std::string& what) {
  entries_.push_back(Entry{region.begin.line, region.begin.column, at(region) + what});
  return false;
}

bool Diagnostics::type_error(const toml::node& node, std::string_view key, std::string_view expected) {
  return error(node, std::string(key) + ": expected " + std::string(expected) + ", got " + type_name(node));
}

Error Diagnostics::to_error() const {
  std::vector<const Entry*> sorted;
  for (const Entry& e : entries_) sorted.push_back(&e);
  const auto order = [](const Entry* e) {
    return std::pair(e->line == 0 ? UINT32_MAX : e->line, e->column);
  };
  std::stable_sort(sorted.begin(), sorted.end(),
                   [&](const Entry* a, const Entry* b) { return order(a) < order(b); });
  std::string message;
  const std::size_t shown = std::min(sorted.size(), kMaxJobFileErrors);
  for (std::size_t i = 0; i < shown; ++i) message += (i ? "\n" : "") + sorted[i]->text;
  if (sorted.size() > shown) {
    const std::size_t more = sorted.size() - shown;
    message += "\n" + file_ + ": ... and " + std::to_string(more) + " more error" + (more == 1 ? "" : "s") +
               " (" + std::to_string(sorted.size()) + " in all)";
  } else if (sorted.size() > 1) {
    message += "\n" + file_ + ": " + std::to_string(sorted.size()) + " errors";
  }
  return make_error(errc::invalid_input, std::move(message));
}

}  // namespace paa::job_toml
