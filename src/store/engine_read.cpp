// The engine, reading: point lookups, the history of a key, cursors and the streaming scans
// that readers, the writer and unions of stores share.
#include "engine.hpp"

#include "codec.hpp"
#include "legacy_formats.hpp"
#include "versions_scan.hpp"

#include <algorithm>
#include <cstdint>
#include <set>

namespace paa::store_detail {

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
  return decoded(get(results, key, "reading a result", fill_cache), kResultsFamily, key,
                 [&](std::string_view bytes) { return decode_result(key, bytes); });
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
  const std::string pk = progress_key(job, key);
  return decoded(get(progress, pk, "reading job progress"), kProgressFamily, pk, decode_progress);
}

Result<bool> RocksStore::get_service_reached(std::string_view service) const {
  auto recorded = exists(meta, std::string(kMetaReachedPrefix) + std::string(service), "reading the services reached");
  if (!recorded || *recorded) return recorded;
  // A store from before these records: it reached the service if it holds any result, wherever
  // from (a wrong address then waits like an outage, and never fails the store's keys).
  std::unique_ptr<rocksdb::Iterator> any(db_->NewIterator(rocksdb::ReadOptions(), meta));
  any->Seek(rocksdb::Slice(kMetaReachedPrefix.data(), kMetaReachedPrefix.size()));
  if (any->Valid() && any->key().starts_with(rocksdb::Slice(kMetaReachedPrefix.data(), kMetaReachedPrefix.size()))) {
    return false;  // this store records where it reached: not here
  }
  if (!any->status().ok()) return rocks_error(dir_, "reading the services reached", any->status());
  std::unique_ptr<rocksdb::Iterator> result(db_->NewIterator(rocksdb::ReadOptions(), results));
  result->SeekToFirst();
  if (!result->status().ok()) return rocks_error(dir_, "reading the services reached", result->status());
  return result->Valid();
}

Result<QuotaState> RocksStore::get_quota() const {
  auto q = decoded(get(meta, kMetaQuota, "reading the quota state"), kMetaFamily, kMetaQuota, decode_quota);
  if (!q) return q.error();
  return q->value_or(QuotaState{});
}

Result<RunInfo> RocksStore::get_run(std::string_view job) const {
  const std::string key = std::string(kMetaRunPrefix) + std::string(job);
  auto r = decoded(get(meta, key, "reading run info"), kMetaFamily, key, decode_run);
  if (!r) return r.error();
  return r->value_or(RunInfo{});
}

Result<std::optional<RunInfo>> RocksStore::get_named_run(std::string_view run_id) const {
  const std::string key = std::string(kMetaRunsPrefix) + std::string(run_id);
  return decoded(get(meta, key, "reading run info"), kMetaFamily, key, decode_run);
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
  rocksdb::ReadOptions ro;
  ro.fill_cache = false;
  const std::string lower(key);
  rocksdb::Slice lower_slice(lower);
  ro.iterate_lower_bound = &lower_slice;
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(ro, history));
  return history_at(*it, key, at_ms);
}

Result<std::optional<StoredResult>> RocksStore::history_at(rocksdb::Iterator& it, std::string_view key,
                                                           std::int64_t at_ms) const {
  // The latest older version that began at or before at_ms.
  it.SeekForPrev(history_key(key, at_ms));
  if (!it.Valid()) {
    if (!it.status().ok()) return rocks_error(dir_, "reading a result's history", it.status());
    return std::optional<StoredResult>();
  }
  std::string_view k(it.key().data(), it.key().size());
  if (k.size() != key.size() + 8 || k.substr(0, key.size()) != key) return std::optional<StoredResult>();
  auto r = decode_result(key, std::string_view(it.value().data(), it.value().size()));
  if (!r) return damaged(kHistoryFamily, k);
  return std::optional<StoredResult>(as_seen_at(std::move(*r), at_ms));
}

Result<std::vector<std::pair<std::int64_t, StoredResult>>> RocksStore::get_history(std::string_view key) const {
  std::vector<std::pair<std::int64_t, StoredResult>> out;
  if (history == nullptr) return out;
  Cursor c(*this, history, key);
  for (; c.valid(); c.next()) {
    auto split = split_history_key(c.key());
    if (!split || split->key != key) continue;  // not possible with prefix-free keys
    auto r = decode_result(key, c.value());
    if (!r) return damaged(kHistoryFamily, c.key());
    out.emplace_back(split->slot, std::move(*r));
  }
  if (!c.status().ok()) return rocks_error(dir_, "reading a result's history", c.status());
  return out;
}

