#include "rocks.hpp"

#include "paa/model/ascii.hpp"

#include "question_count_merge.hpp"
#include "codec.hpp"

#include <rocksdb/cache.h>
#include <rocksdb/convenience.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/table.h>
#include <rocksdb/write_buffer_manager.h>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>

namespace paa::store_detail {
namespace fs = std::filesystem;

std::string store_name(const fs::path& dir) { return "store '" + dir.string() + "'"; }

Error rocks_error(const fs::path& dir, std::string_view what, const rocksdb::Status& status) {
  std::string hint;
  if (status.IsNoSpace()) {
    hint = "the disk is full: free space on it, then rerun (everything written before this is safe)";
  } else if (status.IsCorruption()) {
    hint = "the store is damaged: move it aside and restore a backup, or start a new store";
  } else if (status.IsIOError()) {
    hint = "check that the disk is healthy and that '" + dir.string() + "' is writable";
  } else {
    hint = "this is unexpected; please report it together with the store's LOG file";
  }
  return make_error(status.IsCorruption() ? errc::store_damaged : errc::store,
                    store_name(dir) + ": " + std::string(what) + " failed: " + status.ToString() + "; " + hint);
}

// --- the writer lock -------------------------------------------------------------------------

Result<WriterLock> WriterLock::acquire(const fs::path& dir) {
  const fs::path file = dir / kLockFileName;
  // O_CLOEXEC: a child that execs must not keep the store locked.
  int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    return make_error(errc::store, store_name(dir) + ": cannot open lock file '" + file.string() +
                      "': " + std::strerror(errno) + "; check the folder's permissions");
  }
  // flock locks belong to the open file description: a second open() conflicts even in the
  // same process, and the lock goes away with the process however it dies.
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    int err = errno;
    std::string owner;
    char buf[32] = {};
    ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    ::close(fd);
    if (err != EWOULDBLOCK) {
      return make_error(errc::store, store_name(dir) + ": cannot lock '" + file.string() +
                        "': " + std::strerror(err));
    }
    if (n > 0) {
      auto text = trim_ascii(std::string_view(buf, static_cast<std::size_t>(n)));
      if (!text.empty()) owner = " (pid " + std::string(text) + ")";
    }
    return make_error(errc::store_in_use, store_name(dir) + " is in use by another paa process" + owner +
                      "; wait for it to finish or stop it");
  }
  std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd, 0) != 0 ||
      ::pwrite(fd, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
    // The pid is only informative; the lock itself is held.
  }
  return WriterLock(fd);
}

