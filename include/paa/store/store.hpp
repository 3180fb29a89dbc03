#pragma once
// The result store: RocksDB keyed by the encoded QueryKey. See docs/store.md "Layout".
//
// One writer per store (an exclusive lock file naming the owner's pid); any number of
// readers, which work while a writer runs (RocksDB secondary instance, caught up on open
// and on catch_up()).
#include "paa/error.hpp"
#include "paa/model/envelope.hpp"
#include "paa/store/expansion.hpp"
#include "paa/store/history_prune.hpp"
#include "paa/model/quota_state.hpp"
#include "paa/model/query_key.hpp"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace paa {

// 2: question-index merge operands. 3: result history (the `history` family, result values
// with run id and "unchanged since"). Older stores are upgraded when a writer opens them.
inline constexpr std::uint32_t kStoreFormatVersion = 3;

// A stored result: exactly what the service sent, plus how and when.
struct StoredResult {
  std::string key;   // encode_key(query.key)
  std::string q;     // first-seen spelling
  std::string hl;
  std::string gl;
  std::string city;  // "" = none
  std::string body;  // the 200 body as received (after Content-Encoding is undone)
  std::int64_t fetched_at_ms = 0;  // the latest fetch of this answer
  bool cached = false;
  QuotaFields quota;
  // The fetch that first returned this answer: refreshes that returned the same answer
  // (volatile fields aside, docs/history.md) keep one version with both times. Set by the
  // writer (0 in a PutResult).
  std::int64_t unchanged_since_ms = 0;
  std::string run_id;  // the run of the latest fetch; "" before format 3. Set by the writer.
  // The first fetch of the stretch (when unchanged_since_ms < fetched_at_ms): its run and
  // `cached`, so that the store as it was in between shows that fetch (StoreReader::get_at).
  std::string first_run_id;
  bool first_cached = false;
};

// `version` as a reader at `at_ms` saw it: before the latest fetch of an unchanged stretch,
// its first fetch (time, run, cached). Intermediate refreshes of a stretch are not kept.
StoredResult as_seen_at(StoredResult version, std::int64_t at_ms);

// What a writer's refreshes did since it opened (the run's "keys changed").
struct RunChanges {
  std::uint64_t new_keys = 0;   // results stored for keys the store did not have
  std::uint64_t changed = 0;    // refreshes whose answer differed: the old one went to history
  std::uint64_t unchanged = 0;  // refreshes that returned the same answer
};

enum class ProgressState : std::uint8_t { done = 1, failed = 2 };

// Per (job, key): what happened. A done entry whose result came from an earlier job or run
// (skipped, nothing spent) has spent_search = false.
struct ProgressEntry {
  ProgressState state = ProgressState::done;
  std::uint32_t attempts = 0;
  int last_status = 0;       // HTTP status of the last attempt; 0 = no response (network)
  std::string error;         // short, for failed entries
  bool spent_search = false; // this job paid for it (a non-cached 200 it fetched)
  bool cached = false;
  std::int64_t updated_at_ms = 0;
};

// One entry of the deduplicated question index (key: fold_text(question)).
struct QuestionEntry {
  std::string normalized;  // fold_text(question)
  std::string question;    // display text, first seen
  std::optional<std::string> answer;
  std::string url;
  std::string title;
  std::uint64_t count = 0;   // number of stored trees containing it (once per tree)
  std::string first_key;     // encoded key of the first tree it was seen in
};

// The shard of a job a store holds (docs/scaling-out.md).
struct ShardClaim {
  std::uint32_t index = 0;
  std::uint32_t count = 1;
  std::uint32_t hash_version = 1;
  friend bool operator==(const ShardClaim&, const ShardClaim&) = default;
};

// Where a run's searches went (docs/running.md "Money"), recorded when it ends.
struct RunMoney {
  std::uint64_t requests = 0;           // requests sent
  std::uint64_t stored = 0;             // results stored
  std::uint64_t charged = 0;            // stored answers that were charged (not cached)
  std::uint64_t unknown = 0;            // sent, no usable answer: counted as spent
  std::uint64_t unknown_disproved = 0;  // of those: proved free by the service's figures
  std::optional<std::int64_t> balance_fall;  // the service's balance fell by at most this
};

