#pragma once
// Internal: the writer's operations and their appliers. The writer thread (writer_thread.hpp)
// takes operations off its queue in groups; each operation's applier turns it into records in
// the group's batch, given what the store holds (read through the group's overlay: two
// operations of one group on one key see each other). One applier per operation, one file each:
//
//   apply_result.cpp       a fetched result (PutResult): the result, the replaced version, progress
//   apply_progress.cpp     a key marked done or failed (MarkDone, MarkFailed)
//   apply_quota.cpp        the quota (QuotaOnly; a request's quota and service reached)
//   apply_run_record.cpp   a run's start and end (RunMark), its budget reservation (BudgetReserve)
//   apply_expansion.cpp    a level pass's step (ExpansionWrite)
//   apply_prune.cpp        old versions removed (HistoryDrop) and which ones (paa prune)
//   apply_shard_claim.cpp  the shard a store holds (ShardMark)
//
// What each writes is the write rules' answer (write_rules.hpp); an applier reads and writes.
#include "engine.hpp"
#include "record_batch.hpp"
#include "write_rules.hpp"

#include "paa/store/expansion.hpp"
#include "paa/store/history_prune.hpp"
#include "paa/store/records.hpp"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace paa::store_detail {

// Operations the writer's callers block on; queued so that they are ordered with the writes
// (a quota saved on a 429 must not be overwritten by an older one still queued).
struct RunMark {
  std::string job;
  std::string run_id;
  std::int64_t at_ms = 0;
  bool start = true;
  std::string outcome;
  RunMoney money;
};
// Removes older versions of keys (paa prune): whole keys at a time, so each key is pruned or not.
struct HistoryDrop {
  std::vector<std::string> history_keys;
};
struct ShardMark {
  std::string job;
  std::optional<ShardClaim> shard;
};
struct QuotaOnly {
  QuotaState quota;
};
struct ExpansionWrite {
  std::string job;
  ExpansionStep step;
};
using WriterOp = std::variant<WriteRequest, RunMark, QuotaOnly, ShardMark, ExpansionWrite, HistoryDrop>;

// What an applier sees of the writer thread while it applies one operation (writer thread only).
class ApplyContext {
 public:
  ApplyContext(RocksStore& store, RecordBatch& batch, const Overlay& group, const Overlay& mine,
               std::string& run_id, const RunChanges& before)
      : run_id_for_results(run_id), so_far(before), store_(store), batch_(batch), group_(group),
        mine_(mine) {}

  RocksStore& store() const { return store_; }
  RecordBatch& batch() const { return batch_; }
  // Reads through this operation's overlay, then the group's, then the database.
  Result<std::optional<std::string>> read(rocksdb::ColumnFamilyHandle* cf, std::string_view key,
                                          std::string_view what) const;
  // Like read(), without copying the value out of RocksDB.
  Result<bool> exists(rocksdb::ColumnFamilyHandle* cf, std::string_view key, std::string_view what) const;
  Result<std::optional<ProgressEntry>> read_progress(std::string_view job, std::string_view key) const;
  // invalid_input naming the store for a job name a store cannot key (empty, or with a NUL).
  Result<void> check_job(std::string_view job) const;

  // The run results are stamped with: a run's start sets it.
  std::string& run_id_for_results;
  // What this writer stored before this operation: committed, and this group's so far.
  const RunChanges so_far;
  // Set by an operation that stores a result: what storing it did.
  std::optional<PutKind> put_kind;

 private:
  RocksStore& store_;
  RecordBatch& batch_;
  const Overlay& group_;
  const Overlay& mine_;
};

// One operation into the batch (dispatches to the appliers below).
Result<void> apply_op(WriterOp& op, ApplyContext& ctx);

// A write request: its item (result, done, failed, quota), then its quota and service reached.
Result<void> apply_request(WriteRequest& request, ApplyContext& ctx);
// The key a request's item names (nullptr: a quota update, which names none).
const std::string* request_key(const WriteRequest& request);

Result<void> apply_put(const std::string& job, PutResult& put, const SeedAttributes& attrs, ApplyContext& ctx);
Result<void> apply_mark_done(const std::string& job, const MarkDone& mark, const SeedAttributes& attrs,
                             ApplyContext& ctx);
Result<void> apply_mark_failed(const std::string& job, const MarkFailed& mark, const SeedAttributes& attrs,
                               ApplyContext& ctx);
Result<void> apply_quota(const QuotaOnly& quota, ApplyContext& ctx);
// A request's own quota and the service it reached, written with its item.
void apply_request_quota(const WriteRequest& request, ApplyContext& ctx);
Result<void> apply_run_record(const RunMark& mark, ApplyContext& ctx);
// The running run's reservation under a job-wide budget (BudgetReserve), in its run record.
Result<void> apply_budget_reserve(const std::string& job, const BudgetReserve& reserve, ApplyContext& ctx);
// The meta record a run's end reads its start from: runs/<id>, or run/<job> for a run without an
// id (a start lost, or a store from before run ids).
std::string run_record_key(const RunMark& mark);
Result<void> apply_expansion(const ExpansionWrite& write, ApplyContext& ctx);
Result<void> apply_history_drop(HistoryDrop& drop, ApplyContext& ctx);
Result<void> apply_shard_claim(const ShardMark& mark, ApplyContext& ctx);

// paa prune, one key: its older versions (`history_keys`, with their `spans`' since_ms, oldest
// first) and its current version's since_ms. Moves the history keys to drop into `dropped`,
// counts into `counts`; true when it dropped any.
bool prune_key(std::vector<std::string>& history_keys, std::vector<VersionSpan>& spans,
               std::int64_t current_since_ms, const PruneRule& rule, std::vector<std::string>& dropped,
               PruneCounts& counts);
// Walks the history family key by key and hands `drop` batches of whole keys to remove.
Result<PruneCounts> plan_prune(const RocksStore& store, const PruneRule& rule,
                               const std::function<Result<void>(HistoryDrop)>& drop);

}  // namespace paa::store_detail