WriterLock::WriterLock(WriterLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
WriterLock& WriterLock::operator=(WriterLock&& other) noexcept {
  if (this != &other) {
    release();
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}
WriterLock::~WriterLock() { release(); }
void WriterLock::release() {
  if (fd_ >= 0) {
    ::close(fd_);  // drops the flock; the file (and its stale pid) stays, harmlessly
    fd_ = -1;
  }
}

// --- options ---------------------------------------------------------------------------------
namespace {

enum class Family { results, questions, progress, meta, expansion, history };

rocksdb::CompressionType best_compression(bool prefer_zstd) {
  auto supported = rocksdb::GetSupportedCompressions();
  auto has = [&](rocksdb::CompressionType t) {
    return std::find(supported.begin(), supported.end(), t) != supported.end();
  };
  if (prefer_zstd && has(rocksdb::kZSTD)) return rocksdb::kZSTD;
  if (has(rocksdb::kLZ4Compression)) return rocksdb::kLZ4Compression;
  if (has(rocksdb::kSnappyCompression)) return rocksdb::kSnappyCompression;
  return rocksdb::kNoCompression;
}

rocksdb::ColumnFamilyOptions family_options(Family family,
                                            const std::shared_ptr<rocksdb::Cache>& cache) {
  rocksdb::ColumnFamilyOptions o;
  rocksdb::BlockBasedTableOptions t;
  t.block_cache = cache;
  t.format_version = 5;
  // The question index is only merged into blindly and scanned, never looked up by key:
  // filters there (in SST files and memtables) would be pure cost.
  const bool point_lookups = family != Family::questions && family != Family::history;
  // Point lookups (has_result, progress) skip most SST files. History is only seeked by key
  // prefix, which a whole-key filter cannot answer.
  if (point_lookups) t.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10));
  // Index and filter blocks live in the (bounded) block cache, not beside it, so memory stays
  // flat however many SST files a million-key store has; L0's stay pinned (hot, few).
  t.cache_index_and_filter_blocks = true;
  t.cache_index_and_filter_blocks_with_high_priority = true;
  t.pin_l0_filter_and_index_blocks_in_cache = true;
  switch (family) {
    case Family::results:
      t.block_size = 16 * 1024;  // bodies are a few KB each
      // Keys are looked up in any order (discovered keys, refresh_after's fetch times): with
      // a partitioned index a lookup reads a 4 KiB partition, not a whole file's index, which
      // a million long keys' store cannot keep in the 24 MiB cache (BENCHMARKS.md case 7).
      t.index_type = rocksdb::BlockBasedTableOptions::IndexType::kTwoLevelIndexSearch;
      t.partition_filters = true;
      o.compression = best_compression(true);
      o.bottommost_compression = o.compression;
      break;
    case Family::questions:
      o.merge_operator = make_question_count_merge();
      o.compression = best_compression(false);
      // Without point lookups, larger blocks cost nothing and shrink the index. Smaller output
      // files bound what a compaction holds in memory while it builds one (its index block),
      // which at 64 MiB files grew with the store (heaptrack, BENCHMARKS.md case 4).
      t.block_size = 16 * 1024;
      o.target_file_size_base = 16u << 20;
      // ~19 new keys per result, spread over the whole key space, and nothing but scans read
      // them: tiered (universal) compaction rewrites an entry a few times, where levels rewrote
      // the whole of L1 at every L0 compaction (CPU per result at 200,000 keys 448-459 -> 310-313
      // µs; BENCHMARKS.md, round 6). A full compaction needs the index's size again on disk.
      o.compaction_style = rocksdb::kCompactionStyleUniversal;
      break;
    case Family::history:  // old bodies, read rarely: like results
      t.block_size = 16 * 1024;
      o.compression = best_compression(true);
      o.bottommost_compression = o.compression;
      break;
    case Family::progress:
    case Family::meta:
    case Family::expansion:
      o.compression = best_compression(false);
      break;
  }
  o.table_factory.reset(rocksdb::NewBlockBasedTableFactory(t));
  // Most point lookups in the memtable are for absent keys (a result not stored yet): a
  // whole-key bloom filter answers them without walking the skip list, which was the writer
  // thread's largest cost (perf, BENCHMARKS.md).
  if (point_lookups) {
    o.memtable_prefix_bloom_size_ratio = 0.05;
    o.memtable_whole_key_filtering = true;
  }
  // Small memtables: the total is capped by db_write_buffer_size (RSS target 64 MiB), and a
  // shorter skip list is faster to search and insert into.
  o.write_buffer_size = family == Family::meta ? (1u << 20) : (8u << 20);
  return o;
}

// The writer's block cache, which also holds its memtables (db_write_buffer_size of it at most).
constexpr std::size_t kWriterMemoryBudget = 24u << 20;

rocksdb::DBOptions db_options(bool primary) {
  rocksdb::DBOptions o;
  o.create_if_missing = primary;
  o.create_missing_column_families = primary;
  o.max_open_files = -1;  // required by secondary instances; harmless for the primary
  o.keep_log_file_num = 3;
  o.max_log_file_size = 4 << 20;
  o.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  o.max_background_jobs = 2;
  // Each file being written (the WAL, a flush, a compaction output) buffers this much; the
  // 1 MiB default was ~4 MiB of the writer's heap (heaptrack), for no measurable speed.
  o.writable_file_max_buffer_size = 256u << 10;
  // Every family's memtables together (RSS target: 64 MiB for a run of any size).
  o.db_write_buffer_size = 16u << 20;
  return o;
}

const std::pair<const char*, Family> kFamilies[] = {
    {kResultsFamily, Family::results},
    {kQuestionsFamily, Family::questions},
    {kProgressFamily, Family::progress},
    {kMetaFamily, Family::meta},
};

// A store whose MANIFEST does not name the meta family is either one whose creation is under
// way or was cut short (its families are named one MANIFEST record at a time, and nothing was
// stored yet) or a damaged one. Damaged, and never to be taken for a new store (a writer would
// recreate the families and orphan every result): a MANIFEST that fails RocksDB's own
// consistency check, or a folder that holds data files or an OPTIONS file naming the meta
// family, which only a completed creation leaves.
Result<void> check_not_damaged(const fs::path& dir, const rocksdb::DBOptions& options,
                               const std::vector<std::string>& names) {
  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
  for (const auto& name : names) descriptors.emplace_back(name, rocksdb::ColumnFamilyOptions());
  // A logger of its own, so that nothing (a LOG file) is written into the store's folder.
  struct Silent final : rocksdb::Logger {
    using rocksdb::Logger::Logv;
    void Logv(const char*, va_list) override {}
  };
  rocksdb::DBOptions quiet = options;
  quiet.info_log = std::make_shared<Silent>();
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* db = nullptr;
  const auto s = rocksdb::DB::OpenForReadOnly(quiet, dir.string(), descriptors, &handles, &db);
  if (db != nullptr) {
    for (auto* h : handles) db->DestroyColumnFamilyHandle(h);
    delete db;
  }
  if (s.IsCorruption()) return rocks_error(dir, "reading the store's MANIFEST", s);
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string file = entry.path().filename().string();
    bool completed = entry.path().extension() == ".sst";
    if (!completed && file.rfind("OPTIONS-", 0) == 0) {
      std::ifstream in(entry.path());
      const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      completed = text.find("[CFOptions \"" + std::string(kMetaFamily) + "\"]") != std::string::npos;
    }
    if (completed) {
      return make_error(errc::store_damaged,
                        store_name(dir) + ": its MANIFEST (" + dir.string() +
                            "/MANIFEST-*) no longer names the store's column families although the store holds "
                            "data (" + file + "); the store is damaged: move it aside and restore a backup, or "
                            "start a new store");
    }
  }
  return {};
}

