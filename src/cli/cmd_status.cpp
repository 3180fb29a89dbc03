// paa status [JOB] [--store DIR]... [--shards N] [--json] [--failed]: its flags bound to the application layer's
// status report (src/app/status_report.cpp) and its renderings, or the failed keys' listing:
// app::run_status.
#include "commands.hpp"

#include "paa/app/report_commands.hpp"

#include <memory>

namespace paa::cli {

Command add_status_command(CLI::App& app) {
  auto opts = std::make_shared<app::StatusFlags>();
  Command c;
  c.app = app.add_subcommand("status", "Show each job's progress and the last known quota");
  c.app->add_option("JOB", opts->job,
                    "The job file (TOML); without it, --store is required and every job is listed");
  c.app->add_option("--store", opts->stores,
                    "The store folder (default: the job's store); repeated, several stores read as one (a job's "
                    "shard stores)");
  c.app->add_option("--shards", opts->shards,
                    "The job runs over N shards: read its N shard stores as one, and say which step of an "
                    "expansion over shards runs next")
      ->check(CLI::Range(1, 100000));
  c.app->add_flag("--json", opts->json,
                  "Print one JSON object instead of text (with --failed: one JSON object per key, JSON Lines)");
  c.app->add_flag("--failed", opts->failed,
                  "List each failed key (attempts, last status, message) and, with the job file, each pending key, "
                  "in key order");
  c.run = [opts] { return app::run_status(*opts); };
  return c;
}

}  // namespace paa::cli
