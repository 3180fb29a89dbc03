// paa analyze: the selection's analysis computed and kept, so that every view after it reads it
// (docs/store.md "The kept analysis"): app::run_export's third command.
#include "commands.hpp"
#include "store_options.hpp"

#include "paa/app/export_command.hpp"

#include <memory>

namespace paa::cli {

Command add_analyze_command(CLI::App& app) {
  auto f = std::make_shared<app::ExportRequest>();
  Command c;
  c.app = app.add_subcommand("analyze", "Compute the store's analysis (questions, variant groups, topics) and keep it, "
                                        "so that the views after it read it in seconds");
  add_job_argument(*c.app, f->job_file, "A job file (TOML): its store (unless --store) and only its keys "
                                         "(unless --job)");
  c.app->add_option("--store", f->stores,
                    "Store folder (default: JOB's store); repeat it for several as one (e.g. shards, with --analysis)")
      ->allow_extra_args(false);
  add_analysis_dir_option(*c.app, f->analysis);
  c.app->add_option("--job", f->options.job, "Only the keys done by this job");
  add_resolution_option(*c.app, f->options.resolution);
  add_read_progress_option(*c.app, f->progress);
  c.app->add_flag("--full", f->full, "Compute it anew even when the kept one is current");
  c.run = [f] { return app::run_export(*f, app::ExportCommand::analyze); };
  return c;
}

}  // namespace paa::cli