bool has_current(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / "CURRENT", ec);
}

}  // namespace

// --- open / close ----------------------------------------------------------------------------

Result<std::unique_ptr<RocksStore>> RocksStore::open(const fs::path& dir, Mode mode) {
  const bool primary = mode == Mode::primary;
  std::error_code ec;
  const bool exists = fs::exists(dir, ec);
  if (exists && !fs::is_directory(dir, ec)) {
    return make_error(errc::store_unusable, store_name(dir) + ": '" + dir.string() +
                      "' is a file, not a store folder; choose another --store path");
  }
  const bool existing_store = exists && has_current(dir);
  if (!primary && !existing_store) {
    return make_error(errc::store_unusable, "no store at '" + dir.string() + "' (run `paa run JOB` first)");
  }
  const bool not_empty = exists && !fs::is_empty(dir, ec);
  // Our lock file marks a folder as ours, even a store whose creation a crash cut short. A
  // writer creates it before anything else, so it is looked at last here: a store being
  // created right now is never taken for someone else's files. Nothing is written into a
  // folder we refuse.
  const bool marked_ours = exists && fs::exists(dir / kLockFileName, ec);
  if (primary && not_empty && !existing_store && !marked_ours) {
    // Never create a database inside someone's unrelated folder.
    return make_error(errc::store_unusable, store_name(dir) + ": '" + dir.string() +
                      "' exists, is not empty and is not a paa store; "
                      "choose a new or empty folder for the store");
  }
  if (existing_store && !marked_ours) {
    // Without the lock file (deleted by hand), only all of our families tell a paa store
    // from another program's RocksDB database.
    std::vector<std::string> present;
    auto s = rocksdb::DB::ListColumnFamilies(rocksdb::DBOptions(), dir.string(), &present);
    if (!s.ok()) return rocks_error(dir, "reading the column families", s);
    for (const auto& [name, family] : kFamilies) {
      if (std::find(present.begin(), present.end(), name) == present.end()) {
        return make_error(errc::store_unusable, store_name(dir) + ": '" + dir.string() +
                          "' is a RocksDB database but not a paa store; "
                          "choose another --store path");
      }
    }
  }
  std::optional<WriterLock> lock;
  if (primary) {
    if (!exists) {
      fs::create_directories(dir, ec);
      if (ec) {
        return make_error(errc::store_unusable, store_name(dir) + ": cannot create the folder: " + ec.message() +
                          "; check the path and permissions");
      }
    }
    auto acquired = WriterLock::acquire(dir);  // before RocksDB: a second writer fails at once
    if (!acquired) return acquired.error();
    lock.emplace(std::move(*acquired));
  }

  std::unique_ptr<RocksStore> store(new RocksStore(dir, mode));
  store->lock_ = std::move(lock);
  // One shard: the default (32 shards of 512 KiB for 16 MiB) could not hold one filter block of
  // a large SST file, so every point lookup read it from the file again (41% of the writer
  // thread at 50k results, perf, BENCHMARKS.md). Contention is no concern: one writer thread.
  store->block_cache_ = rocksdb::NewLRUCache(primary ? kWriterMemoryBudget : (32u << 20), 0);
  rocksdb::DBOptions dbo = db_options(primary);
  if (primary) {
    // Memtables are charged to the block cache: one budget for both (RSS, BENCHMARKS.md case
    // 4). No allow_stall: with a cache-charged manager, RocksDB 7.8 can stall writes forever
    // (facebook/rocksdb#11010). It did so here with a 12 MiB budget: a harvest wedged with
    // every thread idle. Without it, the manager still triggers flushes at the budget.
    dbo.write_buffer_manager = std::make_shared<rocksdb::WriteBufferManager>(
        dbo.db_write_buffer_size, store->block_cache_, /*allow_stall=*/false);
  }

  std::vector<std::string> names;
  if (existing_store) {
    auto s = rocksdb::DB::ListColumnFamilies(dbo, dir.string(), &names);
    if (!s.ok()) return rocks_error(dir, "reading the column families", s);
    const bool named = std::find(names.begin(), names.end(), kMetaFamily) != names.end();
    if (!named) {
      if (auto damaged = check_not_damaged(dir, dbo, names); !damaged) return damaged.error();
    }
    if (!primary && !named) {
      return make_error(errc::store_unusable, "no store at '" + dir.string() +
                        "' yet: its creation is under way or was interrupted "
                        "(run `paa run JOB` to complete it)");
    }
  }
  // Open every family that exists (a newer paa may have added some, and RocksDB insists),
  // plus ours, so the format-version check below gives the clear message.
  for (const auto& [name, family] : kFamilies) {
    if (std::find(names.begin(), names.end(), name) == names.end()) names.emplace_back(name);
  }
  // A reader cannot create a family: it reads a store without one as having no expansion
  // (or no history).
  for (const char* added : {kExpansionFamily, kHistoryFamily}) {
    if (primary && std::find(names.begin(), names.end(), added) == names.end()) names.emplace_back(added);
  }
  if (std::find(names.begin(), names.end(), rocksdb::kDefaultColumnFamilyName) == names.end())
    names.emplace_back(rocksdb::kDefaultColumnFamilyName);
  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
  for (const auto& name : names) {
    rocksdb::ColumnFamilyOptions cfo;
    for (const auto& [known, family] : kFamilies) {
      if (name == known) cfo = family_options(family, store->block_cache_);
    }
    if (name == kExpansionFamily) cfo = family_options(Family::expansion, store->block_cache_);
    if (name == kHistoryFamily) cfo = family_options(Family::history, store->block_cache_);
    descriptors.emplace_back(name, cfo);
  }

  rocksdb::Status s;
  if (primary) {
    s = rocksdb::DB::Open(dbo, dir.string(), descriptors, &store->handles_, &store->db_);
  } else {
    // The secondary keeps its own info log in a private temporary folder.
    std::string tmpl = (fs::temp_directory_path(ec) / "paa-reader-XXXXXX").string();
    if (::mkdtemp(tmpl.data()) == nullptr) {
      return make_error(errc::store_unusable, store_name(dir) + ": cannot create a temporary folder for the reader: " +
                        std::strerror(errno) + "; check TMPDIR");
    }
    store->secondary_dir_ = tmpl;
    s = rocksdb::DB::OpenAsSecondary(dbo, dir.string(), tmpl, descriptors, &store->handles_,
                                     &store->db_);
  }
  if (!s.ok()) {
    return rocks_error(dir, primary ? "opening the store" : "opening the store for reading", s);
  }
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == kResultsFamily) store->results = store->handles_[i];
    if (names[i] == kQuestionsFamily) store->questions = store->handles_[i];
    if (names[i] == kProgressFamily) store->progress = store->handles_[i];
    if (names[i] == kMetaFamily) store->meta = store->handles_[i];
    if (names[i] == kExpansionFamily) store->expansion = store->handles_[i];
    if (names[i] == kHistoryFamily) store->history = store->handles_[i];
  }
  if (!primary) {
    // Replays the primary's WAL too: the reader sees everything written so far.
    s = store->db_->TryCatchUpWithPrimary();
    if (!s.ok()) return rocks_error(dir, "catching up with the writer", s);
  }
  if (auto r = store->check_format_version(); !r) return r.error();
  return store;
}

