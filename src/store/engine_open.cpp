// The engine, opening and closing: RocksDB's options for each family, the checks that tell a
// store from anything else, the format version and the upgrades (docs/store.md "Layout",
// "Format versions").
#include "engine.hpp"

#include "codec.hpp"
#include "legacy_formats.hpp"

#include <rocksdb/cache.h>
#include <rocksdb/convenience.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/table.h>
#include <rocksdb/write_buffer_manager.h>

#include <stdlib.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>

namespace paa::store_detail {
namespace fs = std::filesystem;

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
  // Nothing looks up the questions family by key: filters there would be pure cost.
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
      // a million long keys' store cannot keep in the writer's cache (BENCHMARKS.md case 7).
      t.index_type = rocksdb::BlockBasedTableOptions::IndexType::kTwoLevelIndexSearch;
      t.partition_filters = true;
      // LZ4 for the tiers compaction rewrites again, zstd for the last (where results stay):
      // with zstd throughout, its compression in the compaction thread grew from 16 % of a
      // fill's CPU at 20,000 keys to 28 % at 300,000; a million keys in random order, back to
      // back: 312 -> 238 µs per key, 983 -> 1,056 B per key on disk (findings "Round 8").
      o.compression = best_compression(false);
      o.bottommost_compression = best_compression(true);
      // A keyword list comes in no key order, so each flush's keys are spread over the whole
      // key space and every compaction out of L0 overlapped, and rewrote, all of L1: CPU per
      // result grew with the store (the question index's old problem, BENCHMARKS.md round 6).
      // Tiered (universal) compaction rewrites a result a few times in all: 100,000 keys in
      // random order, 388-467 -> 258-340 µs per result (round 7). A full compaction can need
      // the family's size again in free disk for a while (docs/store.md "Tuning").
      o.compaction_style = rocksdb::kCompactionStyleUniversal;
      break;
    case Family::questions:
      // Since format 5 an empty placeholder that nothing writes: a release of format 4 or older
      // opens every family of its list, and finds this one, so it reaches its format check and
      // says "upgrade paa" (docs/store.md "Format versions"). In a store of format 4 or older it
      // is the old question index, opened until the first writer drops it (check_format_version):
      // with the options it was written with (tiered compaction, 16 KiB blocks, 16 MiB files),
      // compactions off, and its merge operator, which opening needs when a writer of format 4
      // was killed: its WAL holds the index's operands in the batches of its last results, and
      // RocksDB stops replaying a WAL at the first operand a family without an operator meets,
      // so every result and progress entry after it would be lost (and paid for again).
      o.compression = best_compression(false);
      t.block_size = 16 * 1024;
      o.target_file_size_base = 16u << 20;
      o.compaction_style = rocksdb::kCompactionStyleUniversal;
      o.disable_auto_compactions = true;
      o.merge_operator = make_question_count_merge();
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
// 16 MiB with 10 of memtables: a 200,000-key fill's peak RSS 10 MiB lower than with 24 and 16,
// for 2-4 % more CPU (more, smaller flushes); 12 and 8 saved 5 MiB more for 12 % more CPU
// (BENCHMARKS.md "Round 12").
constexpr std::size_t kWriterMemoryBudget = 16u << 20;

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
  o.db_write_buffer_size = 10u << 20;
  return o;
}

// The families every store has, which tell a paa store from another program's database (the
// questions family is not one of them: the first writer of format 5 drops and creates it again).
const std::pair<const char*, Family> kFamilies[] = {
    {kResultsFamily, Family::results},
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

// What is at a store's path before anything is opened.
struct StoreFolder {
  bool exists = false;
  bool existing_store = false;  // a RocksDB database is there (its CURRENT file)
};

// The checks that tell a store, or a folder that may become one, from anything else. Nothing
// is written into a folder refused here.
Result<StoreFolder> check_store_folder(const fs::path& dir, bool primary) {
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
  return StoreFolder{exists, existing_store};
}

// A writer's folder, made if missing, and its lock, taken before RocksDB opens anything: a
// second writer fails at once.
Result<WriterLock> lock_for_writing(const fs::path& dir, bool exists) {
  if (!exists) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) {
      return make_error(errc::store_unusable, store_name(dir) + ": cannot create the folder: " + ec.message() +
                        "; check the path and permissions");
    }
  }
  return WriterLock::acquire(dir);
}

// The instance's options, for the block cache `cache`.
rocksdb::DBOptions instance_options(bool primary, const std::shared_ptr<rocksdb::Cache>& cache) {
  rocksdb::DBOptions dbo = db_options(primary);
  if (primary) {
    // Memtables are charged to the block cache: one budget for both (RSS, BENCHMARKS.md case
    // 4). No allow_stall: with a cache-charged manager, RocksDB 7.8 can stall writes forever
    // (facebook/rocksdb#11010). It did so here with a 12 MiB budget: a harvest wedged with
    // every thread idle. Without it, the manager still triggers flushes at the budget.
    dbo.write_buffer_manager = std::make_shared<rocksdb::WriteBufferManager>(
        dbo.db_write_buffer_size, cache, /*allow_stall=*/false);
  }
  return dbo;
}

