#include "paa/model/attribute_names.hpp"

#include "paa/model/ascii.hpp"

#include <algorithm>
#include <utility>

namespace paa {
namespace {

// Each tool's names for a canonical attribute, lower-case (docs/jobs.md has the same table).
constexpr std::pair<std::string_view, std::string_view> kKnownNames[] = {
    {"intent", "intent"},
    {"intents", "intent"},  // Ahrefs
    {"keyword intents", "intent"},  // Semrush's position tracking
    {"search intent", "intent"},
    {"volume", "volume"},
    {"search volume", "volume"},
    {"avg. monthly searches", "volume"},  // Keyword Planner
    {"monthly volume", "volume"},  // Moz
    {"cpc", "cpc"},
    {"cpc (usd)", "cpc"},  // Semrush
    {"cpc (eur)", "cpc"},
    {"cpc (gbp)", "cpc"},
    {"kd", "kd"},  // Ahrefs
    {"kd %", "kd"},
    {"kd%", "kd"},
    {"keyword difficulty", "kd"},  // Semrush
    {"difficulty", "kd"},  // Ahrefs' newer exports, Moz
    {"position", "position"},
    {"current position", "position"},  // Ahrefs' organic keywords
    {"average position", "position"},
    {"avg. position", "position"},
    {"url", "url"},
    {"current url", "url"},  // Ahrefs
    {"landing page", "url"},
    {"ranking url", "url"},
    {"traffic", "traffic"},
    {"current traffic", "traffic"},  // Ahrefs
    {"organic traffic", "traffic"},
    {"serp features", "serp_features"},  // Ahrefs, Semrush
    {"serp features by keyword", "serp_features"},  // Semrush's organic research
    {"serp_features", "serp_features"},
    {"serp feature", "serp_features"},
};

// `name` in any case equals `lower` (lower-case ASCII): a header compared without a copy, as
// every progress entry a store reads passes here (decode_progress).
bool equals_lower(std::string_view name, std::string_view lower) {
  return name.size() == lower.size() && std::equal(name.begin(), name.end(), lower.begin(), [](char a, char b) {
           return (a >= 'A' && a <= 'Z' ? static_cast<char>(a - 'A' + 'a') : a) == b;
         });
}

// "column 3": what stores written before the rule named a column without a header.
bool is_numbered_column(std::string_view name) {
  constexpr std::string_view prefix = "column ";
  if (name.size() <= prefix.size() || !equals_lower(name.substr(0, prefix.size()), prefix)) return false;
  return std::all_of(name.begin() + prefix.size(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::optional<std::string> attribute_name(std::string_view header) {
  const std::string_view name = trim_ascii(header);
  if (name.empty() || name == "#" || is_numbered_column(name)) return std::nullopt;
  for (const auto& [known, canonical] : kKnownNames) {
    if (equals_lower(name, known)) return std::string(canonical);
  }
  return std::string(name);
}

void canonicalise_attributes(SeedAttributes& attrs) {
  std::vector<std::pair<std::string, std::string>> fields;
  fields.reserve(attrs.fields.size());
  auto taken = [&](std::string_view name) {
    return std::any_of(fields.begin(), fields.end(), [&](const auto& f) { return f.first == name; });
  };
  for (auto& [header, value] : attrs.fields) {
    auto name = attribute_name(header);
    if (!name) continue;
    if (taken(*name)) name = std::string(trim_ascii(header));
    if (taken(*name)) continue;  // the same name twice in one entry: the first is kept
    fields.emplace_back(std::move(*name), std::move(value));
  }
  attrs.fields = std::move(fields);
}

}  // namespace paa