Result<void> RocksStore::check_format_version() {
  auto record_current = [&]() -> Result<void> {
    rocksdb::WriteOptions wo;
    wo.sync = true;
    auto s = db_->Put(wo, meta, std::string(kMetaFormatVersion),
                      std::to_string(kStoreFormatVersion));
    if (!s.ok()) return rocks_error(dir_, "recording the format version", s);
    return {};
  };
  auto stored = get(meta, kMetaFormatVersion, "reading the format version");
  if (!stored) return stored.error();
  if (!*stored) {
    if (mode_ == Mode::secondary) return {};  // a store being created right now
    return record_current();
  }
  const std::string& text = **stored;
  std::uint32_t version = 0;
  auto [end, err] = std::from_chars(text.data(), text.data() + text.size(), version);
  if (err != std::errc{} || end != text.data() + text.size()) {
    return damaged(kMetaFamily, kMetaFormatVersion);
  }
  if (version > kStoreFormatVersion) {
    return make_error(errc::store_unusable, store_name(dir_) + " was written by a newer paa (format " +
                      std::to_string(version) + "; this paa reads up to " +
                      std::to_string(kStoreFormatVersion) + "): upgrade paa");
  }
  if (version < kStoreFormatVersion && mode_ == Mode::primary) {
    // Older values are all valid in later formats (2 added question-index merge operands, 3
    // result values with history fields and the history family, created at open above), so
    // the upgrade is this one write: recording the version makes an older paa refuse the
    // store instead of misreading it. A crash before it leaves an old-format store that the
    // next writer upgrades the same way.
    return record_current();
  }
  return {};
}

