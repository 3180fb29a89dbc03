#pragma once
// `paa merge`: one store built from several (the shard stores of a job), docs/scaling-out.md.
#include "paa/error.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace paa {

struct MergeSummary {
  std::uint64_t results = 0;    // results written into the target
  std::uint64_t unchanged = 0;  // results the target already held as they are (a rerun)
  std::uint64_t overlaps = 0;   // keys stored in more than one source (the newest fetch won)
  std::uint64_t progress = 0;   // (job, key) progress entries written
  std::vector<std::string> jobs;
};

// Writes the union of `sources` (StoreUnion: a key once, its most recent fetch) into `into`,
// created if missing, and recounts its question index from the trees it receives. Streams in
// bounded batches (never a store in memory). Every batch is atomic (results with their question
// counts), so a merge that is killed leaves a consistent store, and running it again completes
// it: a result the target already holds is left as it is, a newer one the target holds wins.
// Holds the target's writer lock; the sources are read like `paa export` reads (works while
// they are being written, and sees them as they were when the merge opened them).
// `on_progress(results_so_far)` is called every 10,000 results.
Result<MergeSummary> merge_stores(const std::filesystem::path& into,
                                  const std::vector<std::filesystem::path>& sources,
                                  const std::function<void(std::uint64_t)>& on_progress = {});

}  // namespace paa
