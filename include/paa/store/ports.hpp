#pragma once
// The writer's store as each of its consumers sees it: one narrow port per consumer, so that a
// consumer depends on what it asks and its tests fake only that (as the level pass has
// ExpansionStore, paa/expand/level_pass.hpp). StoreWriter (store.hpp) implements them all.
//
//   FeedLookup        the feeder's skip decision (FeedFilter)
//   ResultSink        what a harvest writes: results, progress, quota (the harvester's workers)
//   RunRecords        a run's records: its start and end, the quota, the shard (paa run)
//   ExpansionRecords  an expanding job's levels (the level passes and the level feeder)
#include "paa/error.hpp"
#include "paa/model/lineage.hpp"
#include "paa/model/quota_state.hpp"
#include "paa/store/expansion.hpp"
#include "paa/store/read_ports.hpp"
#include "paa/store/records.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace paa {

// Synchronous point lookups of the writer's own instance (cheap, with bloom filters).
class FeedLookup {
 public:
  virtual ~FeedLookup() = default;
  virtual Result<bool> has_result(std::string_view key) = 0;
  virtual Result<std::optional<ProgressEntry>> progress(std::string_view job, std::string_view key) = 0;
  // When the key's current result was fetched; nullopt: not stored (refresh_after).
  virtual Result<std::optional<std::int64_t>> fetched_at(std::string_view key) = 0;
};

class ResultSink {
 public:
  virtual ~ResultSink() = default;
  // Enqueues a write. Returns false (and does not call `done`) when the queue is full, or
  // after close(): callers bound their own in-flight writes so that this never happens in
  // practice. Job names must be non-empty and contain no NUL (else `done` gets an error).
  // `done` is called exactly once, on the writer thread, after the batch is durable
  // (in the WAL; fsynced too with options.sync) or with the error that stopped it.
  // `request` is moved from only when accepted: a refused one can be submitted again as it is.
  virtual bool submit(WriteRequest&& request, std::function<void(Result<void>)> done) = 0;
  // The quota state as last persisted (read once when a harvest starts).
  virtual Result<QuotaState> quota() = 0;
  // Whether a run stored an answer from the service at `service` (a base URL as displayed;
  // WriteRequest::reached_service), or the store, from before such records, holds any result.
  virtual Result<bool> service_reached(std::string_view service) = 0;
};

class RunRecords {
 public:
  virtual ~RunRecords() = default;
  // These go through the writer queue (ordered after everything submitted before them) and
  // block the caller until committed: call them from a thread that may wait on the disk.
  // record_run_start names the run (RunInfo::run_id) and returns the name; results stored
  // after it carry it.
  virtual Result<std::string> record_run_start(std::string_view job, std::int64_t now_ms) = 0;
  virtual Result<void> record_run_end(std::string_view job, std::int64_t now_ms,
                                      std::string_view outcome, const RunMoney& money) = 0;
  // Persists the quota state alone and waits for the commit: not for the network thread
  // (submit a QuotaUpdate there).
  virtual Result<void> save_quota(const QuotaState& quota) = 0;
  // Records which shard of `job` this store holds (nullopt: the whole job), or checks it against
  // what an earlier run recorded: a store is never resumed with another shard setting
  // (errc::invalid_input naming what was recorded).
  virtual Result<void> claim_shard(std::string_view job, const std::optional<ShardClaim>& shard) = 0;
  // Counts of what stored results did to the store since it was opened (committed writes).
  virtual RunChanges run_changes() const = 0;
  // The runs recorded so far, oldest first (what a job's budget has counted: job_allowance.hpp).
  virtual Result<std::vector<RunInfo>> recorded_runs() = 0;
};

// Expansion (docs/running.md "Expansion"): the reads the exports make too (ExpansionView,
// read_ports.hpp), of the writer's own instance on the caller's thread, plus a parent's answer,
// and the one write, which goes through the queue and blocks like record_run_start: the keys a
// step of a level pass admitted (lineage and level order) and the job's state after it, all or
// nothing.
class ExpansionRecords : public ExpansionView {
 public:
  // A stored result (a parent's answer).
  virtual Result<std::optional<StoredResult>> result(std::string_view key) = 0;
  virtual Result<void> write_expansion(std::string_view job, ExpansionStep step) = 0;
};

}  // namespace paa
