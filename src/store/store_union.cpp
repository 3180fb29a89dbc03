// The union is a k-way merge of RocksDB iterators, one per store. Stores are few (shards of a
// job), so the smallest key is found by a linear pass rather than a heap.
#include "paa/store/store_union.hpp"

#include "codec.hpp"
#include "engine.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <string>

namespace paa {
namespace {

using namespace store_detail;

// One store's cursor over a family range, with the store for error messages.
struct Source {
  const RocksStore* store;
  std::unique_ptr<RocksStore::Cursor> cursor;
};

// Calls `visit(key, winners)` for each key in order, where `winners` lists the sources whose
// cursor is at that key; then advances them. Stops when visit returns false or fails.
template <class Visit>
Result<void> merge_scan(std::vector<Source>& sources, std::string_view what, Visit&& visit) {
  std::vector<Source*> at_key;
  for (;;) {
    std::optional<std::string_view> smallest;
    for (auto& s : sources) {
      if (!s.cursor->valid()) {
        if (!s.cursor->status().ok()) return rocks_error(s.store->dir(), what, s.cursor->status());
        continue;
      }
      if (!smallest || s.cursor->key() < *smallest) smallest = s.cursor->key();
    }
    if (!smallest) return {};
    at_key.clear();
    for (auto& s : sources) {
      if (s.cursor->valid() && s.cursor->key() == *smallest) at_key.push_back(&s);
    }
    const std::string key(*smallest);  // the cursors move below
    Result<bool> go = visit(key, at_key);
    if (!go) return go.error();
    if (!*go) return {};
    for (auto* s : at_key) s->cursor->next();
  }
}

// The fetch that wins when a key is stored twice: the most recent; on a tie, the first store.
bool newer(const StoredResult& candidate, const StoredResult& best) {
  return candidate.fetched_at_ms > best.fetched_at_ms;
}

// The progress entry that wins: done over failed, then the latest update.
bool better(const ProgressEntry& candidate, const ProgressEntry& best) {
  if (candidate.state != best.state) return candidate.state == ProgressState::done;
  return candidate.updated_at_ms > best.updated_at_ms;
}

class RocksStoreUnion final : public StoreUnion {
 public:
  explicit RocksStoreUnion(std::vector<std::unique_ptr<RocksStore>> stores)
      : stores_(std::move(stores)) {}

  std::uint64_t overlapping_keys() const override { return overlaps_; }

  Result<void> catch_up() override {
    for (auto& store : stores_) {
      auto s = store->db()->TryCatchUpWithPrimary();
      if (!s.ok()) return rocks_error(store->dir(), "catching up with the writer", s);
    }
    return {};
  }

  Result<std::optional<StoredResult>> get(std::string_view key) override {
    std::optional<StoredResult> best;
    int found = 0;
    for (auto& store : stores_) {
      auto r = store->get_result(key);
      if (!r) return r.error();
      if (!*r) continue;
      ++found;
      if (!best || newer(**r, *best)) best = std::move(*r);
    }
    if (found > 1) ++overlaps_;
    return best;
  }

  // The first store's: a union has no single quota (each shard may use its own key).
  Result<QuotaState> quota() override { return stores_.front()->get_quota(); }

  Result<std::vector<std::string>> job_names() override {
    std::set<std::string> names;
    for (auto& store : stores_) {
      auto some = store->job_names();
      if (!some) return some.error();
      names.insert(some->begin(), some->end());
    }
    return std::vector<std::string>(names.begin(), names.end());
  }

  Result<std::vector<JobStats>> jobs() override {
    auto names = job_names();
    if (!names) return names.error();
    std::vector<JobStats> out;
    for (const auto& name : *names) {
      auto stats = job_stats(name);
      if (!stats) return stats.error();
      out.push_back(std::move(*stats));
    }
    return out;
  }

  Result<JobStats> job_stats(std::string_view job) override {
    JobStats stats;
    stats.job = std::string(job);
    auto scanned = scan_progress(job, [&](std::string_view, const ProgressEntry& p) {
      stats.count(p);
      return true;
    });
    if (!scanned) return scanned.error();
    auto run = last_run(job);
    if (!run) return run.error();
    stats.last_run = std::move(*run);
    return stats;
  }

