// paa status [JOB] [--store DIR] [--json] [--failed]: its flags bound to the application layer's
// status report (src/app/status_report.cpp) and its renderings, or the failed keys' listing.
#include "commands.hpp"

#include "paa/app/failed_keys.hpp"
#include "paa/app/status_render.hpp"
#include "paa/app/status_report.hpp"
#include "paa/exit_code.hpp"
#include "paa/job/job_file.hpp"

#include <cstdio>
#include <memory>
#include <string>

namespace paa::cli {
namespace {

struct StatusOptions {
  std::string job;
  std::string store;
  bool json = false;
  bool failed = false;
};

}  // namespace

Command add_status_command(CLI::App& app) {
  auto opts = std::make_shared<StatusOptions>();
  Command c;
  c.app = app.add_subcommand("status", "Show each job's progress and the last known quota");
  c.app->add_option("JOB", opts->job,
                    "The job file (TOML); without it, --store is required and every job is listed");
  c.app->add_option("--store", opts->store, "The store folder (default: the job's store)");
  c.app->add_flag("--json", opts->json,
                  "Print one JSON object instead of text (with --failed: one JSON object per key, JSON Lines)");
  c.app->add_flag("--failed", opts->failed,
                  "List each failed key (attempts, last status, message) and, with the job file, each pending key, "
                  "in key order");
  c.run = [opts] {
    app::StatusRequest request;
    request.store = opts->store;
    request.stability = opts->json;
    if (!opts->job.empty()) {
      auto loaded = load_job(opts->job);
      if (!loaded) return fail(loaded.error());
      request.spec = std::move(*loaded);
      if (request.store.empty()) request.store = request.spec->store.string();
    } else if (request.store.empty()) {
      return fail(make_error(errc::invalid_input,
          "status needs a job file or --store DIR (e.g. `paa status jobs/coffee.toml`)"));
    }
    if (opts->failed) {
      auto written = app::write_failed_keys(request.spec, opts->job, request.store, opts->json);
      return written ? kExitOk : fail(written.error());
    }
    auto report = app::build_status_report(request);
    if (!report) return fail(report.error());
    if (opts->json) {
      std::printf("%s\n", app::render_status_json(*report).c_str());
    } else {
      app::render_status_text(stdout, *report, opts->job);
    }
    return finish_stdout();
  };
  return c;
}

}  // namespace paa::cli
