#include "paa/export/export_plan.hpp"

#include "paa/export/html/report_folder.hpp"

#include "paa/export/exporter.hpp"
#include "paa/export/xlsx/xlsx_export.hpp"
#include "paa/output/atomic_file.hpp"
#include "paa/model/clock.hpp"
#include "paa/selection/locale_filter.hpp"
#include "paa/store/point_in_time.hpp"
#include "paa/watch/own_domains.hpp"

namespace paa::exporting {

namespace {

Error usage(std::string message) { return make_error(errc::invalid_input, std::move(message)); }

bool is_csv(ExportFormat format) {
  return format == ExportFormat::csv || format == ExportFormat::questions || format == ExportFormat::related ||
         format == ExportFormat::edges || format == ExportFormat::failures || format == ExportFormat::topics ||
         format == ExportFormat::stability || format == ExportFormat::domains;
}

bool is_failures(ExportFormat format) {
  return format == ExportFormat::failures || format == ExportFormat::failures_jsonl;
}

}  // namespace

Result<ExportPlan> plan_export(const ExportOptions& options) {
  const auto format = parse_export_format(options.format);
  if (!format) {
    return usage("unknown --format '" + options.format +
                 "'; use one of jsonl, json, csv, questions, related, xlsx, html, edges, failures, failures-jsonl, "
                 "topics, topics-jsonl, stability, domains");
  }
  if (*format == ExportFormat::xlsx && !options.output) {
    return usage("xlsx is a binary file and is not written to standard output; give -o FILE.xlsx");
  }
  ExportPlan plan;
  plan.request.format.format = *format;
  plan.request.format.dedupe = options.dedupe;
  plan.request.format.excel = options.excel;
  plan.request.format.raw = options.raw;
  plan.request.job = options.job;
  plan.output = options.output;
  plan.force = options.force;
  plan.xlsx.dedupe = options.dedupe;
  plan.xlsx.rows_per_sheet = options.xlsx_rows_per_sheet;
  if (options.excel && !is_csv(*format)) {
    return usage("--excel applies to the CSV formats (csv, questions, related, edges, failures, topics, stability, "
                 "domains), not " +
                 options.format);
  }
  if (options.raw && !is_csv(*format)) {
    return usage("--raw applies to the CSV formats, whose text cells are guarded against spreadsheet formulas (csv, "
                 "questions, related, edges, failures, topics, stability, domains); " + options.format +
                 " is written as it is already");
  }
  if (options.dedupe && is_failures(*format)) {
    return usage("--dedupe applies to the exported trees; " + options.format + " lists failed keys, not trees");
  }
  if (!options.partition_by.empty()) {
    if (*format != ExportFormat::jsonl && *format != ExportFormat::csv) {
      return usage("--partition-by writes jsonl or csv, not " + options.format);
    }
    if (options.excel) return usage("--excel is for spreadsheets, not a partitioned dataset");
    // A dataset for programs (DuckDB, Spark): its text is never guarded.
    plan.request.format.raw = true;
    if (!options.output) return usage("--partition-by needs -o DIR, the folder to write");
    auto columns = parse_partition_columns(options.partition_by);
    if (!columns) return columns.error();
    plan.partitioned.emplace();
    plan.partitioned->columns = std::move(*columns);
    if (!options.part_size.empty()) {
      auto size = parse_byte_size(options.part_size);
      if (!size) return size.error();
      plan.partitioned->part_size = *size;
    }
  } else if (!options.part_size.empty()) {
    return usage("--part-size applies with --partition-by");
  }
  if (*format == ExportFormat::html && options.output) {
    // The report folder: -o names an existing folder or a path ending in '/'.
    const std::string named = options.output->string();
    std::error_code ec;
    plan.report_folder = named.ends_with('/') || std::filesystem::is_directory(*options.output, ec);
  }
  if (options.resolution) {
    const auto f = *format;
    if (f != ExportFormat::questions && f != ExportFormat::topics && f != ExportFormat::topics_jsonl &&
        f != ExportFormat::xlsx && f != ExportFormat::html) {
      return usage("--resolution sets how fine the topics are; " + options.format +
                   " has no topics (questions, topics, topics-jsonl, xlsx and html have)");
    }
    if (!(*options.resolution > 0 && *options.resolution <= 100)) {
      return usage("--resolution must be a number above 0 and at most 100 (1 = the default; higher = more, "
                   "smaller topics), not " + std::to_string(*options.resolution));
    }
    plan.request.format.topics.resolution = *options.resolution;
  }
  if ((!options.from.empty() || !options.to.empty()) && *format != ExportFormat::stability) {
    return usage("--from and --to choose the versions stability compares; " + options.format +
                 " shows one point in time: use --at");
  }
  plan.from = options.from;
  plan.to = options.to;
  if (!options.since.empty()) {
    if (*format != ExportFormat::topics && *format != ExportFormat::topics_jsonl) {
      return usage("--since counts each topic's new and gone questions (topics, topics-jsonl); " + options.format +
                   " has no topics: for one key's changes use `paa diff`, for each question's use --format stability");
    }
    plan.since = options.since;
    plan.request.format.since = true;
  }
  if (!options.domains.empty()) {
    const auto f = *format;
    if (f != ExportFormat::questions && f != ExportFormat::stability && f != ExportFormat::domains &&
        f != ExportFormat::xlsx && f != ExportFormat::html) {
      return usage("--domain marks the answers your domains hold in questions, stability, domains, xlsx and html, "
                   "not in " + options.format);
    }
    auto own = watch::OwnDomains::parse(options.domains);
    if (!own) return own.error();
    plan.request.format.own_domains = std::move(*own);
  }
  auto locale = LocaleFilter::from_flags(options.hl, options.gl);
  if (!locale) return locale.error();
  plan.request.hl = locale->hl();
  plan.request.gl = locale->gl();
  return plan;
}

Result<ExportSummary> write_export(const OpenedStores& stores, const ExportPlan& plan) {
  StoreReader& store = *stores.reader;
  ExportRequest request = plan.request;
  if (stores.at && is_failures(request.format.format)) {
    return usage("--at shows results as they were; " + std::string(format_name(request.format.format)) +
                 " lists the keys failed now (progress has no history): leave out --at");
  }
  if (request.format.format == ExportFormat::stability) {
    if (stores.at) return usage("--at shows one point in time; stability compares versions: use --from and --to");
    auto runs = store.runs();
    if (!runs) return runs.error();
    const std::int64_t now = unix_now_ms();
    if (!plan.from.empty()) {
      auto from = resolve_point(plan.from, *runs, now);
      if (!from) return prefixed("--from: ", from.error());
      request.window.from_ms = from->at_ms;
    }
    if (!plan.to.empty()) {
      auto to = resolve_point(plan.to, *runs, now);
      if (!to) return prefixed("--to: ", to.error());
      request.window.to_ms = to->at_ms;
    }
    if (request.window.from_ms > request.window.to_ms) {
      return usage("--from " + plan.from + " is after --to " + plan.to + "; swap them");
    }
  }
  if (request.format.since) {
    auto runs = store.runs();
    if (!runs) return runs.error();
    auto since = resolve_point(plan.since, *runs, unix_now_ms());
    if (!since) return prefixed("--since: ", since.error());
    if (stores.at && since->at_ms > stores.at->at_ms) {
      return usage("--since " + plan.since + " is after --at " + stores.at->label + "; swap them");
    }
    request.since_ms = since->at_ms;
    request.format.since_label = since->label;
  }
  if (stores.at && (request.format.format == ExportFormat::html || request.format.format == ExportFormat::xlsx)) {
    // The report's Changes and Domains views and the workbook's Stability sheet: the versions up to --at.
    request.window.to_ms = stores.at->at_ms;
  }
  ExportSummary summary;
  if (plan.partitioned) {
    PartitionedRequest partitioned = *plan.partitioned;
    partitioned.selection = request;
    auto written = export_partitioned(store, partitioned, *plan.output, plan.force);
    if (!written) return written.error();
    summary = written->export_summary;
    summary.parts = written->files.size();
    return summary;
  }
  if (plan.report_folder) return export_html_folder(store, request, *plan.output, plan.force);
  Result<void> done;
  if (request.format.format == ExportFormat::xlsx) {
    done = write_path_atomically(*plan.output, plan.force, [&](const std::filesystem::path& temp) -> Result<void> {
      auto exported = export_store_xlsx(store, request, temp, plan.xlsx);
      if (!exported) return exported.error();
      summary = std::move(*exported);
      return {};
    });
  } else {
    done = write_output(plan.output, plan.force, [&](ByteSink& sink) -> Result<void> {
      BufferedOutput out(sink);
      auto exported = export_store(store, request, out);
      if (!exported) return exported.error();
      summary = std::move(*exported);
      return {};
    });
  }
  if (!done) return done.error();
  if (request.format.format == ExportFormat::html && plan.output) {
    std::error_code ec;
    const auto bytes = std::filesystem::file_size(*plan.output, ec);
    if (!ec && bytes > kSingleFileWarnBytes) {
      summary.warnings.push_back("the report is " + std::to_string(bytes / 1'000'000) +
                                 " MB: a browser opens a single-file report past 50 MB slowly, if at all; "
                                 "write a report folder instead (-o DIR/, docs/reports.md)");
    }
  }
  return summary;
}

}  // namespace paa::exporting
