// paa check JOB: its flags bound to the application layer's check report (src/app) and its
// text. Nothing is written; any error exits 2.
#include "commands.hpp"

#include "paa/app/report_commands.hpp"

#include <cstdint>
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
  c.run = [job_path, shards] { return app::run_check(*job_path, *shards); };
  return c;
}

}  // namespace paa::cli