  Result<RunInfo> last_run(std::string_view job) override {
    RunInfo latest;
    for (auto& store : stores_) {
      auto run = store->get_run(job);
      if (!run) return run.error();
      if (run->started_at_ms > latest.started_at_ms) latest = std::move(*run);
    }
    return latest;
  }

  Result<void> scan_results(std::string_view prefix,
                            const std::function<bool(const StoredResult&)>& visit) override {
    auto sources = open_sources(&RocksStore::results, prefix);
    return merge_scan(sources, "scanning results",
                      [&](const std::string& key, const std::vector<Source*>& at) -> Result<bool> {
                        std::optional<StoredResult> best;
                        for (auto* s : at) {
                          auto r = decode_result(key, s->cursor->value());
                          if (!r) return s->store->damaged(kResultsFamily, key);
                          if (!best || newer(*r, *best)) best = std::move(r);
                        }
                        if (at.size() > 1) ++overlaps_;
                        return visit(*best);
                      });
  }

  Result<void> scan_progress(
      std::string_view job,
      const std::function<bool(std::string_view, const ProgressEntry&)>& visit) override {
    const std::string prefix = progress_prefix(job);
    auto sources = open_sources(&RocksStore::progress, prefix);
    return merge_scan(sources, "scanning job progress",
                      [&](const std::string& key, const std::vector<Source*>& at) -> Result<bool> {
                        std::optional<ProgressEntry> best;
                        for (auto* s : at) {
                          auto p = decode_progress(s->cursor->value());
                          if (!p) return s->store->damaged(kProgressFamily, key);
                          if (!best || better(*p, *best)) best = *p;
                        }
                        return visit(std::string_view(key).substr(prefix.size()), *best);
                      });
  }

  Result<void> scan_questions(const std::function<bool(const QuestionEntry&)>&) override {
    return make_error(errc::invalid_input,
                      "several stores have no joint question index; recount from their results");
  }

  // A job's expansion lives in the store that ran it (shards refuse [expand]): each of these
  // answers from the first store that has it.
  Result<ExpansionState> expansion_state(std::string_view job) override {
    for (auto& store : stores_) {
      auto state = store->get_expansion_state(job);
      if (!state) return state.error();
      if (*state != ExpansionState{}) return state;
    }
    return ExpansionState{};
  }

  Result<std::optional<Lineage>> lineage(std::string_view job, std::string_view key) override {
    for (auto& store : stores_) {
      auto found = store->get_lineage(job, key);
      if (!found) return found.error();
      if (*found) return found;
    }
    return std::optional<Lineage>();
  }

  Result<void> scan_level(std::string_view job, std::uint32_t level,
                          const std::function<bool(const LevelKey&)>& visit) override {
    for (auto& store : stores_) {
      bool any = false;
      auto scanned = store->scan_level(job, level, [&](const LevelKey& key) {
        any = true;
        return visit(key);
      });
      if (!scanned || any) return scanned;
    }
    return {};
  }

 private:
  std::vector<Source> open_sources(rocksdb::ColumnFamilyHandle* RocksStore::*family,
                                   std::string_view prefix) const {
    std::vector<Source> sources;
    sources.reserve(stores_.size());
    for (const auto& store : stores_) {
      sources.push_back(
          Source{store.get(), std::make_unique<RocksStore::Cursor>(*store, (*store).*family, prefix)});
    }
    return sources;
  }

  std::vector<std::unique_ptr<RocksStore>> stores_;
  std::uint64_t overlaps_ = 0;
};

}  // namespace

Result<std::unique_ptr<StoreUnion>> StoreUnion::open(const std::vector<std::filesystem::path>& dirs) {
  if (dirs.empty()) return make_error(errc::invalid_input, "no store to read");
  std::vector<std::unique_ptr<RocksStore>> stores;
  for (const auto& dir : dirs) {
    auto store = RocksStore::open(dir, RocksStore::Mode::secondary);
    if (!store) return store.error();
    stores.push_back(std::move(*store));
  }
  return std::unique_ptr<StoreUnion>(new RocksStoreUnion(std::move(stores)));
}

}  // namespace paa
