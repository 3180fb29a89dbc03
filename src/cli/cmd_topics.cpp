// paa topics: the selection's topics, largest first, for a terminal (docs/topics.md). The same
// analysis as `paa export --format topics`, printed as a summary: app::run_export.
#include "commands.hpp"
#include "store_options.hpp"

#include "paa/app/export_command.hpp"

#include <memory>

namespace paa::cli {

Command add_topics_command(CLI::App& app) {
  auto f = std::make_shared<app::ExportRequest>();
  Command c;
  c.app = app.add_subcommand("topics", "Summarise the stored questions as topics: sizes, labels, top questions, "
                                       "question types, the biggest hubs");
  add_job_argument(*c.app, f->job_file, "A job file (TOML): its store (unless --store) and only its keys "
                                         "(unless --job)");
  c.app->add_option("--store", f->stores, "Store folder (default: JOB's store); repeat it to read several as one")
      ->allow_extra_args(false);
  add_analysis_dir_option(*c.app, f->analysis);
  c.app->add_option("--job", f->options.job, "Only the keys done by this job");
  add_locale_options(*c.app, f->options.hl, f->options.gl);
  add_resolution_option(*c.app, f->options.resolution);
  add_read_progress_option(*c.app, f->progress);
  c.app->add_option("--at", f->at,
                    "The store as it was at RUN (a run id, see `paa status`) or DATE (YYYY-MM-DD: the end of that "
                    "UTC day; or RFC 3339)");
  c.app->add_option("--since", f->options.since,
                    "Count each topic's questions new and gone since RUN or DATE (keys stored then and now)");
  c.run = [f] { return app::run_export(*f, app::ExportCommand::topics_summary); };
  return c;
}

}  // namespace paa::cli
