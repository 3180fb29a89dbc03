// paa export: stream the store out as JSONL, JSON or CSV (see docs/exports.md).
#include "commands.hpp"

#include "paa/export/export_command.hpp"

#include <cstdio>
#include <memory>
#include <string>

namespace paa::cli {

Command add_export_command(CLI::App& app) {
  auto options = std::make_shared<exporting::ExportCommandOptions>();
  auto output = std::make_shared<std::string>();
  Command c;
  c.app = app.add_subcommand("export", "Write stored results as jsonl, json, csv, questions, related, an xlsx workbook or an html report, or a job's discovery tree as edges");
  c.app->add_option("--store", options->stores,
                    "Store folder (the one `paa run` writes to); repeat it to export several "
                    "stores (e.g. shards) as one")
      ->required()
      ->take_all();
  c.app->add_option("--format", options->format,
                    "jsonl | json | csv | questions | related | xlsx | html | edges (an expansion's discovery "
                    "tree: one CSV row per discovered key and the parent that admitted it)")
      ->required()
      ->check(CLI::IsMember({"jsonl", "json", "csv", "questions", "related", "xlsx", "html", "edges"}));
  c.app->add_option("--job", options->job,
                    "Only the keys done by this job, with its lineage (edges: the job whose expansion to write; "
                    "needed when several jobs expanded)");
  c.app->add_option("--hl", options->hl, "Only this language (e.g. en)");
  c.app->add_option("--gl", options->gl, "Only this country (e.g. us)");
  c.app->add_flag("--dedupe", options->dedupe,
                  "Drop repeated questions inside each tree (first in pre-order wins; xlsx: its Questions tree)");
  c.app->add_flag("--excel", options->excel, "CSV for Excel (csv, questions, related, edges): UTF-8 BOM and CRLF line ends");
  c.app->add_option("-o,--output,--out", *output,
                    "Write to FILE atomically (temp file + rename) instead of standard output (required for "
                    "xlsx); with --partition-by, the folder to write");
  c.app->add_option("--partition-by", options->partition_by,
                    "jsonl/csv as a Hive-style folder, one subfolder per value: hl, gl or hl,gl");
  c.app->add_option("--part-size", options->part_size,
                    "With --partition-by: start a new part file past this size (default 256MB)");
  c.app->add_flag("--force", options->force, "Replace an existing -o file");
  c.app->add_option("--at", options->at,
                    "The store as it was at RUN (a run id, see `paa status`) or DATE (YYYY-MM-DD: the end of that "
                    "UTC day; or RFC 3339): the results current then");
  c.run = [options, output] {
    if (!output->empty()) options->output = *output;
    return exporting::run_export_command(*options, stderr);
  };
  return c;
}

}  // namespace paa::cli