Result<void> RocksStore::close() {
  if (db_ == nullptr) return {};
  Result<void> result;
  if (mode_ == Mode::primary) {
    // Not needed for durability (the WAL has everything) but makes the next open and
    // every reader's catch-up fast: they need not replay the WAL.
    rocksdb::FlushOptions fo;
    std::vector<rocksdb::ColumnFamilyHandle*> ours{results, questions, progress, meta};
    for (auto* added : {expansion, history}) {
      if (added != nullptr) ours.push_back(added);
    }
    auto s = db_->Flush(fo, ours);
    if (!s.ok()) result = rocks_error(dir_, "flushing on close", s);
  }
  for (auto* h : handles_) db_->DestroyColumnFamilyHandle(h);
  handles_.clear();
  results = questions = progress = meta = expansion = history = nullptr;
  auto s = db_->Close();
  if (!s.ok() && result) result = rocks_error(dir_, "closing", s);
  delete db_;
  db_ = nullptr;
  if (!secondary_dir_.empty()) {
    std::error_code ec;
    fs::remove_all(secondary_dir_, ec);
    secondary_dir_.clear();
  }
  lock_.reset();  // only once RocksDB has let go of the files
  return result;
}

RocksStore::~RocksStore() { (void)close(); }

Error RocksStore::damaged(std::string_view family, std::string_view key) const {
  std::string printable;
  for (char c : key.substr(0, 80)) {
    auto u = static_cast<unsigned char>(c);
    printable += (u >= 0x20 && u < 0x7f) ? c : '.';
  }
  return make_error(errc::store, store_name(dir_) + ": damaged record in '" + std::string(family) +
                    "' at key '" + printable +
                    "'; the store was modified by something other than paa or the disk is failing");
}

// --- reads -----------------------------------------------------------------------------------

Result<std::optional<std::string>> RocksStore::get(rocksdb::ColumnFamilyHandle* cf,
                                                   std::string_view key,
                                                   std::string_view what, bool fill_cache) const {
  rocksdb::PinnableSlice value;
  rocksdb::ReadOptions ro;
  ro.fill_cache = fill_cache;
  auto s = db_->Get(ro, cf, rocksdb::Slice(key.data(), key.size()), &value);
  if (s.IsNotFound()) return std::optional<std::string>();
  if (!s.ok()) return rocks_error(dir_, what, s);
  return std::optional<std::string>(value.ToString());
}