struct RunInfo {
  std::string run_id;  // "20261123-173601" (UTC start; "-2", "-3" when one started that second)
  std::string job;
  std::int64_t started_at_ms = 0;
  std::int64_t ended_at_ms = 0;   // 0 = still running or killed
  std::string outcome;            // "completed", "interrupted", "quota", ... ; "" while running
  std::optional<RunMoney> money;  // set when the run ended
  RunChanges changes;             // set when the run ended
};

struct JobStats {
  std::string job;
  std::uint64_t done = 0;
  std::uint64_t failed = 0;
  std::uint64_t cached = 0;          // done entries answered from the service's cache
  std::uint64_t searches_spent = 0;  // done entries with spent_search
  RunInfo last_run;
};

// --- writes -------------------------------------------------------------------------------

// A fetched result: stores it, marks (job, key) done and updates the question index,
// all in one WriteBatch.
struct PutResult {
  StoredResult result;
  Envelope envelope;  // the parsed body, for the question index
  bool spent_search = false;
  std::uint32_t attempts = 1;
};
// A key already stored by an earlier run or job: marks (job, key) done, spends nothing.
// Fails if no result is stored for the key; keeps an existing done entry as it is.
struct MarkDone {
  std::string key;
};
// A key that failed for good in this run: marks (job, key) failed (a later run retries it).
// A key already done for the job stays done.
struct MarkFailed {
  std::string key;
  std::uint32_t attempts = 0;
  int last_status = 0;
  std::string error;
};

// Nothing for a key: persists the request's `quota` alone (e.g. after a 429), ordered with
// the other writes and without blocking the caller.
struct QuotaUpdate {};

struct WriteRequest {
  std::string job;
  std::variant<PutResult, MarkDone, MarkFailed, QuotaUpdate> item;
  std::optional<QuotaState> quota;  // persisted in the same batch when set
};

struct StoreOptions {
  bool sync = false;                // fsync the WAL on every commit (--sync)
  std::size_t queue_capacity = 1024;  // bounded writer queue
};

// The writer. Writes run on a dedicated thread fed by a bounded queue and are group-committed;
// completion callbacks run on that thread (post them back to your executor).
class StoreWriter {
 public:
  // Creates the store if missing. Fails with a clear message if another process holds it
  // ("store 'x.db' is in use by another paa process (pid 1234)") or if it was written by a
  // newer format version.
  static Result<std::unique_ptr<StoreWriter>> open(const std::filesystem::path& dir,
                                                   const StoreOptions& options = {});
  virtual ~StoreWriter() = default;

  // Enqueues a write. Returns false (and does not call `done`) when the queue is full, or
  // after close(): callers bound their own in-flight writes so that this never happens in
  // practice. Job names must be non-empty and contain no NUL (else `done` gets an error).
  // `done` is called exactly once, on the writer thread, after the batch is durable
  // (in the WAL; fsynced too with options.sync) or with the error that stopped it.
  // `request` is moved from only when accepted: a refused one can be submitted again as it is.
  virtual bool submit(WriteRequest&& request, std::function<void(Result<void>)> done) = 0;

  // Synchronous reads of the writer's own instance (cheap point lookups with bloom filters).
  virtual Result<bool> has_result(std::string_view key) = 0;
  virtual Result<std::optional<ProgressEntry>> progress(std::string_view job,
                                                        std::string_view key) = 0;
  virtual Result<QuotaState> quota() = 0;
  // When the key's current result was fetched; nullopt: not stored (refresh_after).
  virtual Result<std::optional<std::int64_t>> fetched_at(std::string_view key) = 0;

  // These three go through the writer queue (ordered after everything submitted before them)
  // and block the caller until committed: call them from a thread that may wait on the disk.
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
  // (errc::invalid_input naming what was recorded). Blocks like record_run_start.
  virtual Result<void> claim_shard(std::string_view job, const std::optional<ShardClaim>& shard) = 0;

