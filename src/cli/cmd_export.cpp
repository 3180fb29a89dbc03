// paa export: stream the store out as JSONL, JSON, CSV, a workbook, a report (docs/exports.md).
// Its flags bound to app::run_export (plan, open the stores, write, say what was written).
#include "choice.hpp"
#include "commands.hpp"
#include "store_options.hpp"

#include "paa/app/export_command.hpp"

#include <memory>

namespace paa::cli {

Command add_export_command(CLI::App& app) {
  auto f = std::make_shared<app::ExportRequest>();
  Command c;
  c.app = app.add_subcommand("export", "Write stored results as jsonl, json, csv, questions, related, topics, an xlsx workbook or an html report; each question's stability over time, who owns the answers (domains), a job's discovery tree as edges, or the failed keys");
  add_job_argument(*c.app, f->job_file, "A job file (TOML): export its store (unless --store) and only its keys "
                                         "(unless --job)");
  c.app->add_option("--store", f->stores,
                    "Store folder (default: JOB's store); repeat it to export several stores (e.g. shards) as one")
      ->allow_extra_args(false);
  add_analysis_dir_option(*c.app, f->analysis);
  c.app->add_option("--format", f->options.format, app::export_format_help())
      ->required()
      ->transform(one_of(app::export_format_names()));
  c.app->add_option("--job", f->options.job,
                    "Only the keys done by this job, with its lineage (edges: the job whose expansion to write; "
                    "needed when several jobs expanded; failures: only this job's failed keys)");
  add_locale_options(*c.app, f->options.hl, f->options.gl);
  c.app->add_option("--resolution", f->options.resolution,
                    "Topics: higher = more, smaller topics; lower = fewer, broader (default 1) " +
                        app::export_formats_taking(exporting::kTakesResolution));
  c.app->add_flag("--dedupe", f->options.dedupe,
                  "Drop repeated questions inside each tree (first in pre-order wins; xlsx: its Questions tree) " +
                      app::export_formats_taking(exporting::kTakesDedupe));
  c.app->add_flag("--excel", f->options.excel,
                  "CSV for Excel: UTF-8 BOM and CRLF line ends " + app::export_formats_taking(exporting::kTakesCsvText));
  c.app->add_flag("--raw", f->options.raw,
                  "Write CSV text cells as they are; by default a cell that would start a spreadsheet formula (=, +, "
                  "-, @, tab) gets a leading ' (docs/exports.md \"Formulas\") " +
                      app::export_formats_taking(exporting::kTakesCsvText));
  c.app->add_option("-o,--output,--out", f->output,
                    "Write to FILE atomically (temp file + rename) instead of standard output (`-`; required for "
                    "xlsx); with --partition-by, the folder to write; html to DIR/ (an empty or new folder, or "
                    "a report folder with --force): the report folder, for any size");
  c.app->add_option("--partition-by", f->options.partition_by,
                    "A Hive-style folder, one subfolder per value: hl, gl or hl,gl " +
                        app::export_formats_taking(exporting::kTakesPartition));
  c.app->add_option("--part-size", f->options.part_size,
                    "With --partition-by: start a new part file past this size (default 256MB) " +
                        app::export_formats_taking(exporting::kTakesPartition));
  c.app->add_flag("--force", f->options.force, "Replace an existing -o file (or report folder, swapped in whole)");
  c.app->add_option("--at", f->at,
                    "The store as it was at RUN (a run id, see `paa status`) or DATE (YYYY-MM-DD: the end of that "
                    "UTC day; or RFC 3339): the results current then " +
                        app::export_formats_taking(exporting::kTakesAt));
  c.app->add_option("--from", f->options.from,
                    "Compare the versions from RUN or DATE (the one current then and every later one; default: the "
                    "first) " + app::export_formats_taking(exporting::kTakesWindow));
  c.app->add_option("--to", f->options.to,
                    "Compare the versions up to RUN or DATE (default now) " +
                        app::export_formats_taking(exporting::kTakesWindow));
  c.app->add_option("--since", f->options.since,
                    "Each topic's questions new and gone since RUN or DATE " +
                        app::export_formats_taking(exporting::kTakesSince));
  c.app->add_option("--domain", f->options.domains,
                    "Your domain (repeatable): the answers it holds are marked (yours, lost, competitor) " +
                        app::export_formats_taking(exporting::kTakesDomain));
  c.app->add_option("--title", f->options.title,
                    "Your title on the deliverable: the report's header, the workbook's About sheet " +
                        app::export_formats_taking(exporting::kTakesBranding));
  c.app->add_option("--logo", f->options.logo,
                    "Your logo (a PNG or SVG file, at most 256 KiB) embedded beside the title " +
                        app::export_formats_taking(exporting::kTakesBranding))
      ->type_name("FILE");
  add_read_progress_option(*c.app, f->progress);
  c.run = [f] { return app::run_export(*f, app::ExportCommand::export_view); };
  return c;
}

}  // namespace paa::cli
