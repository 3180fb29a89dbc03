#include "paa/app/export_command.hpp"

#include "paa/app/read_progress.hpp"

#include "paa/app/command_failure.hpp"
#include "paa/app/store_selection.hpp"
#include "paa/output/atomic_file.hpp"

#include <cstdio>

namespace paa::app {

std::vector<std::string> export_format_names() {
  std::vector<std::string> formats;
  for (const auto& view : exporting::view_rows()) {
    if (view.listed) formats.emplace_back(view.name);
  }
  return formats;
}

std::string export_format_help() { return exporting::format_help(); }

std::string export_formats_taking(std::uint32_t view_flag) {
  return "[formats: " + exporting::views_taking(view_flag, ", ") + "]";
}

void print_notes(std::FILE* err, const exporting::ExportSummary& summary) {
  for (const auto& note : summary.notes) std::fprintf(err, "paa: note: %s\n", note.c_str());
  for (const auto& warning : summary.warnings) std::fprintf(err, "paa: warning: %s\n", warning.c_str());
}

void print_export_summary(std::FILE* err, const std::string& output, const OpenedStores& stores,
                          const exporting::ExportPlan& plan, const exporting::ExportSummary& summary) {
  const exporting::ViewRow& view = *plan.view;
  const auto n = [](std::uint64_t v) { return static_cast<unsigned long long>(v); };
  if (const auto overlaps = stores.overlapping_keys(); overlaps > 0) {
    std::fprintf(err,
                 "paa: %llu keys are stored in more than one store; each was exported once, its most recent fetch\n",
                 n(overlaps));
  }
  if (summary.missing_results > 0) {
    if (stores.at) {
      std::fprintf(err, "paa: %llu done keys of job '%s' were stored after --at and are not in this export\n",
                   n(summary.missing_results), plan.request.job.c_str());
    } else {
      std::fprintf(err, "paa: warning: %llu done keys of job '%s' have no stored result and were skipped\n",
                   n(summary.missing_results), plan.request.job.c_str());
    }
  }
  if (plan.request.partition) {
    std::fprintf(err, "paa: wrote %llu %s in %zu parts to %s (manifest: _SUCCESS)\n", n(summary.records),
                 std::string(view.records).c_str(), summary.parts, output.c_str());
    return;
  }
  print_notes(err, summary);
  if (plan.folder) {
    const std::filesystem::path dir = output;
    std::fprintf(err, "paa: wrote a report of %llu results to %s (open %s)\n", n(summary.records), output.c_str(),
                 ((dir.filename().empty() ? dir.parent_path() : dir) / "index.html").c_str());
    return;
  }
  if (view.file != nullptr) {
    std::fprintf(err, "paa: wrote %llu question rows, %llu unique questions and %llu related searches to %s\n",
                 n(summary.records), n(summary.question_rows), n(summary.related_rows), output.c_str());
  } else if (plan.output) {
    std::fprintf(err, "paa: wrote %llu %s to %s\n", n(summary.records), std::string(view.records).c_str(),
                 output.c_str());
  }
}

int run_export(ExportRequest request, ExportCommand command) {
  const bool topics = command == ExportCommand::topics_summary;
  const bool analyze = command == ExportCommand::analyze;
  exporting::ExportOptions& options = request.options;
  if (topics || analyze) {
    options.format = "topics";
  } else {
    options.output = output_target(request.output);
  }
  const char* name = topics ? "topics" : (analyze ? "analyze" : "export");
  if (auto applied = apply_job_file(request.job_file, request.stores, &options.job, name); !applied) {
    return fail(applied.error());
  }
  // `paa topics` is the topics view with its terminal summary instead of its records.
  auto plan = topics ? exporting::plan_export(options, "topics-summary") : exporting::plan_export(options);
  if (!plan) return fail(plan.error());
  auto stores = open_stores(request.stores, request.at, options.job);
  if (!stores) return fail(stores.error());
  if (!request.analysis.empty()) {
    // One store's analysis is tagged with its sequence number alone, which another store may
    // share: only a union's state names its stores (StoreUnion::state).
    if (stores->shards == nullptr) {
      return fail(make_error(errc::invalid_input,
                             "--analysis DIR is for several --store read as one (a job's shards); one store keeps its "
                             "analysis in its own folder (" + (request.stores.front() / "analysis").string() +
                             "): leave out --analysis"));
    }
    stores->analysis_dir = request.analysis;
  }
  // An export to a terminal's standard output streams as it goes: no bar between its lines
  // unless asked for (`paa topics` ends its bar before its summary).
  ReadProgressDisplay progress(output_progress_mode(request.progress, !topics && !analyze && !options.output));
  plan->request.format.progress = &progress;
  if (analyze) {
    auto made = exporting::analyze_selection(*stores, *plan, request.full);
    progress.finish(made.has_value());  // the bar ends before anything else is printed
    if (!made) return fail(made.error());
    for (const auto& note : made->notes) std::fprintf(stderr, "paa: %s\n", note.c_str());
    return kExitOk;
  }
  if (stores->at) {
    std::fprintf(stderr, topics ? "paa: the store as it was at %s\n" : "paa: exporting the store as it was at %s\n",
                 stores->at->label.c_str());
  }
  auto summary = exporting::write_export(*stores, *plan);
  progress.finish(summary.has_value());
  if (!summary) return fail(summary.error());
  if (!topics) {
    print_export_summary(stderr, request.output, *stores, *plan, *summary);
  } else {
    print_notes(stderr, *summary);
  }
  return kExitOk;
}

}  // namespace paa::app