// The families to open: every one the store names, a newer paa's included (RocksDB insists),
// plus ours, so the format-version check gives the clear message. Refuses a store whose
// MANIFEST does not name them: damaged, or (to a reader) not created yet.
Result<std::vector<std::string>> families_to_open(const fs::path& dir, const rocksdb::DBOptions& dbo,
                                                  bool existing_store, bool primary) {
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
  for (const auto& [name, family] : kFamilies) {
    if (std::find(names.begin(), names.end(), name) == names.end()) names.emplace_back(name);
  }
  // A reader cannot create a family: it reads a store without one as having no expansion
  // (or no history, or no old question index: an upgrade to format 5 cut short between its
  // drop and its creation, which the next writer completes).
  for (const char* added : {kQuestionsFamily, kExpansionFamily, kHistoryFamily}) {
    if (primary && std::find(names.begin(), names.end(), added) == names.end()) names.emplace_back(added);
  }
  if (std::find(names.begin(), names.end(), rocksdb::kDefaultColumnFamilyName) == names.end())
    names.emplace_back(rocksdb::kDefaultColumnFamilyName);
  return names;
}

// Each family's descriptor, with its options.
std::vector<rocksdb::ColumnFamilyDescriptor> family_descriptors(const std::vector<std::string>& names,
                                                                const std::shared_ptr<rocksdb::Cache>& cache) {
  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
  for (const auto& name : names) {
    rocksdb::ColumnFamilyOptions cfo;
    for (const auto& [known, family] : kFamilies) {
      if (name == known) cfo = family_options(family, cache);
    }
    if (name == kQuestionsFamily) cfo = family_options(Family::questions, cache);
    if (name == kExpansionFamily) cfo = family_options(Family::expansion, cache);
    if (name == kHistoryFamily) cfo = family_options(Family::history, cache);
    descriptors.emplace_back(name, cfo);
  }
  return descriptors;
}

}  // namespace

// --- open / close ----------------------------------------------------------------------------

Result<std::unique_ptr<RocksStore>> RocksStore::open(const fs::path& dir, Mode mode) {
  const bool primary = mode == Mode::primary;
  Result<StoreFolder> folder = check_store_folder(dir, primary);
  if (!folder) return folder.error();
  std::optional<WriterLock> lock;
  if (primary) {
    auto acquired = lock_for_writing(dir, folder->exists);
    if (!acquired) return acquired.error();
    lock.emplace(std::move(*acquired));
  }

  std::unique_ptr<RocksStore> store(new RocksStore(dir, mode));
  store->lock_ = std::move(lock);
  // One shard: the default (32 shards of 512 KiB for 16 MiB) could not hold one filter block of
  // a large SST file, so every point lookup read it from the file again (41% of the writer
  // thread at 50k results, perf, BENCHMARKS.md). Contention is no concern: one writer thread.
  store->block_cache_ = rocksdb::NewLRUCache(primary ? kWriterMemoryBudget : (32u << 20), 0);
  const rocksdb::DBOptions dbo = instance_options(primary, store->block_cache_);
  Result<std::vector<std::string>> names = families_to_open(dir, dbo, folder->existing_store, primary);
  if (!names) return names.error();
  const auto descriptors = family_descriptors(*names, store->block_cache_);
  if (auto opened = store->open_families(dbo, descriptors); !opened) return opened.error();
  store->name_handles(*names);
  // A reader has replayed the writer's WAL as it opened: it sees everything written so far. It
  // does not catch up at once on top of that: RocksDB 7.8's TryCatchUpWithPrimary crashes on a
  // MANIFEST that holds a family's drop (below), which a writer killed in the middle of an
  // upgrade leaves until the next writer opens the store.
  if (auto r = store->check_format_version(); !r) return r.error();
  if (store->reopen_) {
    if (auto reopened = store->reopen_upgraded(dbo, descriptors, *names); !reopened) return reopened.error();
  }
  return store;
}

Result<void> RocksStore::open_families(const rocksdb::DBOptions& dbo,
                                       const std::vector<rocksdb::ColumnFamilyDescriptor>& descriptors) {
  const bool primary = mode_ == Mode::primary;
  rocksdb::Status s;
  if (primary) {
    s = rocksdb::DB::Open(dbo, dir_.string(), descriptors, &handles_, &db_);
  } else {
    // The secondary keeps its own info log in a private temporary folder.
    std::error_code ec;
    auto folder = ReaderFolder::create(fs::temp_directory_path(ec));
    if (!folder) return make_error(errc::store_unusable, store_name(dir_) + ": " + folder.error().message);
    reader_folder_.emplace(std::move(*folder));
    s = rocksdb::DB::OpenAsSecondary(dbo, dir_.string(), reader_folder_->path().string(), descriptors, &handles_,
                                     &db_);
  }
  if (!s.ok()) {
    return rocks_error(dir_, primary ? "opening the store" : "opening the store for reading", s);
  }
  return {};
}