Result<std::vector<StoredResult>> RocksStore::get_versions(std::string_view key) const {
  auto kept = get_history(key);
  if (!kept) return kept.error();
  std::vector<StoredResult> out;
  out.reserve(kept->size() + 1);
  for (auto& [slot, version] : *kept) out.push_back(std::move(version));
  auto current = get_result(key, /*fill_cache=*/false);
  if (!current) return current.error();
  if (*current) out.push_back(std::move(**current));
  return out;
}

std::unique_ptr<rocksdb::Iterator> RocksStore::new_history_iterator() const {
  if (history == nullptr) return nullptr;
  rocksdb::ReadOptions ro;
  ro.fill_cache = false;
  return std::unique_ptr<rocksdb::Iterator>(db_->NewIterator(ro, history));
}

Result<std::vector<StoredResult>> RocksStore::get_versions(std::string_view key, rocksdb::Iterator* it) const {
  if (it == nullptr) return get_versions(key);
  std::vector<StoredResult> out;
  for (it->Seek(rocksdb::Slice(key.data(), key.size())); it->Valid(); it->Next()) {
    const std::string_view k(it->key().data(), it->key().size());
    auto split = split_history_key(k);
    if (!split || split->key != key) break;  // past the key's versions
    auto r = decode_result(key, std::string_view(it->value().data(), it->value().size()));
    if (!r) return damaged(kHistoryFamily, k);
    out.push_back(std::move(*r));
  }
  if (!it->status().ok()) return rocks_error(dir_, "reading a result's history", it->status());
  auto current = get_result(key, /*fill_cache=*/false);
  if (!current) return current.error();
  if (*current) out.push_back(std::move(**current));
  return out;
}

Result<ExpansionState> RocksStore::get_expansion_state(std::string_view job) const {
  if (expansion == nullptr) return ExpansionState{};
  const std::string key = expansion_state_key(job);
  auto state = decoded(get(expansion, key, "reading the expansion state"), kExpansionFamily, key,
                       decode_expansion_state);
  if (!state) return state.error();
  return state->value_or(ExpansionState{});
}

Result<std::optional<ShardClaim>> RocksStore::get_shard(std::string_view job) const {
  const std::string key = std::string(kMetaShardPrefix) + std::string(job);
  return decoded(get(meta, key, "reading the shard record"), kMetaFamily, key, decode_shard);
}

Result<std::optional<Lineage>> RocksStore::get_lineage(std::string_view job, std::string_view key) const {
  if (expansion == nullptr) return std::optional<Lineage>();
  const std::string k = lineage_key(job, key);
  return decoded(get(expansion, k, "reading a key's lineage"), kExpansionFamily, k, decode_lineage);
}

Result<std::optional<std::uint32_t>> RocksStore::get_seed_round(std::string_view job, std::string_view key) const {
  if (expansion == nullptr) return std::optional<std::uint32_t>();
  const std::string k = seed_record_key(job, key);
  return decoded(get(expansion, k, "reading a seed record"), kExpansionFamily, k, decode_seed_round);
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

Result<void> RocksStore::scan_results_at(std::string_view prefix, std::int64_t at_ms,
                                         const std::function<bool(const StoredResult&)>& visit) const {
  // One history cursor for the whole scan, moving forward with the results (both in key
  // order): an iterator per key cost more than reading the version (export --at, case 9).
  std::unique_ptr<rocksdb::Iterator> past;
  return store_detail::scan_versions(
      [&](const std::function<bool(const StoredResult&)>& each) { return scan_results(prefix, each); },
      [&](const StoredResult& current) -> Result<std::optional<StoredResult>> {
        if (current.unchanged_since_ms <= at_ms) return std::optional<StoredResult>(as_seen_at(current, at_ms));
        if (history == nullptr) return std::optional<StoredResult>();
        if (!past) {
          rocksdb::ReadOptions ro;
          ro.fill_cache = false;
          ro.readahead_size = 2u << 20;
          past.reset(db_->NewIterator(ro, history));
        }
        return history_at(*past, current.key, at_ms);
      },
      visit);
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
  // Removed with the analysis pass (#30).
  if (!has_question_index()) return {};
  return scan(*this, questions, "", "scanning the question index",
              [&](std::string_view k, std::string_view v) -> Result<bool> {
                auto q = decode_question(k, v);
                if (!q) return damaged(kQuestionsFamily, k);
                if (q->count == 0) return true;  // no stored tree has it any more
                return visit(*q);
              });
}

Result<JobStats> RocksStore::job_stats(std::string_view job) const {
  return count_job(job, [&](auto&&... args) { return scan_progress(args...); }, get_run(job));
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
