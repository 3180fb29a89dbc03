// paa merge: one store from several (shard stores), docs/scaling-out.md.
#include "commands.hpp"

#include "paa/store/store_merge.hpp"

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace paa::cli {

namespace {

struct MergeFlags {
  std::string into;
  std::vector<std::string> sources;
};

int run_merge(const MergeFlags& flags) {
  std::vector<std::filesystem::path> sources(flags.sources.begin(), flags.sources.end());
  auto merged = merge_stores(flags.into, sources, [](std::uint64_t results) {
    std::fprintf(stderr, "paa: merge: %llu results read\n", static_cast<unsigned long long>(results));
  });
  if (!merged) return fail(merged.error());
  std::fprintf(stderr,
               "paa: merged %zu stores into %s: %llu results written, %llu already there, "
               "%llu progress entries of %zu jobs\n",
               sources.size(), flags.into.c_str(), static_cast<unsigned long long>(merged->results),
               static_cast<unsigned long long>(merged->unchanged),
               static_cast<unsigned long long>(merged->progress), merged->jobs.size());
  if (merged->overlaps > 0) {
    std::fprintf(stderr,
                 "paa: %llu keys were stored in more than one store; the most recent fetch of each "
                 "was kept\n",
                 static_cast<unsigned long long>(merged->overlaps));
  }
  return kExitOk;
}

}  // namespace

Command add_merge_command(CLI::App& app) {
  auto flags = std::make_shared<MergeFlags>();
  Command c;
  c.app = app.add_subcommand("merge", "Build one store from several (e.g. the stores of a job's shards)");
  c.app->add_option("--into", flags->into, "The store to build (created if missing; a rerun completes it)")
      ->required();
  c.app->add_option("stores", flags->sources, "The stores to read (read-only; they may be in use)")
      ->required();
  c.run = [flags] { return run_merge(*flags); };
  return c;
}

}  // namespace paa::cli