void RocksStore::name_handles(const std::vector<std::string>& names) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == kResultsFamily) results = handles_[i];
    if (names[i] == kQuestionsFamily) questions = handles_[i];
    if (names[i] == kProgressFamily) progress = handles_[i];
    if (names[i] == kMetaFamily) meta = handles_[i];
    if (names[i] == kExpansionFamily) expansion = handles_[i];
    if (names[i] == kHistoryFamily) history = handles_[i];
  }
}

Result<void> RocksStore::reopen_upgraded(const rocksdb::DBOptions& dbo,
                                         const std::vector<rocksdb::ColumnFamilyDescriptor>& descriptors,
                                         const std::vector<std::string>& names) {
  // The upgrade dropped a family. Every secondary instance of RocksDB 7.8 (every reader, of
  // this release and of the previous one) crashes catching up with a MANIFEST that holds such
  // a drop: opening the store again starts a new MANIFEST, of the families as they are now.
  reopen_ = false;
  for (auto* h : handles_) db_->DestroyColumnFamilyHandle(h);
  handles_.clear();
  auto s = db_->Close();
  delete db_;
  db_ = nullptr;
  if (!s.ok()) return rocks_error(dir_, "closing the upgraded store", s);
  s = rocksdb::DB::Open(dbo, dir_.string(), descriptors, &handles_, &db_);
  if (!s.ok()) return rocks_error(dir_, "opening the upgraded store", s);
  name_handles(names);
  return {};
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
    question_index_ = false;
    if (mode_ == Mode::secondary) return {};  // a store being created right now
    return record_current();  // a new store: its questions family is the empty placeholder
  }
  const std::string& text = **stored;
  std::uint32_t version = 0;
  auto [end, err] = std::from_chars(text.data(), text.data() + text.size(), version);
  if (err != std::errc{} || end != text.data() + text.size()) {
    return damaged(kMetaFamily, kMetaFormatVersion);
  }
  const FormatPlan plan = plan_format(version, mode_ == Mode::primary);
  if (plan.newer) {
    return make_error(errc::store_unusable, store_name(dir_) + " was written by a newer paa (format " +
                      std::to_string(version) + "; this paa reads up to " +
                      std::to_string(kStoreFormatVersion) + "): upgrade paa");
  }
  // An old index, unless the family is empty: created again by an upgrade cut short before it
  // recorded the version (or a store that never stored a question).
  question_index_ = plan.old_index && questions != nullptr && !family_empty(questions);
  if (plan.upgrade) {
    // Each step is one MANIFEST record, and recording the version, last, makes an older paa
    // refuse the store instead of misreading it. A crash between two steps leaves a store of
    // the old format that the next writer upgrades the same way: a family dropped and not
    // created yet is created at open, one created already is dropped and created again (empty
    // either way). From 5 to 6 there is nothing to convert: records without a digest stay valid.
    if (plan.drop_old_index) {
      if (auto dropped = drop_question_index(); !dropped) return dropped;
      reopen_ = true;  // open() opens the store again
    }
    if (auto recorded = record_current(); !recorded) return recorded;
    question_index_ = false;
  }
  return {};
}

bool RocksStore::family_empty(rocksdb::ColumnFamilyHandle* cf) const {
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(rocksdb::ReadOptions(), cf));
  it->SeekToFirst();
  return !it->Valid() && it->status().ok();  // an error: not empty, the scan will report it
}

Result<void> RocksStore::drop_question_index() {
  if (questions != nullptr) {
    auto s = db_->DropColumnFamily(questions);
    if (!s.ok()) return rocks_error(dir_, "dropping the old question index", s);
    // Its files are deleted once no handle refers to it any more: its disk space comes back now.
    handles_.erase(std::find(handles_.begin(), handles_.end(), questions));
    s = db_->DestroyColumnFamilyHandle(questions);
    questions = nullptr;
    if (!s.ok()) return rocks_error(dir_, "dropping the old question index", s);
  }
  rocksdb::ColumnFamilyHandle* placeholder = nullptr;
  auto s = db_->CreateColumnFamily(family_options(Family::questions, block_cache_), kQuestionsFamily,
                                   &placeholder);
  if (!s.ok()) return rocks_error(dir_, "creating the empty questions family", s);
  handles_.push_back(placeholder);
  questions = placeholder;
  return {};
}

Result<void> RocksStore::close() {
  if (db_ == nullptr) return {};
  Result<void> result;
  if (mode_ == Mode::primary) {
    // Not needed for durability (the WAL has everything) but makes the next open and
    // every reader's catch-up fast: they need not replay the WAL.
    rocksdb::FlushOptions fo;
    std::vector<rocksdb::ColumnFamilyHandle*> ours{results, progress, meta};  // questions: never written
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
  reader_folder_.reset();
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
  return make_error(errc::store_damaged, store_name(dir_) + ": damaged record in '" + std::string(family) +
                    "' at key '" + printable +
                    "'; the store was modified by something other than paa or the disk is failing");
}

}  // namespace paa::store_detail

namespace paa {

bool store_exists(const std::filesystem::path& dir) { return store_detail::has_current(dir); }

}  // namespace paa
