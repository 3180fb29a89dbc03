// paa merge: one store from several (shard stores), docs/scaling-out.md; the body is app::run_merge.
#include "commands.hpp"

#include "paa/app/store_commands.hpp"

#include <memory>
#include <string>
#include <vector>

namespace paa::cli {

namespace {

struct MergeFlags {
  std::string into;
  std::vector<std::string> sources;
};

}  // namespace

Command add_merge_command(CLI::App& app) {
  auto flags = std::make_shared<MergeFlags>();
  Command c;
  c.app = app.add_subcommand("merge", "Build one store from several (e.g. the stores of a job's shards)");
  c.app->add_option("--into", flags->into, "The store to build (created if missing; a rerun completes it)")
      ->required();
  c.app->add_option("stores", flags->sources, "The stores to read (read-only; they may be in use)")
      ->required();
  c.run = [flags] { return app::run_merge(flags->into, flags->sources); };
  return c;
}

}  // namespace paa::cli