  // A stored result, read on the caller's thread (the level passes of an expansion).
  virtual Result<std::optional<StoredResult>> result(std::string_view key) = 0;

  // Expansion (docs/running.md "Expansion"): reads of the writer's own instance, and the one
  // write, which goes through the queue and blocks like record_run_start: the keys a step of a
  // level pass admitted (lineage and level order) and the job's state after it, all or nothing.
  virtual Result<ExpansionState> expansion_state(std::string_view job) = 0;
  virtual Result<std::optional<Lineage>> lineage(std::string_view job, std::string_view key) = 0;
  // Level `level`'s keys (level >= 1) in discovery order; streams.
  virtual Result<void> scan_level(std::string_view job, std::uint32_t level,
                                  const std::function<bool(const LevelKey&)>& visit) = 0;
  virtual Result<void> write_expansion(std::string_view job, ExpansionStep step) = 0;

  // Counts of what stored results did to the store since it was opened (committed writes).
  virtual RunChanges run_changes() const = 0;

  // Result history (docs/history.md): removes the versions `drop` chooses, key by key, each
  // key's removal one atomic write (a crash leaves every key either pruned or untouched).
  // Never the current version. Blocks like record_run_start.
  virtual Result<PruneCounts> prune_history(const PruneRule& rule) = 0;

  // Drains the queue, flushes, closes. Idempotent; also done by the destructor.
  virtual Result<void> close() = 0;
};

// A read-only view that works while a writer holds the store.
class StoreReader {
 public:
  static Result<std::unique_ptr<StoreReader>> open(const std::filesystem::path& dir);
  virtual ~StoreReader() = default;

  virtual Result<void> catch_up() = 0;  // see the writer's latest durable writes

  virtual Result<std::optional<StoredResult>> get(std::string_view key) = 0;
  virtual Result<QuotaState> quota() = 0;

  // History (docs/history.md). The version of `key` current at `at_ms` (the latest whose
  // unchanged_since_ms <= at_ms), as_seen_at then; nullopt: the key had no result then. Given the current
  // result (from get or scan_results), it is used when it is old enough, without a read.
  // The defaults know only the current version (a union of shard stores).
  virtual Result<std::optional<StoredResult>> get_at(std::string_view key, std::int64_t at_ms,
                                                     const StoredResult* current = nullptr);
  // Every version of `key`, oldest first, the current one last (empty: no result).
  virtual Result<std::vector<StoredResult>> versions(std::string_view key);
  // Every named run, oldest first (stores from before run ids have none).
  virtual Result<std::vector<RunInfo>> runs() { return std::vector<RunInfo>(); }
  virtual Result<std::vector<std::string>> job_names() = 0;  // sorted; no progress scan
  virtual Result<std::vector<JobStats>> jobs() = 0;
  virtual Result<JobStats> job_stats(std::string_view job) = 0;

  // Visitors return false to stop early. Iteration is in key order and streams (bounded memory).
  // `prefix`: encode_locale_prefix(hl, gl) or "" for all.
  virtual Result<void> scan_results(std::string_view prefix,
                                    const std::function<bool(const StoredResult&)>& visit) = 0;
  virtual Result<void> scan_progress(
      std::string_view job,
      const std::function<bool(std::string_view key, const ProgressEntry&)>& visit) = 0;
  virtual Result<void> scan_questions(const std::function<bool(const QuestionEntry&)>& visit) = 0;

  // A job's expansion (none by default: a job that does not expand, or a store without it).
  virtual Result<ExpansionState> expansion_state(std::string_view) { return ExpansionState{}; }
  virtual Result<std::optional<Lineage>> lineage(std::string_view, std::string_view) {
    return std::optional<Lineage>();
  }
  virtual Result<void> scan_level(std::string_view, std::uint32_t,
                                  const std::function<bool(const LevelKey&)>&) {
    return {};
  }
};

}  // namespace paa
