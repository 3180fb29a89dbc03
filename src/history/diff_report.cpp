#include "paa/history/diff_report.hpp"

#include "paa/history/diff_text.hpp"
#include "paa/output/text.hpp"

#include <utility>

namespace paa {

std::optional<DiffFormat> parse_diff_format(std::string_view name) {
  if (name == "text") return DiffFormat::text;
  if (name == "csv") return DiffFormat::csv;
  if (name == "jsonl") return DiffFormat::jsonl;
  return std::nullopt;
}

std::string_view diff_format_name(DiffFormat format) {
  switch (format) {
    case DiffFormat::text: return "text";
    case DiffFormat::csv: return "csv";
    case DiffFormat::jsonl: return "jsonl";
  }
  return "?";
}

DiffReport::DiffReport(DiffOptions options, DiffHeader header, BufferedOutput& out)
    : options_(options),
      header_(std::move(header)),
      out_(out),
      // csv and jsonl write every key as it comes: the summary only counts.
      summary_(options.format == DiffFormat::text ? options.detail_limit : 0) {
  if (options_.format == DiffFormat::csv) {
    out_.append(kDiffCsvHeader);
    out_.put('\n');
  }
}

void DiffReport::add(const KeyComparison& key) {
  KeyDiff diff = compare_key_trees(key);
  switch (options_.format) {
    case DiffFormat::csv: append_diff_csv_rows(out_, csv_text(options_.raw), key, diff); break;
    case DiffFormat::jsonl: append_diff_jsonl_row(out_, key, diff); break;
    case DiffFormat::text: break;
  }
  summary_.add(key, std::move(diff));
}

Result<void> DiffReport::finish() {
  if (options_.format == DiffFormat::text) append_diff_text(out_, std::move(summary_).finish(std::move(header_)));
  return out_.flush();
}

}  // namespace paa