Result<bool> RocksStore::exists(rocksdb::ColumnFamilyHandle* cf, std::string_view key,
                                std::string_view what) const {
  // One Get (bloom filters answer absent keys); the pinned value is never copied out.
  rocksdb::PinnableSlice value;
  auto s = db_->Get(rocksdb::ReadOptions(), cf, rocksdb::Slice(key.data(), key.size()), &value);
  if (s.IsNotFound()) return false;
  if (!s.ok()) return rocks_error(dir_, what, s);
  return true;
}

Result<std::optional<StoredResult>> RocksStore::get_result(std::string_view key, bool fill_cache) const {
  auto raw = get(results, key, "reading a result", fill_cache);
  if (!raw) return raw.error();
  if (!*raw) return std::optional<StoredResult>();
  auto r = decode_result(key, **raw);
  if (!r) return damaged(kResultsFamily, key);
  return r;
}

Result<std::optional<std::int64_t>> RocksStore::get_fetched_at(std::string_view key) const {
  rocksdb::PinnableSlice value;  // decoded in place: the body is never copied
  auto s = db_->Get(rocksdb::ReadOptions(), results, rocksdb::Slice(key.data(), key.size()), &value);
  if (s.IsNotFound()) return std::optional<std::int64_t>();
  if (!s.ok()) return rocks_error(dir_, "reading a result", s);
  auto at = decode_result_fetched_at(std::string_view(value.data(), value.size()));
  if (!at) return damaged(kResultsFamily, key);
  return at;
}

Result<std::optional<ProgressEntry>> RocksStore::get_progress(std::string_view job,
                                                              std::string_view key) const {
  auto pk = progress_key(job, key);
  auto raw = get(progress, pk, "reading job progress");
  if (!raw) return raw.error();
  if (!*raw) return std::optional<ProgressEntry>();
  auto p = decode_progress(**raw);
  if (!p) return damaged(kProgressFamily, pk);
  return p;
}

Result<QuotaState> RocksStore::get_quota() const {
  auto raw = get(meta, kMetaQuota, "reading the quota state");
  if (!raw) return raw.error();
  if (!*raw) return QuotaState{};
  auto q = decode_quota(**raw);
  if (!q) return damaged(kMetaFamily, kMetaQuota);
  return *q;
}

Result<RunInfo> RocksStore::get_run(std::string_view job) const {
  std::string key = std::string(kMetaRunPrefix) + std::string(job);
  auto raw = get(meta, key, "reading run info");
  if (!raw) return raw.error();
  if (!*raw) return RunInfo{};
  auto r = decode_run(**raw);
  if (!r) return damaged(kMetaFamily, key);
  return *r;
}

Result<std::optional<RunInfo>> RocksStore::get_named_run(std::string_view run_id) const {
  std::string key = std::string(kMetaRunsPrefix) + std::string(run_id);
  auto raw = get(meta, key, "reading run info");
  if (!raw) return raw.error();
  if (!*raw) return std::optional<RunInfo>();
  auto r = decode_run(**raw);
  if (!r) return damaged(kMetaFamily, key);
  return std::optional<RunInfo>(std::move(*r));
}

Result<std::optional<StoredResult>> RocksStore::get_at(std::string_view key, std::int64_t at_ms,
                                                       const StoredResult* current) const {
  std::optional<StoredResult> read;
  if (current == nullptr) {
    auto r = get_result(key, /*fill_cache=*/false);
    if (!r) return r.error();
    if (!*r) return std::optional<StoredResult>();
    read = std::move(*r);
    current = &*read;
  }
  if (current->unchanged_since_ms <= at_ms) return std::optional<StoredResult>(as_seen_at(*current, at_ms));
  if (history == nullptr) return std::optional<StoredResult>();
  // The latest older version that began at or before at_ms.
  rocksdb::ReadOptions ro;
  ro.fill_cache = false;
  const std::string lower(key);
  rocksdb::Slice lower_slice(lower);
  ro.iterate_lower_bound = &lower_slice;
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(ro, history));
  it->SeekForPrev(history_key(key, at_ms));
  if (!it->Valid()) {
    if (!it->status().ok()) return rocks_error(dir_, "reading a result's history", it->status());
    return std::optional<StoredResult>();
  }
  std::string_view k(it->key().data(), it->key().size());
  if (k.size() != key.size() + 8 || k.substr(0, key.size()) != key) return std::optional<StoredResult>();
  auto r = decode_result(key, std::string_view(it->value().data(), it->value().size()));
  if (!r) return damaged(kHistoryFamily, k);
  return std::optional<StoredResult>(as_seen_at(std::move(*r), at_ms));
}

