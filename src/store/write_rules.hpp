#pragma once
// Internal: the store's write rules (docs/store.md "Progress rules", docs/history.md "What is
// kept"): what a write does to a key's records given what the store holds. Pure: the records
// read go in, the records to write come out; the writer's appliers (writer_apply.hpp) read and
// write them through the engine, in one batch. No RocksDB, no bytes.
#include "paa/error.hpp"
#include "paa/model/envelope.hpp"
#include "paa/store/records.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace paa::store_detail {

// A stored answer's tree, parsed without a fetch's size limits (it parsed when it was stored,
// perhaps under a larger --max-body-mib); nullopt when it no longer parses (an older paa's body).
std::optional<Envelope> stored_tree(const StoredResult& stored);

// Where a stored result went: a key new to the store, or a refresh whose answer changed or not.
enum class PutKind { new_key, changed, unchanged };

// What storing a fetched result does (PutResult).
struct PutPlan {
  PutKind kind = PutKind::new_key;
  // The replaced version goes to history, under this time or the next free millisecond after
  // it (free_history_slot): a refresh with another answer.
  std::optional<std::int64_t> history_since;
  ProgressEntry progress;  // the (job, key) entry: done
};

// `put.result` becomes the record to store: stamped with `run_id`; for a refresh that returned
// the same answer, the first fetch's time, run and `cached` kept (one version with both times);
// the first-seen spelling of `old` (the key's current record, nullopt: none) kept either way.
// The progress entry records `attrs`, the key's attributes in the job's list.
PutPlan plan_put(PutResult& put, std::optional<StoredResult> old, std::string_view run_id, std::int64_t now_ms,
                 const SeedAttributes& attrs = {});

// Marking a key done that an earlier run or job stored (MarkDone): the entry to write, or
// nullopt to keep the one stored (a done entry stays as it is, it may record a search this job
// paid for, but for its attributes, which become `attrs`). Refused (errc::store) when no result
// is stored for the key.
Result<std::optional<ProgressEntry>> plan_mark_done(bool result_stored, const std::optional<ProgressEntry>& existing,
                                                    std::int64_t now_ms, const SeedAttributes& attrs = {});

// A key that failed for good (MarkFailed): the entry to write (with `attrs`), or nullopt when the
// key is done for the job (a stored result is never demoted to failed).
std::optional<ProgressEntry> plan_mark_failed(const MarkFailed& mark, const std::optional<ProgressEntry>& existing,
                                              std::int64_t now_ms, const SeedAttributes& attrs = {});

// A run's records: at its start, and at its end over what its start recorded (`recorded`;
// default when none is: a start lost to a crash).
RunInfo run_started(std::string job, std::string run_id, std::int64_t at_ms);
RunInfo run_ended(RunInfo recorded, std::int64_t at_ms, std::string outcome, const RunMoney& money,
                  const RunChanges& changes);

// A run's name: its start, UTC, to the second; "-2", "-3" when that name is taken (`taken(id)`
// -> Result<bool>).
std::string run_name(std::int64_t at_ms, int n);
template <class Taken>
Result<std::string> free_run_name(std::int64_t at_ms, Taken&& taken) {
  for (int n = 1;; ++n) {
    std::string id = run_name(at_ms, n);
    Result<bool> t = taken(id);
    if (!t) return t.error();
    if (!*t) return id;
  }
}

// A version going to history: under `since`, or the next free millisecond after it when a kept
// version is there already (a clock that stepped back, two fetches in one millisecond): never
// over a kept version. `taken(ms)` -> Result<bool>.
template <class Taken>
Result<std::int64_t> free_history_slot(std::int64_t since, Taken&& taken) {
  for (;; ++since) {
    Result<bool> t = taken(since);
    if (!t) return t.error();
    if (!*t) return since;
  }
}

// Claiming a shard of a job (RunRecords::claim_shard): `recorded` is the job's shard record
// (nullopt: none), `ran_before` whether the store holds a run of the job. Returns the claim to
// record (nullopt: nothing to write), or refuses (errc::invalid_input, "holds ... of job ...";
// the caller names the store in front) a store resumed with another shard setting: a store
// that ran the job without a record held the whole job.
Result<std::optional<ShardClaim>> plan_shard_claim(const std::optional<ShardClaim>& recorded, bool ran_before,
                                                   std::string_view job, const std::optional<ShardClaim>& claim);

}  // namespace paa::store_detail
