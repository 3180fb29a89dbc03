// paa export: stream the store out as JSONL, JSON, CSV, a workbook, a report (docs/exports.md).
// Parse the flags, plan (every usage check), open the stores, write, say what was written.
#include "choice.hpp"
#include "commands.hpp"
#include "store_options.hpp"

#include "paa/export/export_plan.hpp"
#include "paa/output/atomic_file.hpp"
#include "paa/selection/stores.hpp"

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace paa::cli {

namespace {

struct ExportFlags {
  std::string job_file;
  exporting::ExportOptions options;
  std::vector<std::filesystem::path> stores;
  std::string output;
  std::string at;
};

void print_export_summary(const ExportFlags& f, const OpenedStores& stores, const exporting::ExportPlan& plan,
                   const exporting::ExportSummary& summary) {
  const exporting::ViewRow& view = *plan.view;
  const auto n = [](std::uint64_t v) { return static_cast<unsigned long long>(v); };
  if (const auto overlaps = stores.overlapping_keys(); overlaps > 0) {
    std::fprintf(stderr,
                 "paa: %llu keys are stored in more than one store; each was exported once, its most recent fetch\n",
                 n(overlaps));
  }
  if (summary.missing_results > 0) {
    if (stores.at) {
      std::fprintf(stderr, "paa: %llu done keys of job '%s' were stored after --at and are not in this export\n",
                   n(summary.missing_results), plan.request.job.c_str());
    } else {
      std::fprintf(stderr, "paa: warning: %llu done keys of job '%s' have no stored result and were skipped\n",
                   n(summary.missing_results), plan.request.job.c_str());
    }
  }
  if (plan.request.partition) {
    std::fprintf(stderr, "paa: wrote %llu %s in %zu parts to %s (manifest: _SUCCESS)\n", n(summary.records),
                 std::string(view.records).c_str(), summary.parts, f.output.c_str());
    return;
  }
  for (const auto& note : summary.notes) std::fprintf(stderr, "paa: note: %s\n", note.c_str());
  for (const auto& warning : summary.warnings) std::fprintf(stderr, "paa: warning: %s\n", warning.c_str());
  if (plan.folder) {
    const std::filesystem::path dir = f.output;
    std::fprintf(stderr, "paa: wrote a report of %llu results to %s (open %s)\n", n(summary.records), f.output.c_str(),
                 ((dir.filename().empty() ? dir.parent_path() : dir) / "index.html").c_str());
    return;
  }
  if (view.file != nullptr) {
    std::fprintf(stderr, "paa: wrote %llu question rows, %llu unique questions and %llu related searches to %s\n",
                 n(summary.records), n(summary.question_rows), n(summary.related_rows), f.output.c_str());
  } else if (plan.output) {
    std::fprintf(stderr, "paa: wrote %llu %s to %s\n", n(summary.records), std::string(view.records).c_str(),
                 f.output.c_str());
  }
}

int run_export(ExportFlags& f) {
  f.options.output = output_target(f.output);
  if (auto applied = apply_job_file(f.job_file, f.stores, &f.options.job, "export"); !applied) {
    return fail(applied.error());
  }
  auto plan = exporting::plan_export(f.options);
  if (!plan) return fail(plan.error());
  auto stores = open_stores(f.stores, f.at, f.options.job);
  if (!stores) return fail(stores.error());
  if (stores->at) std::fprintf(stderr, "paa: exporting the store as it was at %s\n", stores->at->label.c_str());
  auto summary = exporting::write_export(*stores, *plan);
  if (!summary) return fail(summary.error());
  print_export_summary(f, *stores, *plan, *summary);
  return kExitOk;
}

}  // namespace

Command add_export_command(CLI::App& app) {
  auto f = std::make_shared<ExportFlags>();
  Command c;
  c.app = app.add_subcommand("export", "Write stored results as jsonl, json, csv, questions, related, topics, an xlsx workbook or an html report; each question's stability over time, who owns the answers (domains), a job's discovery tree as edges, or the failed keys");
  add_job_argument(*c.app, f->job_file, "A job file (TOML): export its store (unless --store) and only its keys "
                                         "(unless --job)");
  c.app->add_option("--store", f->stores,
                    "Store folder (default: JOB's store); repeat it to export several stores (e.g. shards) as one")
      ->allow_extra_args(false);
  std::vector<std::string> formats;
  for (const auto& view : exporting::view_rows()) {
    if (view.listed) formats.emplace_back(view.name);
  }
  c.app->add_option("--format", f->options.format, exporting::format_help())
      ->required()
      ->transform(one_of(formats));
  c.app->add_option("--job", f->options.job,
                    "Only the keys done by this job, with its lineage (edges: the job whose expansion to write; "
                    "needed when several jobs expanded; failures: only this job's failed keys)");
  add_locale_options(*c.app, f->options.hl, f->options.gl);
  c.app->add_option("--resolution", f->options.resolution,
                    "Topics (questions, topics, topics-jsonl, xlsx, html): higher = more, smaller topics; lower = "
                    "fewer, broader (default 1)");
  c.app->add_flag("--dedupe", f->options.dedupe,
                  "Drop repeated questions inside each tree (first in pre-order wins; xlsx: its Questions tree)");
  c.app->add_flag("--excel", f->options.excel,
                  "CSV for Excel (csv, questions, related, edges, failures): UTF-8 BOM and CRLF line ends");
  c.app->add_flag("--raw", f->options.raw,
                  "CSV formats: write text cells as they are; by default a cell that would start a spreadsheet "
                  "formula (=, +, -, @, tab) gets a leading ' (docs/exports.md \"Formulas\")");
  c.app->add_option("-o,--output,--out", f->output,
                    "Write to FILE atomically (temp file + rename) instead of standard output (`-`; required for "
                    "xlsx); with --partition-by, the folder to write; html to DIR/ (an empty or new folder, or "
                    "a report folder with --force): the report folder, for any size");
  c.app->add_option("--partition-by", f->options.partition_by,
                    "jsonl/csv as a Hive-style folder, one subfolder per value: hl, gl or hl,gl");
  c.app->add_option("--part-size", f->options.part_size,
                    "With --partition-by: start a new part file past this size (default 256MB)");
  c.app->add_flag("--force", f->options.force, "Replace an existing -o file (or report folder, swapped in whole)");
  c.app->add_option("--at", f->at,
                    "The store as it was at RUN (a run id, see `paa status`) or DATE (YYYY-MM-DD: the end of that "
                    "UTC day; or RFC 3339): the results current then");
  c.app->add_option("--from", f->options.from,
                    "stability: compare the versions from RUN or DATE (the one current then and every later one; "
                    "default: the first)");
  c.app->add_option("--to", f->options.to, "stability: up to RUN or DATE (default now)");
  c.app->add_option("--since", f->options.since,
                    "topics, topics-jsonl: each topic's questions new and gone since RUN or DATE");
  c.app->add_option("--domain", f->options.domains,
                    "Your domain (repeatable): questions, stability, domains, xlsx and html mark the answers it "
                    "holds (yours, lost, competitor)");
  c.run = [f] { return run_export(*f); };
  return c;
}

}  // namespace paa::cli
