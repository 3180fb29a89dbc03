#pragma once
// Internal: the rules of `paa merge` (docs/scaling-out.md "paa merge"): what the merged store
// holds of a key and of the runs, given what the target and each source hold. Pure: records in,
// records to write out; store_merge.cpp reads and writes them through the engine.
#include "paa/error.hpp"
#include "paa/store/expansion.hpp"
#include "paa/store/records.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace paa::store_detail {

// The fetch that wins when a key is stored in several stores: the most recent (on a tie, the
// first store's: `candidate` is the later store's).
inline bool newer_fetch(const StoredResult& candidate, const StoredResult& best) {
  return candidate.fetched_at_ms > best.fetched_at_ms;
}

// The progress entry that wins: done over failed, then the latest update.
inline bool better_progress(const ProgressEntry& candidate, const ProgressEntry& best) {
  if (candidate.state != best.state) return candidate.state == ProgressState::done;
  return candidate.updated_at_ms > best.updated_at_ms;
}

// A key's versions in one store: its history, each under the slot (history key time) it is
// stored at, oldest first, and its current result.
struct HeldVersions {
  std::vector<std::pair<std::int64_t, StoredResult>> history;
  std::optional<StoredResult> current;
};

// What a merge writes for one key: nothing when the target holds it all already.
struct KeyMerge {
  std::optional<StoredResult> current;  // the new current result (nullopt: the target's stays)
  std::vector<std::pair<std::int64_t, StoredResult>> history;  // versions to write, under their slots
  bool empty() const { return !current && history.empty(); }
};

// One key of a merged store. Every version any store holds is kept once (a version: a fetch
// time, its first fetch's time, `cached` and the body; so a rerun adds nothing): the newest
// fetch is current (the first source's on a tie, as StoreUnion), every other one is in
// history, the target's under the slot it has, the others under their first fetch's time
// (the next free millisecond when taken); the target's current, when a newer one replaces it,
// goes to history too. Every version carries the spelling of the key's earliest fetch (first
// seen by time; the target's, then the first source's on a tie).
KeyMerge plan_key_merge(const HeldVersions& target, std::span<const HeldVersions> sources);

// The runs of a merged store: every run record of every source. Records of one run id (the
// shards of one run, started in the same second) become one (combine_runs). Refused
// (errc::invalid_input) when one id names runs of different jobs, in two sources or in a
// source and the target (`target`: its runs; `names[i]`: how source i is named).
Result<std::vector<RunInfo>> plan_run_merge(const std::vector<RunInfo>& target,
                                            const std::vector<std::vector<RunInfo>>& sources,
                                            const std::vector<std::string>& names, const std::string& target_name);

// Records of one run (or each shard's last run of a job) as one: started at the earliest start;
// ended at the latest end, or still running when one has not ended; the outcome they agree on,
// else theirs joined by "+" ("completed+quota"); money and changes added up; the run id (and
// job) they share, else none.
RunInfo combine_runs(std::span<const RunInfo> runs);

// A job's expansion state in several stores, each with the store's shard claim of the job: the
// shards' levels added up (levels built: the most any shard has; keys per level: the sum) when
// each is a distinct shard of the job (an expanding job run a level at a time over shards,
// docs/scaling-out.md); else the first store's alone. Empty states are left out by the caller.
struct ClaimedExpansion {
  ExpansionState state;
  std::optional<ShardClaim> claim;
};
ExpansionState combine_expansion_states(std::span<const ClaimedExpansion> states);

}  // namespace paa::store_detail
