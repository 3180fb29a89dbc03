// The union is a k-way merge of RocksDB iterators, one per store (multi_scan.hpp).
#include "paa/store/store_union.hpp"

#include "codec.hpp"
#include "engine.hpp"
#include "merge_rules.hpp"
#include "multi_scan.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <string>

namespace paa {
namespace {

using namespace store_detail;

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
    std::vector<Held> held;
    for (auto& store : stores_) {
      auto r = store->get_result(key);
      if (!r) return r.error();
      if (*r) held.push_back(Held{store.get(), std::move(**r)});
    }
    if (held.empty()) return std::optional<StoredResult>();
    auto best = pick(held);
    if (!best) return best.error();
    return std::optional<StoredResult>(std::move(*best));
  }

  // Each store's state with its identity (RocksDB's DB id, made when the store was created),
  // sorted by identity and folded into one number: any store's write changes it, and so does
  // reading another set of stores; the order they are given in does not (FNV-1a, 64 bits).
  std::optional<std::uint64_t> state() const override {
    std::vector<std::pair<std::string, std::uint64_t>> parts;
    for (const auto& store : stores_) {
      std::string identity;
      if (!store->db()->GetDbIdentity(identity).ok()) return std::nullopt;
      parts.emplace_back(std::move(identity), store->db()->GetLatestSequenceNumber());
    }
    std::sort(parts.begin(), parts.end());
    std::uint64_t h = 14695981039346656037ull;
    const auto mix = [&](std::string_view bytes) {
      for (const unsigned char c : bytes) h = (h ^ c) * 1099511628211ull;
    };
    for (const auto& [identity, sequence] : parts) {
      mix(identity);
      mix(std::string_view("\0", 1));
      mix(std::to_string(sequence));
      mix(std::string_view("\0", 1));
    }
    return h;
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
    return count_job(job, [&](auto&&... args) { return scan_progress(args...); }, last_run(job));
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
    auto sources = open_sources(stores_, &RocksStore::results, prefix);
    std::vector<Held> held;
    return merge_scan(sources, "scanning results",
                      [&](const std::string& key, const std::vector<Source*>& at) -> Result<bool> {
                        held.clear();
                        for (auto* s : at) {
                          auto r = decode_result(key, s->cursor->value());
                          if (!r) return s->store->damaged(kResultsFamily, key);
                          held.push_back(Held{s->store, std::move(*r)});
                        }
                        auto best = pick(held);
                        if (!best) return best.error();
                        return visit(*best);
                      });
  }

  Result<void> scan_progress(
      std::string_view job,
      const std::function<bool(std::string_view, const ProgressEntry&)>& visit) override {
    return scan_progress_of(stores_, job,
                            [&](std::string_view key, const ProgressEntry& p) -> Result<bool> { return visit(key, p); });
  }

  Result<void> scan_questions(const std::function<bool(const QuestionEntry&)>&) override {
    return make_error(errc::invalid_input,
                      "several stores have no joint question index; recount from their results");
  }

  // A job's expansion lives in the store that ran it, or in its shards' stores (an expanding
  // job run a level at a time over shards, docs/scaling-out.md): the shards' levels add up, each
  // holding its share of every level it ran; any other store answers alone, the first that has
  // the job's expansion.
  Result<ExpansionState> expansion_state(std::string_view job) override {
    std::vector<ClaimedExpansion> states;
    for (auto& store : stores_) {
      auto state = store->get_expansion_state(job);
      if (!state) return state.error();
      if (*state == ExpansionState{}) continue;
      auto claim = store->get_shard(job);
      if (!claim) return claim.error();
      states.push_back({std::move(*state), *claim});
    }
    return combine_expansion_states(states);
  }

  // The best entry of the stores (a done one over a failed one), as scan_progress gives it.
  Result<std::optional<ProgressEntry>> progress(std::string_view job, std::string_view key) override {
    std::optional<ProgressEntry> best;
    for (auto& store : stores_) {
      auto found = store->get_progress(job, key);
      if (!found) return found.error();
      if (*found && (!best || better_progress(**found, *best))) best = std::move(*found);
    }
    return best;
  }

  Result<std::optional<Lineage>> lineage(std::string_view job, std::string_view key) override {
    for (auto& store : stores_) {
      auto found = store->get_lineage(job, key);
      if (!found) return found.error();
      if (*found) return found;
    }
    return std::optional<Lineage>();
  }

  // The level's keys of every store, in sequence order: the keys' records are ordered by their
  // sequence number, so a merge of the stores' cursors gives a sharded level back in the order
  // one process (or the plan) discovered it; a key two stores hold is visited once.
  Result<void> scan_level(std::string_view job, std::uint32_t level,
                          const std::function<bool(const LevelKey&)>& visit) override {
    // (A store made before expansion was kept has no expansion family: nothing to walk there.)
    std::vector<Source> sources;
    const std::string prefix = level_prefix(job, level);
    for (const auto& store : stores_) {
      if (store->expansion == nullptr) continue;
      sources.push_back(Source{store.get(), std::make_unique<RocksStore::Cursor>(*store, store->expansion, prefix)});
    }
    return merge_scan(sources, "scanning a level of the expansion",
                      [&](const std::string& key, const std::vector<Source*>& at) -> Result<bool> {
                        auto decoded = decode_level_key(key, at.front()->cursor->value());
                        if (!decoded) return at.front()->store->damaged(kExpansionFamily, key);
                        return visit(*decoded);
                      });
  }

 private:
  // A key's current result in one of the stores.
  struct Held {
    const RocksStore* store;
    StoredResult current;
  };

  // The result a key held by the stores in `held` (in the stores' order) reads as: the most
  // recent fetch, with the spelling of the key's earliest fetch in any of them (the first
  // store's on a tie), as `paa merge` writes it (merge_rules.hpp).
  Result<StoredResult> pick(std::vector<Held>& held) {
    if (held.size() == 1) return std::move(held.front().current);
    ++overlaps_;
    std::size_t best = 0;
    std::size_t first_seen = 0;
    std::pair<std::int64_t, std::int64_t> earliest{};
    for (std::size_t i = 0; i < held.size(); ++i) {
      const StoredResult& r = held[i].current;
      if (i > 0 && newer_fetch(r, held[best].current)) best = i;
      // Every version in one store has the spelling its first fetch had: the oldest one's time.
      auto versions = held[i].store->get_history(r.key);
      if (!versions) return versions.error();
      std::pair first{r.unchanged_since_ms, r.fetched_at_ms};
      for (const auto& [slot, v] : *versions) first = std::min(first, std::pair{v.unchanged_since_ms, v.fetched_at_ms});
      if (i == 0 || first < earliest) {
        earliest = first;
        first_seen = i;
      }
    }
    StoredResult out = std::move(held[best].current);
    if (first_seen != best) {
      const StoredResult& spelling = held[first_seen].current;
      out.q = spelling.q;
      out.hl = spelling.hl;
      out.gl = spelling.gl;
      out.city = spelling.city;
    }
    return out;
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
