#pragma once
// The result store: RocksDB keyed by the encoded QueryKey. See docs/store.md "Layout".
//
// One writer per store (an exclusive lock file naming the owner's pid); any number of
// readers, which work while a writer runs (RocksDB secondary instance, caught up on open
// and on catch_up()).
#include "paa/error.hpp"
#include "paa/model/query_key.hpp"
#include "paa/store/expansion.hpp"
#include "paa/store/history_prune.hpp"
#include "paa/store/ports.hpp"
#include "paa/store/records.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace paa {

struct StoreOptions {
  bool sync = false;                // fsync the WAL on every commit (--sync)
  std::size_t queue_capacity = 1024;  // bounded writer queue
};

// The writer. Writes run on a dedicated thread fed by a bounded queue and are group-committed;
// completion callbacks run on that thread (post them back to your executor). It is every port of
// ports.hpp: a consumer takes the one it needs.
class StoreWriter : public FeedLookup, public ResultSink, public RunRecords, public ExpansionRecords {
 public:
  // Creates the store if missing. Fails with a clear message if another process holds it
  // ("store 'x.db' is in use by another paa process (pid 1234)") or if it was written by a
  // newer format version.
  static Result<std::unique_ptr<StoreWriter>> open(const std::filesystem::path& dir,
                                                   const StoreOptions& options = {});
  ~StoreWriter() override = default;

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
  // One job's progress entry for a key (its attributes, for the exports); nullopt: none.
  virtual Result<std::optional<ProgressEntry>> progress(std::string_view job, std::string_view key) = 0;

  // History (docs/history.md). The version of `key` current at `at_ms` (the latest whose
  // unchanged_since_ms <= at_ms), as_seen_at then; nullopt: the key had no result then. Given the current
  // result (from get or scan_results), it is used when it is old enough, without a read.
  // The defaults know only the current version (a union of shard stores).
  virtual Result<std::optional<StoredResult>> get_at(std::string_view key, std::int64_t at_ms,
                                                     const StoredResult* current = nullptr);
  // scan_results as the store was at `at_ms`: each key's version current then (get_at), keys
  // without one then left out. The default asks get_at per key; a store's own reader walks
  // its history beside its results with one cursor.
  virtual Result<void> scan_results_at(std::string_view prefix, std::int64_t at_ms,
                                       const std::function<bool(const StoredResult&)>& visit);
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
  // Removed with the analysis pass (#30): the question index of a store of format 4 or older,
  // until a writer drops it; a store of format 5 has none (nothing is visited).
  virtual Result<void> scan_questions(const std::function<bool(const QuestionEntry&)>& visit) = 0;
  // Removed with the analysis pass (#30): whether scan_questions has an index to read; without
  // one, a reader recounts the questions from the results (OpenedStores::index_matches).
  virtual bool has_question_index() const { return false; }

  // The shard of `job` this store holds (nullopt: the whole job, or a union of stores).
  virtual Result<std::optional<ShardClaim>> shard_of(std::string_view) { return std::optional<ShardClaim>(); }
  // A job's expansion (none by default: a job that does not expand, or a store without it).
  virtual Result<ExpansionState> expansion_state(std::string_view) { return ExpansionState{}; }
  virtual Result<std::optional<Lineage>> lineage(std::string_view, std::string_view) {
    return std::optional<Lineage>();
  }
  virtual Result<void> scan_level(std::string_view, std::uint32_t,
                                  const std::function<bool(const LevelKey&)>&) {
    return {};
  }
  // A job key's seed record (ExpansionRecords::seed_round); none by default.
  virtual Result<std::optional<std::uint32_t>> seed_round(std::string_view, std::string_view) {
    return std::optional<std::uint32_t>();
  }
};

}  // namespace paa
