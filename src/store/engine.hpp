#pragma once
// Internal: the engine, the RocksDB instance behind a store: opening it (primary for the writer,
// secondary for readers) with each family's options, RocksDB's errors as the store's, and the
// reads and cursors every side shares. Bytes come and go through the codec (codec.hpp); the
// writer's batches are record_batch.hpp's.
#include "key_layout.hpp"
#include "reader_folder.hpp"
#include "writer_lock.hpp"

#include "paa/store/expansion.hpp"
#include "paa/store/records.hpp"

#include <rocksdb/db.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace paa::store_detail {

// "store 'x.db': <what> failed: <status>; <what to do>".
Error rocks_error(const std::filesystem::path& dir, std::string_view what,
                  const rocksdb::Status& status);

// A job's statistics: its progress entries, as `scan_progress(job, visit)` walks them, counted
// (JobStats::count), and its last run (as read: `last_run`).
template <class ScanProgress>
Result<JobStats> count_job(std::string_view job, ScanProgress&& scan_progress, Result<RunInfo> last_run) {
  if (!last_run) return last_run.error();
  JobStats stats;
  stats.job = std::string(job);
  stats.last_run = std::move(*last_run);
  auto scanned = scan_progress(job, [&](std::string_view, const ProgressEntry& p) {
    stats.count(p);
    return true;
  });
  if (!scanned) return scanned.error();
  return stats;
}

// An open RocksDB instance with the store's column families.
class RocksStore {
 public:
  enum class Mode { primary, secondary };
  // primary: creates the store if missing and holds the writer lock until close().
  // secondary: needs an existing store. Both refuse folders that are not stores (another
  // program's files or RocksDB database) and stores of a newer format.
  static Result<std::unique_ptr<RocksStore>> open(const std::filesystem::path& dir, Mode mode);
  ~RocksStore();
  RocksStore(const RocksStore&) = delete;
  RocksStore& operator=(const RocksStore&) = delete;

  Result<void> close();  // flushes (primary); idempotent

  rocksdb::DB* db() const { return db_; }
  const std::filesystem::path& dir() const { return dir_; }
  rocksdb::ColumnFamilyHandle* results = nullptr;
  // Since format 5 an empty placeholder, never written; in a reader of a store of format 4 or
  // older, the old question index (nullptr: an upgrade cut short between its drop and creation).
  rocksdb::ColumnFamilyHandle* questions = nullptr;
  rocksdb::ColumnFamilyHandle* progress = nullptr;
  rocksdb::ColumnFamilyHandle* meta = nullptr;
  // nullptr in a reader of a store no writer of this version has opened yet: no expansion.
  rocksdb::ColumnFamilyHandle* expansion = nullptr;
  // nullptr in a reader of a store from before format 3 not opened by a writer since: no history.
  rocksdb::ColumnFamilyHandle* history = nullptr;

  // Point lookup; nullopt when absent.
  // fill_cache false: a read that will not be repeated leaves the block cache to what is.
  Result<std::optional<std::string>> get(rocksdb::ColumnFamilyHandle* cf, std::string_view key,
                                         std::string_view what, bool fill_cache = true) const;
  Result<bool> exists(rocksdb::ColumnFamilyHandle* cf, std::string_view key,
                      std::string_view what) const;

  // Shared typed reads.
  Result<std::optional<StoredResult>> get_result(std::string_view key, bool fill_cache = true) const;
  Result<std::optional<std::int64_t>> get_fetched_at(std::string_view key) const;
  Result<std::optional<ProgressEntry>> get_progress(std::string_view job,
                                                    std::string_view key) const;
  Result<QuotaState> get_quota() const;
  // Whether a run stored an answer from `service` (ResultSink::service_reached).
  Result<bool> get_service_reached(std::string_view service) const;
  Result<RunInfo> get_run(std::string_view job) const;
  Result<std::optional<RunInfo>> get_named_run(std::string_view run_id) const;
  Result<std::vector<RunInfo>> get_runs() const;  // oldest first

  // History (docs/history.md): see StoreReader::get_at and versions.
  Result<std::optional<StoredResult>> get_at(std::string_view key, std::int64_t at_ms,
                                             const StoredResult* current) const;
  Result<std::vector<StoredResult>> get_versions(std::string_view key) const;
  // The same through `history_it`, an iterator over the history family the caller keeps from one
  // key to the next (NewIterator per key costs more than the versions: case 9).
  Result<std::vector<StoredResult>> get_versions(std::string_view key, rocksdb::Iterator* history_it) const;
  // A history iterator for get_versions (nullptr when the store has no history family).
  std::unique_ptr<rocksdb::Iterator> new_history_iterator() const;
  // The key's older versions, each with the slot (history key time) it is stored under, oldest first.
  Result<std::vector<std::pair<std::int64_t, StoredResult>>> get_history(std::string_view key) const;