Result<std::vector<StoredResult>> RocksStore::get_versions(std::string_view key) const {
  std::vector<StoredResult> out;
  if (history != nullptr) {
    Cursor c(*this, history, key);
    for (; c.valid(); c.next()) {
      if (c.key().size() != key.size() + 8) continue;  // not possible with prefix-free keys
      auto r = decode_result(key, c.value());
      if (!r) return damaged(kHistoryFamily, c.key());
      out.push_back(std::move(*r));
    }
    if (!c.status().ok()) return rocks_error(dir_, "reading a result's history", c.status());
  }
  auto current = get_result(key, /*fill_cache=*/false);
  if (!current) return current.error();
  if (*current) out.push_back(std::move(**current));
  return out;
}

Result<ExpansionState> RocksStore::get_expansion_state(std::string_view job) const {
  if (expansion == nullptr) return ExpansionState{};
  const std::string key = expansion_state_key(job);
  auto raw = get(expansion, key, "reading the expansion state");
  if (!raw) return raw.error();
  if (!*raw) return ExpansionState{};
  auto s = decode_expansion_state(**raw);
  if (!s) return damaged(kExpansionFamily, key);
  return *s;
}

Result<std::optional<Lineage>> RocksStore::get_lineage(std::string_view job, std::string_view key) const {
  if (expansion == nullptr) return std::optional<Lineage>();
  const std::string k = lineage_key(job, key);
  auto raw = get(expansion, k, "reading a key's lineage");
  if (!raw) return raw.error();
  if (!*raw) return std::optional<Lineage>();
  auto l = decode_lineage(**raw);
  if (!l) return damaged(kExpansionFamily, k);
  return l;
}

// Readahead for sequential disk reads, and no block-cache pollution from a big export.
RocksStore::Cursor::Cursor(const RocksStore& store, rocksdb::ColumnFamilyHandle* cf,
                           std::string_view prefix, std::string_view from, std::size_t readahead)
    : upper_(prefix_successor(prefix)), upper_slice_(upper_) {
  options_.fill_cache = false;
  options_.readahead_size = readahead;
  if (!upper_.empty()) options_.iterate_upper_bound = &upper_slice_;
  it_.reset(store.db()->NewIterator(options_, cf));
  const std::string_view start = from.empty() ? prefix : from;
  it_->Seek(rocksdb::Slice(start.data(), start.size()));
}

namespace {
// How a scan walks its range. One iterator with 2 MiB readahead suits an export. A writer that
// walks a range nobody writes meanwhile for a long time (a level is fed over its whole harvest)
// wants `chunk`: an iterator pins the memtables and files it was opened on, so one kept for hours
// would hold a flushed memtable (up to 8 MiB) and its share of the write budget for as long; a
// fresh iterator every `chunk` keys releases them. And readahead 0 (RocksDB's own, at most 256
// KiB a file): the merging iterator keeps a buffer per file it reads (each L0 file and each
// level), ~8 MiB at 2 MiB held for the whole harvest of a level (mallinfo2, BENCHMARKS.md case 7).
struct ScanShape {
  std::size_t chunk = SIZE_MAX;  // keys per iterator
  std::size_t readahead = RocksStore::Cursor::kExportReadahead;
};

// A streaming scan over [prefix, successor(prefix)), visitor style.
template <class Visit>
Result<void> scan(const RocksStore& store, rocksdb::ColumnFamilyHandle* cf,
                  std::string_view prefix, std::string_view what, Visit&& visit,
                  ScanShape shape = {}) {
  std::string from;  // the first key of the next chunk ("" = the prefix's first)
  for (;;) {
    RocksStore::Cursor c(store, cf, prefix, from, shape.readahead);
    for (std::size_t n = 0; c.valid() && n < shape.chunk; c.next(), ++n) {
      auto r = visit(c.key(), c.value());
      if (!r) return r.error();
      if (!*r) return {};
    }
    if (!c.status().ok()) return rocks_error(store.dir(), what, c.status());
    if (!c.valid()) return {};
    from.assign(c.key());  // not visited yet
  }
}
}  // namespace

