#include "paa/export/export_format.hpp"

namespace paa::exporting {

std::optional<ExportFormat> parse_export_format(std::string_view name) {
  for (const ExportFormat format : {ExportFormat::jsonl, ExportFormat::json, ExportFormat::csv, ExportFormat::questions,
                                    ExportFormat::related, ExportFormat::xlsx, ExportFormat::html, ExportFormat::edges,
                                    ExportFormat::failures, ExportFormat::failures_jsonl, ExportFormat::topics,
                                    ExportFormat::topics_jsonl, ExportFormat::stability, ExportFormat::domains}) {
    if (name == format_name(format)) return format;
  }
  return std::nullopt;
}

std::string_view format_name(ExportFormat format) {
  switch (format) {
    case ExportFormat::jsonl: return "jsonl";
    case ExportFormat::json: return "json";
    case ExportFormat::csv: return "csv";
    case ExportFormat::questions: return "questions";
    case ExportFormat::related: return "related";
    case ExportFormat::xlsx: return "xlsx";
    case ExportFormat::html: return "html";
    case ExportFormat::edges: return "edges";
    case ExportFormat::failures: return "failures";
    case ExportFormat::failures_jsonl: return "failures-jsonl";
    case ExportFormat::topics: return "topics";
    case ExportFormat::topics_jsonl: return "topics-jsonl";
    case ExportFormat::topics_summary: return "topics-summary";
    case ExportFormat::stability: return "stability";
    case ExportFormat::domains: return "domains";
  }
  return "?";
}

bool format_has_lineage(ExportFormat format) {
  return format == ExportFormat::jsonl || format == ExportFormat::json || format == ExportFormat::csv;
}

}  // namespace paa::exporting