  Result<ExpansionState> get_expansion_state(std::string_view job) const;
  Result<std::optional<ShardClaim>> get_shard(std::string_view job) const;
  Result<std::optional<Lineage>> get_lineage(std::string_view job, std::string_view key) const;
  Result<std::optional<std::uint32_t>> get_seed_round(std::string_view job, std::string_view key) const;
  Result<void> scan_level(std::string_view job, std::uint32_t level,
                          const std::function<bool(const LevelKey&)>& visit) const;

  Result<void> scan_results(std::string_view prefix,
                            const std::function<bool(const StoredResult&)>& visit) const;
  Result<void> scan_results_at(std::string_view prefix, std::int64_t at_ms,
                               const std::function<bool(const StoredResult&)>& visit) const;
  Result<void> scan_progress(
      std::string_view job,
      const std::function<bool(std::string_view, const ProgressEntry&)>& visit) const;
  // Removed with the analysis pass (#30): the old question index of a store of format 4 or
  // older, read as it is (a writer drops it); nothing in a store of format 5.
  Result<void> scan_questions(const std::function<bool(const QuestionEntry&)>& visit) const;
  // Whether scan_questions has an old index to read (removed with the analysis pass, #30).
  bool has_question_index() const { return question_index_; }
  // Reads the stored format version again (a reader, after catching up with a writer that may
  // have upgraded the store since).
  Result<void> re_read_format_version() { return check_format_version(); }
  Result<JobStats> job_stats(std::string_view job) const;
  Result<std::vector<std::string>> job_names() const;

  Error damaged(std::string_view family, std::string_view key) const;

  // A record as read (`raw`: its bytes, or none) decoded by `decode` (bytes -> optional record):
  // nullopt when there is none, damaged(family, key) when its bytes do not decode.
  template <class Decode>
  auto decoded(Result<std::optional<std::string>> raw, std::string_view family, std::string_view key,
               Decode&& decode) const -> Result<decltype(decode(std::string_view()))> {
    using Record = decltype(decode(std::string_view()));
    if (!raw) return raw.error();
    if (!*raw) return Record();
    auto record = decode(std::string_view(**raw));
    if (!record) return damaged(family, key);
    return record;
  }

  // A pull-style scan over [prefix, successor(prefix)) of one family: the visitor scans above
  // walk one, and a union of stores merges several key by key.
  class Cursor {
   public:
    // Starts at `from` (inclusive) when given, else at the first key of the prefix. Reads ahead
    // `readahead` bytes per file it reads (0: RocksDB's own, growing from 8 to 256 KiB).
    static constexpr std::size_t kExportReadahead = 2u << 20;
    Cursor(const RocksStore& store, rocksdb::ColumnFamilyHandle* cf, std::string_view prefix,
           std::string_view from = {}, std::size_t readahead = kExportReadahead);
    Cursor(const Cursor&) = delete;  // the read options point into the cursor
    Cursor& operator=(const Cursor&) = delete;
    bool valid() const { return it_->Valid(); }
    std::string_view key() const { return {it_->key().data(), it_->key().size()}; }
    std::string_view value() const { return {it_->value().data(), it_->value().size()}; }
    void next() { it_->Next(); }
    rocksdb::Status status() const { return it_->status(); }

   private:
    std::string upper_;
    rocksdb::Slice upper_slice_;
    rocksdb::ReadOptions options_;
    std::unique_ptr<rocksdb::Iterator> it_;
  };

 private:
  RocksStore(std::filesystem::path dir, Mode mode) : dir_(std::move(dir)), mode_(mode) {}
  // open()'s steps once the folder is checked and the options made.
  Result<void> open_families(const rocksdb::DBOptions& dbo,
                             const std::vector<rocksdb::ColumnFamilyDescriptor>& descriptors);
  void name_handles(const std::vector<std::string>& names);  // `names`: the descriptors' order
  Result<void> check_format_version();  // and upgrades the store (primary)
  // After an upgrade that dropped a family (reopen_): closes the store and opens it again.
  Result<void> reopen_upgraded(const rocksdb::DBOptions& dbo,
                               const std::vector<rocksdb::ColumnFamilyDescriptor>& descriptors,
                               const std::vector<std::string>& names);
  // The version of `key` in `history` current at `at_ms`, through `it` (a history iterator).
  Result<std::optional<StoredResult>> history_at(rocksdb::Iterator& it, std::string_view key, std::int64_t at_ms) const;
  Result<void> drop_question_index();    // drops the old index, creates the empty family
  bool family_empty(rocksdb::ColumnFamilyHandle* cf) const;

  std::filesystem::path dir_;
  Mode mode_;
  std::optional<ReaderFolder> reader_folder_;  // a secondary instance's private folder
  rocksdb::DB* db_ = nullptr;
  std::vector<rocksdb::ColumnFamilyHandle*> handles_;
  std::shared_ptr<rocksdb::Cache> block_cache_;
  std::optional<WriterLock> lock_;  // primary only
  bool question_index_ = false;
  bool reopen_ = false;  // the upgrade dropped a family (engine_open.cpp)
};

}  // namespace paa::store_detail
