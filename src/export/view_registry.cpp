#include "paa/export/view_registry.hpp"

#include "paa/export/csv/csv_writer.hpp"
#include "paa/export/domains/domains_csv.hpp"
#include "paa/export/edges/edges_csv.hpp"
#include "paa/export/failures/failure_list.hpp"
#include "paa/export/html/html_report.hpp"
#include "paa/export/html/report_folder.hpp"
#include "paa/export/jsonl/json_writer.hpp"
#include "paa/export/locales/locales_export.hpp"
#include "paa/export/partitioned/partitioned_export.hpp"
#include "paa/export/questions/questions_csv.hpp"
#include "paa/export/related/related_writer.hpp"
#include "paa/export/stability/stability_export.hpp"
#include "paa/export/topics/topics_export.hpp"
#include "paa/export/topics/topics_summary.hpp"
#include "paa/export/xlsx/xlsx_export.hpp"

#include <array>
#include <stdexcept>
#include <vector>

namespace paa::exporting {

namespace {

std::unique_ptr<FormatWriter> jsonl_writer(const FormatOptions& o, BufferedOutput& out) {
  return make_json_writer(o, out, false);
}
std::unique_ptr<FormatWriter> json_writer(const FormatOptions& o, BufferedOutput& out) {
  return make_json_writer(o, out, true);
}
std::unique_ptr<FormatWriter> topics_summary_writer(const FormatOptions& o, BufferedOutput& out) {
  return make_topics_summary_writer(o, out);
}

// The flags every view of stored trees takes.
constexpr std::uint32_t kTrees = kTakesDedupe | kTakesAt;
constexpr std::uint32_t kCsv = kTakesCsvText;
constexpr std::uint32_t kTopics = kTakesResolution;

// One row per view, in the order `paa export --help` and the messages list them.
const std::array kRows{
    ViewRow{ExportFormat::jsonl, "jsonl", true, "objects", kTrees | kTakesPartition | kCarriesLineage | kShowsAttributes, {}, jsonl_writer, nullptr,
            nullptr, export_partitioned_folder},
    ViewRow{ExportFormat::json, "json", true, "objects", kTrees | kCarriesLineage | kShowsAttributes, {}, json_writer},
    ViewRow{ExportFormat::csv, "csv", true, "rows", kTrees | kCsv | kTakesPartition | kCarriesLineage | kShowsAttributes, {}, make_csv_writer, nullptr,
            nullptr, export_partitioned_folder},
    ViewRow{ExportFormat::questions, "questions", true, "rows", kTrees | kCsv | kTopics | kTakesDomain | kShowsAttributes | kReadsKeptAnalysis, {},
            make_questions_writer},
    ViewRow{ExportFormat::related, "related", true, "rows", kTrees | kCsv, {}, make_related_writer},
    ViewRow{ExportFormat::xlsx, "xlsx", true, "rows",
            kTrees | kTopics | kTakesDomain | kAtBoundsHistory | kShowsAttributes | kReadsKeptAnalysis | kTakesBranding, {},
            nullptr, nullptr, export_xlsx_file},
    ViewRow{ExportFormat::html, "html", true, "results",
            kTrees | kTopics | kTakesDomain | kAtBoundsHistory | kFolderOnDirectory | kShowsDemand | kReadsKeptAnalysis |
                kTakesBranding, {},
            nullptr, export_html, nullptr,
            export_html_folder},
    ViewRow{ExportFormat::edges, "edges", true, "rows", kTrees | kCsv, {}, nullptr, export_edges, nullptr, nullptr,
            "an expansion's discovery tree: one CSV row per discovered key and the parent that admitted it"},
    ViewRow{ExportFormat::failures, "failures", true, "rows", kCsv,
            "--at shows results as they were; failures lists the keys failed now (progress has no history): "
            "leave out --at",
            nullptr, export_failures},
    ViewRow{ExportFormat::failures_jsonl, "failures-jsonl", true, "objects", 0,
            "--at shows results as they were; failures-jsonl lists the keys failed now (progress has no history): "
            "leave out --at",
            nullptr, export_failures, nullptr, nullptr,
            "the failed keys, CSV or JSON Lines: attempts, last status, message"},
    ViewRow{ExportFormat::topics, "topics", true, "rows", kTrees | kCsv | kTopics | kTakesSince | kShowsDemand | kReadsKeptAnalysis, {},
            make_topics_writer},
    ViewRow{ExportFormat::topics_jsonl, "topics-jsonl", true, "objects", kTrees | kTopics | kTakesSince | kShowsDemand | kReadsKeptAnalysis, {},
            make_topics_writer, nullptr, nullptr, nullptr,
            "one row per topic; JSON Lines nest its variant groups and their variants"},
    ViewRow{ExportFormat::topics_summary, "topics-summary", false, "rows", kTrees | kTopics | kTakesSince | kShowsDemand | kReadsKeptAnalysis, {},
            topics_summary_writer},
    ViewRow{ExportFormat::stability, "stability", true, "rows", kTakesDedupe | kCsv | kTakesDomain | kTakesWindow,
            "--at shows one point in time; stability compares versions: use --from and --to", nullptr,
            export_stability, nullptr, nullptr,
            "each key's questions over its versions: stable, new, gone, intermittent"},
    ViewRow{ExportFormat::domains, "domains", true, "rows", kTrees | kCsv | kTakesDomain | kReadsKeptAnalysis, {}, make_domains_writer,
            nullptr, nullptr, nullptr, "who owns the answers: one row per registrable domain"},
    ViewRow{ExportFormat::topic_changes, "topic-changes", true, "rows", kCsv | kTopics | kReadsKeptAnalysis,
            "--at shows results as they were; topic-changes compares the analysis kept for the store now with the "
            "one before it: leave out --at",
            make_topic_changes_writer,
            nullptr, nullptr, nullptr,
            "what each topic did since the analysis before the kept one: grew, shrank, new, split, merged, gone"},
    ViewRow{ExportFormat::locales, "locales", true, "rows", kTrees | kCsv | kTopics, {}, make_locales_writer, nullptr,
            nullptr, nullptr, "markets compared: one row per variant group, the trees of each locale that show it"},
    ViewRow{ExportFormat::locale_pairs, "locale-pairs", true, "rows", kTrees | kCsv | kTopics, {},
            make_locale_pairs_writer, nullptr, nullptr, nullptr,
            "per pair of locales of one language: the variant groups both show and those only one shows"},
};

}  // namespace

std::span<const ViewRow> view_rows() { return kRows; }

const ViewRow* find_view(std::string_view name) {
  for (const ViewRow& row : kRows) {
    if (row.name == name) return &row;
  }
  return nullptr;
}

const ViewRow& view_row(ExportFormat format) {
  for (const ViewRow& row : kRows) {
    if (row.format == format) return row;
  }
  throw std::logic_error("a format without a row in view_registry.cpp");
}

// The names and the writers of export_format.hpp and format_writer.hpp, from the rows.
std::optional<ExportFormat> parse_export_format(std::string_view name) {
  const ViewRow* row = find_view(name);
  if (row == nullptr || !row->listed) return std::nullopt;
  return row->format;
}

std::string_view format_name(ExportFormat format) { return view_row(format).name; }

bool format_has_lineage(ExportFormat format) { return view_row(format).takes(kCarriesLineage); }

std::unique_ptr<FormatWriter> make_format_writer(const FormatOptions& options, BufferedOutput& out) {
  const ViewRow& row = view_row(options.format);
  return row.writer != nullptr ? row.writer(options, out) : nullptr;
}

std::string format_help() {
  std::string text;
  for (const ViewRow& row : kRows) {
    if (!row.listed) continue;
    if (!text.empty()) text += " | ";
    text += row.name;
    if (!row.help.empty()) text += " (" + std::string(row.help) + ")";
  }
  return text;
}

std::string views_taking(std::uint32_t flag, std::string_view last) {
  std::vector<std::string_view> names;
  for (const ViewRow& row : kRows) {
    if (row.listed && row.takes(flag)) names.push_back(row.name);
  }
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? last : std::string_view(", ");
    text += names[i];
  }
  return text;
}

}  // namespace paa::exporting
