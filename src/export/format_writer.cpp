#include "paa/export/format_writer.hpp"

#include "paa/export/csv/csv_writer.hpp"
#include "paa/export/domains/domains_csv.hpp"
#include "paa/export/jsonl/json_writer.hpp"
#include "paa/export/questions/questions_csv.hpp"
#include "paa/export/topics/topics_export.hpp"
#include "paa/export/topics/topics_summary.hpp"
#include "paa/export/related/related_writer.hpp"
#include "paa/export/stored_tree.hpp"

#include <optional>

namespace paa::exporting {

Result<void> FormatWriter::add(const StoredResult& result, const ExportLineage& lineage) {
  std::optional<Envelope> envelope;
  if (needs().tree) {
    auto parsed = parse_stored_result(result, FormatOptions{}.max_question_depth);
    if (!parsed) return parsed.error();
    envelope.emplace(std::move(*parsed));
  }
  return add(ScannedResult{result, lineage, envelope ? &*envelope : nullptr});
}

ScanNeeds format_needs(const FormatOptions& options) {
  struct Discard final : ByteSink {
    Result<void> write(std::string_view) override { return {}; }
  } discard;
  BufferedOutput out(discard);
  auto writer = make_format_writer(options, out);
  return writer ? writer->needs() : ScanNeeds{};
}

std::unique_ptr<FormatWriter> make_format_writer(const FormatOptions& options, BufferedOutput& out) {
  switch (options.format) {
    case ExportFormat::jsonl: return make_json_writer(options, out, false);
    case ExportFormat::json: return make_json_writer(options, out, true);
    case ExportFormat::csv: return make_csv_writer(options, out);
    case ExportFormat::questions: return make_questions_writer(options, out);
    case ExportFormat::related: return make_related_writer(options, out);
    case ExportFormat::topics:
    case ExportFormat::topics_jsonl: return make_topics_writer(options, out);
    case ExportFormat::topics_summary: return make_topics_summary_writer(options, out);
    case ExportFormat::domains: return make_domains_writer(options, out);
    case ExportFormat::stability: break;  // each key's versions: see stability/stability_export.hpp
    case ExportFormat::xlsx: break;   // a workbook, not a byte stream: see xlsx/xlsx_export.hpp
    case ExportFormat::html: break;   // a page over the whole selection: see html/html_report.hpp
    case ExportFormat::edges: break;  // a job's expansion, not its results: see edges/edges_csv.hpp
    case ExportFormat::failures:
    case ExportFormat::failures_jsonl: break;  // failed keys, not results: see failures/failure_list.hpp
  }
  return nullptr;
}

}  // namespace paa::exporting