Result<void> RocksStore::scan_results(
    std::string_view prefix, const std::function<bool(const StoredResult&)>& visit) const {
  return scan(*this, results, prefix, "scanning results",
              [&](std::string_view k, std::string_view v) -> Result<bool> {
                auto r = decode_result(k, v);
                if (!r) return damaged(kResultsFamily, k);
                return visit(*r);
              });
}

Result<void> RocksStore::scan_progress(
    std::string_view job,
    const std::function<bool(std::string_view, const ProgressEntry&)>& visit) const {
  const std::string prefix = progress_prefix(job);
  return scan(*this, progress, prefix, "scanning job progress",
              [&](std::string_view k, std::string_view v) -> Result<bool> {
                auto p = decode_progress(v);
                if (!p) return damaged(kProgressFamily, k);
                return visit(k.substr(prefix.size()), *p);
              });
}

Result<void> RocksStore::scan_level(std::string_view job, std::uint32_t level,
                                    const std::function<bool(const LevelKey&)>& visit) const {
  if (expansion == nullptr) return {};
  // The feeder walks a level for its whole harvest (ScanShape says why); a re-seek per 1,000
  // keys costs nothing measurable.
  return scan(
      *this, expansion, level_prefix(job, level), "scanning a level of the expansion",
      [&](std::string_view k, std::string_view v) -> Result<bool> {
        auto key = decode_level_key(k, v);
        if (!key) return damaged(kExpansionFamily, k);
        return visit(*key);
      },
      ScanShape{.chunk = 1000, .readahead = 0});
}

Result<void> RocksStore::scan_questions(
    const std::function<bool(const QuestionEntry&)>& visit) const {
  return scan(*this, questions, "", "scanning the question index",
              [&](std::string_view k, std::string_view v) -> Result<bool> {
                auto q = decode_question(k, v);
                if (!q) return damaged(kQuestionsFamily, k);
                if (q->count == 0) return true;  // no stored tree has it any more
                return visit(*q);
              });
}

Result<JobStats> RocksStore::job_stats(std::string_view job) const {
  JobStats stats;
  stats.job = std::string(job);
  auto r = scan_progress(job, [&](std::string_view, const ProgressEntry& p) {
    stats.count(p);
    return true;
  });
  if (!r) return r.error();
  auto run = get_run(job);
  if (!run) return run.error();
  stats.last_run = *run;
  return stats;
}

Result<std::vector<RunInfo>> RocksStore::get_runs() const {
  std::vector<RunInfo> runs;
  auto r = scan(*this, meta, kMetaRunsPrefix, "listing runs",
                [&](std::string_view k, std::string_view v) -> Result<bool> {
                  auto run = decode_run(v);
                  if (!run) return damaged(kMetaFamily, k);
                  runs.push_back(std::move(*run));
                  return true;
                });
  if (!r) return r.error();
  // Ids sort by start second; "-2" of the same second sorts after the plain id but before
  // "-10": order by start time, then id length, then id.
  std::stable_sort(runs.begin(), runs.end(), [](const RunInfo& a, const RunInfo& b) {
    if (a.started_at_ms != b.started_at_ms) return a.started_at_ms < b.started_at_ms;
    if (a.run_id.size() != b.run_id.size()) return a.run_id.size() < b.run_id.size();
    return a.run_id < b.run_id;
  });
  return runs;
}

Result<std::vector<std::string>> RocksStore::job_names() const {
  std::set<std::string> names;
  auto r = scan(*this, meta, kMetaRunPrefix, "listing jobs",
                [&](std::string_view k, std::string_view) -> Result<bool> {
                  names.emplace(k.substr(kMetaRunPrefix.size()));
                  return true;
                });
  if (!r) return r.error();
  // Progress keys are grouped by job: read one key per job, then seek past the job's keys.
  rocksdb::ReadOptions ro;
  ro.fill_cache = false;
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(ro, progress));
  for (it->SeekToFirst(); it->Valid();) {
    std::string_view k(it->key().data(), it->key().size());
    std::string job(k.substr(0, k.find('\0')));
    names.insert(job);
    std::string next = job;
    next.push_back('\x01');  // the first key after every "job\0..." key
    it->Seek(next);
  }
  if (!it->status().ok()) return rocks_error(dir_, "listing jobs", it->status());
  return std::vector<std::string>(names.begin(), names.end());
}

}  // namespace paa::store_detail
