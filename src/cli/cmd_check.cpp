// paa check JOB: its flags bound to the application layer's check report (src/app) and its
// text. Nothing is written; any error exits 2.
#include "commands.hpp"

#include "paa/app/check_report.hpp"
#include "paa/job/job_file.hpp"

#include <cstdio>
#include <memory>
#include <string>

namespace paa::cli {

Command add_check_command(CLI::App& app) {
  auto job_path = std::make_shared<std::string>();
  auto shards = std::make_shared<std::uint32_t>(0);
  Command c;
  c.app = app.add_subcommand("check", "Validate a job file and count its queries, requests and unique keys");
  c.app->add_option("JOB", *job_path, "The job file (TOML)")->required();
  c.app->add_option("--shards", *shards, "Also count the unique keys of each of N shards (paa run --shard I/N)")
      ->check(CLI::Range(1, 100000));
  c.run = [job_path, shards] {
    auto spec = load_job(*job_path);
    if (!spec) return fail(spec.error());
    auto report = app::build_check_report(std::move(*spec), *shards);
    if (!report) return fail(report.error());
    app::render_check_text(stdout, *report);
    if (report->refusal) return fail(*report->refusal);
    return finish_stdout();
  };
  return c;
}

}  // namespace paa::cli
