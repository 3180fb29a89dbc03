#pragma once
// How a `.csv`/`.tsv` query list is read (docs/jobs.md "Keyword-tool files"): which column holds
// the queries, which are locale columns, which is the search volume, and which are kept as the
// seed's attributes; the delimiter; a volume's number. Pure decisions, no I/O.
#include "paa/error.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace paa {

// The names a query column goes by (compared trimmed, ASCII case-insensitive), in the order the
// messages list them.
inline constexpr std::string_view kQueryColumnNames[] = {"q",           "query",      "keyword",
                                                         "keyphrase",   "search term", "top queries"};
// The names of a search-volume column.
inline constexpr std::string_view kVolumeColumnNames[] = {"volume", "search volume", "avg. monthly searches"};

// A header's columns by role.
struct ListColumns {
  std::size_t count = 0;  // fields in the header
  std::size_t query = 0;
  std::optional<std::size_t> hl, gl, city;
  std::optional<std::size_t> volume;  // its attribute is named "volume"
  // Every other column (the volume's included) with a name, in column order: index and
  // attribute name (attribute_name: the canonical name of a known header, "volume" for the
  // volume column, else the header trimmed; a name an earlier column took, ignoring ASCII case,
  // keeps the header's own text, then gains " (2)", " (3)"). A column without a header or
  // named `#` is dropped.
  std::vector<std::pair<std::size_t, std::string>> attributes;
};

// True when `field` names a query column.
bool is_query_column_name(std::string_view field);

// The columns of a header, or why it is not one (without file and line: the caller adds them):
// no query column (listing the fields found and the names accepted), two query columns, hl, gl
// or city twice, hl without gl or gl without hl.
Result<ListColumns> recognise_header(const std::vector<std::string>& fields);

// The field delimiter of a delimited list, from the first records of its text (`sample`, UTF-8):
// the one of ',', ';' and '\t' whose split finds a header (a record naming a query column,
// after at most kMaxTitleLines single-field title lines) with the most fields; ties go to
// `preferred` (the file's extension says: '\t' for .tsv), then in that order. When none finds a
// header, the one that splits the first line into most fields (`preferred` on a tie), so that the
// header's error lists that line's fields.
char sniff_delimiter(std::string_view sample, char preferred = ',');

// Lines of one field (a report's title, its date range) that may come before the header.
inline constexpr std::size_t kMaxTitleLines = 5;

// A search volume as a whole number: digits, optionally grouped in threes by ',', '.', ' ',
// '\'', U+00A0 or U+202F ("1,300", "1.300", "1 300"), surrounding white space ignored. Anything
// else (a range "1K – 10K", "1.5K", a decimal, a negative number, an empty field, a number
// beyond 2^64 - 1) is no volume, never an error.
std::optional<std::uint64_t> parse_volume(std::string_view text);

}  // namespace paa
