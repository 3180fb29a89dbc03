#include "paa/export/export_plan.hpp"

#include "paa/export/pipeline/analysis_views.hpp"

#include "paa/export/attributes.hpp"
#include "paa/export/exporter.hpp"
#include "paa/model/clock.hpp"
#include "paa/output/atomic_file.hpp"
#include "paa/selection/locale_filter.hpp"
#include "paa/store/point_in_time.hpp"
#include "paa/watch/own_domains.hpp"

#include <stdexcept>

namespace paa::exporting {

namespace {

Error usage(std::string message) { return make_error(errc::invalid_input, std::move(message)); }

std::string listed_views() {
  std::string names;
  for (const ViewRow& row : view_rows()) {
    if (!row.listed) continue;
    if (!names.empty()) names += ", ";
    names += row.name;
  }
  return names;
}

// --partition-by, --part-size and --excel with them: request.partition.
Result<void> plan_partition(const ExportOptions& options, const ViewRow& view, ExportPlan& plan) {
  if (options.partition_by.empty()) {
    if (!options.part_size.empty()) return usage("--part-size applies with --partition-by");
    return {};
  }
  if (!view.takes(kTakesPartition)) {
    return usage("--partition-by writes " + views_taking(kTakesPartition, " or ") + ", not " + options.format);
  }
  if (options.excel) return usage("--excel is for spreadsheets, not a partitioned dataset");
  // A dataset for programs (DuckDB, Spark): its text is never guarded.
  plan.request.format.raw = true;
  if (!options.output) return usage("--partition-by needs -o DIR, the folder to write");
  auto columns = parse_partition_columns(options.partition_by);
  if (!columns) return columns.error();
  Partitioning partition;
  partition.columns = std::move(*columns);
  if (!options.part_size.empty()) {
    auto size = parse_byte_size(options.part_size);
    if (!size) return size.error();
    partition.part_size = *size;
  }
  plan.request.partition = std::move(partition);
  plan.folder = true;
  return {};
}

// --resolution, --from/--to, --since and --domain: what the view has.
Result<void> plan_analysis(const ExportOptions& options, const ViewRow& view, ExportPlan& plan) {
  if (options.resolution) {
    if (!view.takes(kTakesResolution)) {
      return usage("--resolution sets how fine the topics are; " + options.format + " has no topics (" +
                   views_taking(kTakesResolution) + " have)");
    }
    if (!(*options.resolution > 0 && *options.resolution <= 100)) {
      return usage("--resolution must be a number above 0 and at most 100 (1 = the default; higher = more, "
                   "smaller topics), not " + std::to_string(*options.resolution));
    }
    plan.request.format.topics.resolution = *options.resolution;
  }
  if ((!options.from.empty() || !options.to.empty()) && !view.takes(kTakesWindow)) {
    return usage("--from and --to choose the versions " + views_taking(kTakesWindow) + " compares; " +
                 options.format + " shows one point in time: use --at");
  }
  plan.from = options.from;
  plan.to = options.to;
  if (!options.since.empty()) {
    if (!view.takes(kTakesSince)) {
      return usage("--since counts each topic's new and gone questions (" + views_taking(kTakesSince, ", ") + "); " +
                   options.format +
                   " has no topics: for one key's changes use `paa diff`, for each question's use --format stability");
    }
    plan.since = options.since;
    plan.request.format.since = true;
  }
  if (!options.domains.empty()) {
    if (!view.takes(kTakesDomain)) {
      return usage("--domain marks the answers your domains hold in " + views_taking(kTakesDomain) + ", not in " +
                   options.format);
    }
    auto own = watch::OwnDomains::parse(options.domains);
    if (!own) return own.error();
    plan.request.format.own_domains = std::move(*own);
  }
  if (!options.title.empty() || !options.logo.empty()) {
    if (!view.takes(kTakesBranding)) {
      return usage(std::string(options.title.empty() ? "--logo" : "--title") + " goes on the deliverables a client sees (" +
                   views_taking(kTakesBranding) + "; and paa brief), not on " + options.format);
    }
    auto branding = read_branding(options.title, options.logo);
    if (!branding) return branding.error();
    plan.request.format.branding = std::move(*branding);
  }
  return {};
}

Result<ExportPlan> plan_view(const ExportOptions& options, const ViewRow& view) {
  if (view.file != nullptr && !options.output) {
    return usage(std::string(view.name) + " is a binary file and is not written to standard output; give -o FILE." +
                 std::string(view.name));
  }
  ExportPlan plan;
  plan.view = &view;
  plan.request.format.format = view.format;
  plan.request.format.dedupe = options.dedupe;
  plan.request.format.excel = options.excel;
  plan.request.format.raw = options.raw;
  plan.request.job = options.job;
  plan.request.rows_per_sheet = options.xlsx_rows_per_sheet;
  plan.output = options.output;
  plan.force = options.force;
  const std::string csv_views = views_taking(kTakesCsvText);
  if (options.excel && !view.takes(kTakesCsvText)) {
    return usage("--excel applies to the CSV formats (" + csv_views + "), not " + options.format);
  }
  if (options.raw && !view.takes(kTakesCsvText)) {
    return usage("--raw applies to the CSV formats, whose text cells are guarded against spreadsheet formulas (" +
                 csv_views + "); " + options.format + " is written as it is already");
  }
  if (options.dedupe && !view.takes(kTakesDedupe)) {
    return usage("--dedupe applies to the exported trees; " + options.format + " lists failed keys, not trees");
  }
  if (auto planned = plan_partition(options, view, plan); !planned) return planned.error();
  if (view.takes(kFolderOnDirectory) && options.output) {
    // -o names an existing folder or a path ending in '/'.
    const std::string named = options.output->string();
    std::error_code ec;
    plan.folder = named.ends_with('/') || std::filesystem::is_directory(*options.output, ec);
  }
  if (auto planned = plan_analysis(options, view, plan); !planned) return planned.error();
  auto locale = LocaleFilter::from_flags(options.hl, options.gl);
  if (!locale) return locale.error();
  plan.request.hl = locale->hl();
  plan.request.gl = locale->gl();
  return plan;
}

// The points in time the plan names (--from/--to, --since), against the store's runs; --at's
// bound on the views of the versions.
Result<void> resolve_points(const OpenedStores& stores, const ExportPlan& plan, ExportRequest& request) {
  const ViewRow& view = *plan.view;
  if (stores.at && !view.takes(kTakesAt)) return usage(std::string(view.why_not_at));
  StoreReader& store = *stores.reader;
  if (view.takes(kTakesWindow)) {
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
  // The report's Changes and Domains views and the workbook's Stability sheet: the versions up to --at.
  if (stores.at && view.takes(kAtBoundsHistory)) request.window.to_ms = stores.at->at_ms;
  return {};
}

}  // namespace

Result<ExportPlan> plan_export(const ExportOptions& options) {
  const ViewRow* view = find_view(options.format);
  if (view == nullptr || !view->listed) {
    return usage("unknown --format '" + options.format + "'; use one of " + listed_views());
  }
  return plan_view(options, *view);
}

Result<ExportPlan> plan_export(const ExportOptions& options, std::string_view name) {
  const ViewRow* view = find_view(name);
  if (view == nullptr) throw std::logic_error("plan_export: no view named " + std::string(name));
  return plan_view(options, *view);
}

namespace {

// Where the stores' analysis is kept: --analysis DIR, else one store's own folder; several
// stores without --analysis keep none.
std::optional<std::filesystem::path> kept_root(const OpenedStores& stores) {
  if (stores.analysis_dir) return stores.analysis_dir;
  if (stores.folder) return analysis_root(*stores.folder);
  return {};
}

// The analysis is kept for the stores' current results, whole or one job's, without a locale
// filter or --since (docs/store.md "The kept analysis"); other selections make their own pass.
std::optional<KeptPlace> kept_place(const OpenedStores& stores, const ExportRequest& request) {
  const auto root = kept_root(stores);
  if (!root || stores.at || !request.hl.empty() || !request.gl.empty() || request.format.since) return {};
  return kept_place_of(*root, *stores.reader, request);
}

// Every view of the stores' results that clusters topics keeps the ids of the analysis kept for
// its job and resolution (docs/topics.md "A topic's identity"), whether it reads that analysis
// or computes its own pass: a topic has one id in every view.
void keep_topic_ids(const OpenedStores& stores, ExportRequest& request) {
  const auto root = kept_root(stores);
  if (!root) return;
  request.format.topics.previous =
      kept_topics_before(*root / kept_folder_name(request.job, request.format.topics.resolution), nullptr);
}

}  // namespace

Result<ExportSummary> write_export(const OpenedStores& stores, const ExportPlan& plan) {
  StoreReader& store = *stores.reader;
  const ViewRow& view = *plan.view;
  ExportRequest request = plan.request;
  if (auto resolved = resolve_points(stores, plan, request); !resolved) return resolved.error();
  request.kept = kept_place(stores, request);
  keep_topic_ids(stores, request);
  if (plan.folder) {
    // The report folder's topics carry the seeds' volumes (the partitioned folders catalog their own).
    if (view.takes(kShowsDemand)) {
      if (auto catalogued = catalog_selection(store, request); !catalogued) return catalogued.error();
    }
    return view.folder(store, request, *plan.output, plan.force);
  }
  ExportSummary summary;
  Result<void> done;
  if (view.file != nullptr) {
    done = write_path_atomically(*plan.output, plan.force, [&](const std::filesystem::path& temp) -> Result<void> {
      auto exported = view.file(store, request, temp);
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
  return summary;
}


Result<ExportSummary> analyze_selection(const OpenedStores& stores, const ExportPlan& plan, bool full) {
  ExportRequest request = plan.request;
  if (auto resolved = resolve_points(stores, plan, request); !resolved) return resolved.error();
  request.kept = kept_place(stores, request);
  if (!request.kept) {
    return make_error(errc::invalid_input,
                      "the analysis is kept for the stores' current results, whole or one job's: without --at, "
                      "--hl or --gl, and with one --store (several keep theirs in the folder --analysis DIR names)");
  }
  StoreReader& store = *stores.reader;
  if (auto catalogued = catalog_selection(store, request); !catalogued) return catalogued.error();
  ExportSummary summary;
  auto views = analysis_views(store, request, summary, {.recompute = full, .must_keep = true});
  if (!views) return views.error();
  constexpr std::string_view kRead = "read from the analysis kept in ";
  for (auto& note : summary.notes) {
    if (note.starts_with(kRead)) {
      note = "the analysis kept in " + note.substr(kRead.size()) + " is current: nothing to compute (--full computes it anew)";
    }
  }
  return summary;
}

}  // namespace paa::exporting
