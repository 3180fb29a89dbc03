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
#include "paa/store/read_ports.hpp"
#include "paa/store/records.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace paa {

// Whether a store has been made at `dir` (RocksDB's CURRENT is there): a shard that never ran,
// or a plan no barrier has written yet, has none.
bool store_exists(const std::filesystem::path& dir);

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

// A read-only view that works while a writer holds the store: every read port of read_ports.hpp
// (a consumer takes the one it needs), plus catching up and the quota. The defaults here are for
// a reader that knows only current results (a union of shard stores, a test's fake): history is
// the current version alone, no runs, no shard, no expansion, no question index.
class StoreReader : public ResultScan, public HistoryReader, public JobProgress, public ExpansionView {
 public:
  static Result<std::unique_ptr<StoreReader>> open(const std::filesystem::path& dir);
  ~StoreReader() override = default;

  virtual Result<void> catch_up() = 0;  // see the writer's latest durable writes
  virtual Result<QuotaState> quota() = 0;
  // The state this reader shows, as a number that every write to the store raises (RocksDB's
  // sequence number; a union of stores: a number any write to any of them changes): what the
  // kept analysis is tagged with. nullopt: a reader without one (a point in time, a test's
  // fake), whose analysis is never kept.
  virtual std::optional<std::uint64_t> state() const { return std::nullopt; }
  // About how many keys have a result (RocksDB's estimate, no read): what a scan's progress
  // counts towards. nullopt: not known.
  virtual std::optional<std::uint64_t> results_estimate() const { return std::nullopt; }

  bool has_question_index() const override { return false; }
  // The default asks get; a store's own reader reads its history.
  Result<std::optional<StoredResult>> get_at(std::string_view key, std::int64_t at_ms,
                                             const StoredResult* current = nullptr) override;
  // The default asks get_at per key; a store's own reader walks its history beside its results
  // with one cursor.
  Result<void> scan_results_at(std::string_view prefix, std::int64_t at_ms,
                               const std::function<bool(const StoredResult&)>& visit) override;
  Result<std::vector<StoredResult>> versions(std::string_view key) override;
  Result<std::vector<RunInfo>> runs() override { return std::vector<RunInfo>(); }
  Result<std::optional<ShardClaim>> shard_of(std::string_view) override { return std::optional<ShardClaim>(); }
  Result<ExpansionState> expansion_state(std::string_view) override { return ExpansionState{}; }
  Result<std::optional<Lineage>> lineage(std::string_view, std::string_view) override {
    return std::optional<Lineage>();
  }
  Result<void> scan_level(std::string_view, std::uint32_t, const std::function<bool(const LevelKey&)>&) override {
    return {};
  }
  Result<std::optional<std::uint32_t>> seed_round(std::string_view, std::string_view) override {
    return std::optional<std::uint32_t>();
  }
};

}  // namespace paa
