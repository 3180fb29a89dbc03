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
  std::uint64_t results = 0;    // keys written into the target (their current result or versions)
  std::uint64_t unchanged = 0;  // keys the target already held as they are (a rerun)
  std::uint64_t overlaps = 0;   // keys stored in more than one source (the newest fetch is current)
  std::uint64_t versions = 0;   // older versions written into the target's history
  std::uint64_t runs = 0;       // run records (meta runs/<id>) written
  std::uint64_t progress = 0;   // (job, key) progress entries written
  std::vector<std::string> jobs;
};

// Writes everything `sources` hold into `into`, created if missing: every version of every key
// (the newest fetch current, the others in history, each with the spelling of the key's earliest
// fetch), every run record (the records of one run id, the shards of one run, as one) and each
// job's last run (the sources' last runs as one), and every job's progress (a done entry beats a
// failed one) (docs/scaling-out.md "paa merge"). Refuses (errc::invalid_input, before writing anything) a run id that names runs
// of different jobs. Streams in bounded batches (never a store in memory); each batch holds whole
// keys (all of a key's versions), so a merge that is killed leaves a
// consistent store, and running it again completes it: what the target holds already is not
// written again, a newer answer the target holds stays current. Holds the target's writer lock;
// the sources are read like `paa export` reads (works while they are being written, and sees
// them as they were when the merge opened them). `on_progress(results_so_far)` is called every
// 10,000 results.
Result<MergeSummary> merge_stores(const std::filesystem::path& into,
                                  const std::vector<std::filesystem::path>& sources,
                                  const std::function<void(std::uint64_t)>& on_progress = {});

}  // namespace paa
