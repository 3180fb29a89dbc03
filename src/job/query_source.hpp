#pragma once
// Readers for query list files (.txt, .csv, .tsv, .xlsx), one record at a time.
#include "paa/error.hpp"
#include "paa/job/job_file.hpp"
#include "paa/model/seed_attributes.hpp"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace paa::detail {

// One query as read from a list, before locale expansion.
struct SourceRecord {
  std::string q;                  // raw text (validated UTF-8)
  std::optional<Locale> locale;   // a CSV row's own hl/gl (+ city)
  std::string city;               // a CSV row's city for the job's locales ("" = keep theirs)
  std::string origin;             // "jobs/coffee.txt:17"
  SeedAttributes attrs;           // a CSV row's other columns
};

class QuerySource {
 public:
  virtual ~QuerySource() = default;
  // The next non-blank query; nullopt at the end of the file.
  virtual Result<std::optional<SourceRecord>> next() = 0;
  // How its columns were read, once its header is ("" for a list without one), for `paa check`:
  // "queries from 'Keyword' (semicolons); attributes: Intent, volume (from 'Volume'), CPC".
  virtual std::string layout() const { return {}; }
};

// Opens a .txt, .csv, .tsv or .xlsx list (by extension, case-insensitive); a .csv's or .tsv's
// delimiter is sniffed (sniff_delimiter); an .xlsx's `sheet` is read ("" = its first).
Result<std::unique_ptr<QuerySource>> open_query_source(const std::filesystem::path& file, std::string_view sheet = {});

// Longest line or CSV field accepted; bounds memory when a quote is missing.
inline constexpr std::size_t kMaxRecordBytes = 1u << 20;

}  // namespace paa::detail
