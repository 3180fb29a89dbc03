// paa barrier: the step between two levels of a sharded job's expansion
// (docs/scaling-out.md "Expansion across shards"); the body is app::run_barrier.
#include "commands.hpp"

#include "paa/app/barrier_command.hpp"

#include <memory>

namespace paa::cli {

Command add_barrier_command(CLI::App& app) {
  auto flags = std::make_shared<app::BarrierFlags>();
  Command c;
  c.app = app.add_subcommand("barrier",
                             "Make the next level of a sharded job's expansion from its shards' stores, once every "
                             "shard has finished the level before");
  c.app->add_option("JOB", flags->job, "The job file (TOML), with [expand]")->required();
  c.app->add_option("--shards", flags->shards, "How many shards run the job (paa run --shard I/N)")
      ->required()
      ->check(CLI::Range(1, 100000));
  c.app->add_option("--level", flags->level, "The level to make (1 to the job's depth)")->required();
  c.app->add_option("--store", flags->store,
                    "The job's store, whose shards' stores are STORE-shard-I-of-N (default: the job's)");
  c.app->add_option("--plan", flags->plan, "The plan's store (default: STORE-plan-of-N beside the shards' stores)");
  c.run = [flags] { return app::run_barrier(*flags); };
  return c;
}

}  // namespace paa::cli
