#include "paa/job/list_columns.hpp"

#include "paa/model/ascii.hpp"
#include "paa/model/attribute_names.hpp"

#include <algorithm>
#include <limits>

namespace paa {
namespace {

template <std::size_t N>
bool names(const std::string_view (&list)[N], std::string_view field) {
  const std::string name = lower_ascii(trim_ascii(field));
  return std::find(std::begin(list), std::end(list), name) != std::end(list);
}

template <std::size_t N>
std::string quoted_list(const std::string_view (&list)[N]) {
  std::string out;
  for (std::size_t i = 0; i < N; ++i) {
    out += i == 0 ? "" : (i + 1 == N ? " or " : ", ");
    out += list[i];
  }
  return out;
}

}  // namespace

bool is_query_column_name(std::string_view field) { return names(kQueryColumnNames, field); }

Result<ListColumns> recognise_header(const std::vector<std::string>& fields) {
  ListColumns columns;
  columns.count = fields.size();
  std::optional<std::size_t> query;
  std::vector<std::size_t> others;
  // A `q` column is the query column whatever else the header names: a list written for paa
  // (q,hl,gl,city) may also carry a tool's `keyword` or `query` column, kept as an attribute.
  std::optional<std::size_t> exact_q;
  for (std::size_t i = 0; i < fields.size() && !exact_q; ++i) {
    if (lower_ascii(trim_ascii(fields[i])) == "q") exact_q = i;
  }
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const std::string_view text = trim_ascii(fields[i]);
    const std::string name = lower_ascii(text);
    std::optional<std::size_t>* slot = nullptr;
    if (is_query_column_name(text) && (!exact_q || *exact_q == i)) {
      if (query) {
        return make_error(errc::invalid_input, "the header has two query columns ('" +
                                                   std::string(trim_ascii(fields[*query])) + "' and '" +
                                                   std::string(text) + "'); keep one, or rename the other");
      }
      query = i;
      continue;
    }
    if (name == "hl") slot = &columns.hl;
    if (name == "gl") slot = &columns.gl;
    if (name == "city") slot = &columns.city;
    if (slot == nullptr) {
      if (!columns.volume && names(kVolumeColumnNames, text)) columns.volume = i;
      others.push_back(i);
      continue;
    }
    if (*slot) return make_error(errc::invalid_input, "column '" + name + "' appears twice in the header");
    *slot = i;
  }
  if (!query) {
    std::string found;
    for (std::size_t i = 0; i < fields.size(); ++i) found += (i ? ", '" : "'") + fields[i] + "'";
    return make_error(errc::invalid_input, "the header has no query column (found " + found +
                                               "); name the column holding the queries " +
                                               quoted_list(kQueryColumnNames) + " (any case)");
  }
  if (columns.hl.has_value() != columns.gl.has_value()) {
    return make_error(errc::invalid_input, std::string("the header has an '") + (columns.hl ? "hl" : "gl") +
                                               "' column but no '" + (columns.hl ? "gl" : "hl") +
                                               "' column; add both or neither");
  }
  columns.query = *query;
  // One name per attribute (attribute_name): a column without a name or named `#` is dropped; a
  // known name becomes its canonical one unless an earlier column took it, then it keeps its own.
  std::vector<std::string> taken;  // lower-cased names given so far
  auto is_taken = [&](const std::string& name) {
    return std::find(taken.begin(), taken.end(), lower_ascii(name)) != taken.end();
  };
  for (const std::size_t i : others) {
    const std::string_view header = trim_ascii(fields[i]);
    std::optional<std::string> canonical =
        i == columns.volume ? std::optional<std::string>("volume") : attribute_name(header);
    if (!canonical) continue;
    std::string base = is_taken(*canonical) ? std::string(header) : *canonical;
    std::string name = base;
    for (int n = 2; is_taken(name); ++n) name = base + " (" + std::to_string(n) + ")";
    taken.push_back(lower_ascii(name));
    columns.attributes.emplace_back(i, std::move(name));
  }
  return columns;
}

std::optional<std::uint64_t> parse_volume(std::string_view text) {
  text = trim_ascii(text);
  // U+00A0 and U+202F, which some locales group thousands with, become one-byte marks.
  std::string s;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.substr(i, 2) == "\xC2\xA0") {
      s.push_back(' ');
      ++i;
    } else if (text.substr(i, 3) == "\xE2\x80\xAF") {
      s.push_back(' ');
      i += 2;
    } else {
      s.push_back(text[i]);
    }
  }
  if (s.empty()) return std::nullopt;
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  auto separator = [](char c) { return c == ',' || c == '.' || c == ' ' || c == '\''; };
  std::uint64_t value = 0;
  char grouping = 0;       // the separator used, once one is seen
  std::size_t group = 0;   // digits since the last separator
  bool first_group = true;
  for (const char c : s) {
    if (digit(c)) {
      const auto d = static_cast<std::uint64_t>(c - '0');
      if (value > (std::numeric_limits<std::uint64_t>::max() - d) / 10) return std::nullopt;
      value = value * 10 + d;
      ++group;
      continue;
    }
    if (!separator(c)) return std::nullopt;
    // A separator ends a group: the first of 1 to 3 digits, the others of exactly 3; one kind.
    if (group == 0 || (first_group ? group > 3 : group != 3)) return std::nullopt;
    if (grouping != 0 && c != grouping) return std::nullopt;
    grouping = c;
    first_group = false;
    group = 0;
  }
  if (group == 0 || (!first_group && group != 3)) return std::nullopt;
  return value;
}

}  // namespace paa
