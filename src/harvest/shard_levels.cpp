#include "paa/harvest/shard_levels.hpp"

#include "paa/harvest/distinct_job_keys.hpp"
#include "paa/harvest/expansion_levels.hpp"
#include "paa/model/envelope.hpp"

#include <numeric>

namespace paa {

std::filesystem::path plan_store(const std::filesystem::path& store, std::uint32_t count) {
  std::filesystem::path out = store;
  out.replace_filename(store.stem().string() + "-plan-of-" + std::to_string(count) + store.extension().string());
  return out;
}

ShardedExpansionStore::ShardedExpansionStore(StoreWriter& plan, std::span<const std::unique_ptr<StoreReader>> shards,
                                             std::string job, ParseLimits limits)
    : plan_(plan), shards_(shards), job_(std::move(job)), limits_(limits) {}

StoreReader& ShardedExpansionStore::holder(std::string_view encoded) const {
  return *shards_[shard_hash(encoded) % shards_.size()];
}

Result<std::optional<Lineage>> ShardedExpansionStore::lineage(std::string_view encoded) {
  return plan_.lineage(job_, encoded);
}

Result<bool> ShardedExpansionStore::settled(std::string_view encoded) {
  auto p = holder(encoded).progress(job_, encoded);
  if (!p) return p.error();
  return p->has_value();
}

Result<std::optional<Envelope>> ShardedExpansionStore::answer_of(std::string_view encoded) {
  StoreReader& shard = holder(encoded);
  auto p = shard.progress(job_, encoded);
  if (!p) return p.error();
  if (!*p || (*p)->state != ProgressState::done) return std::optional<Envelope>();
  auto stored = shard.get(encoded);
  if (!stored) return stored.error();
  if (!*stored) return std::optional<Envelope>();
  return parent_answer(**stored, limits_);
}

Result<std::optional<std::uint32_t>> ShardedExpansionStore::seed_round(std::string_view encoded) {
  return plan_.seed_round(job_, encoded);
}

Result<void> ShardedExpansionStore::commit(const ExpansionStep& step) { return plan_.write_expansion(job_, step); }

Result<void> ShardedExpansionStore::scan_level(std::uint32_t level, const std::function<bool(const LevelKey&)>& visit) {
  return plan_.scan_level(job_, level, visit);
}

std::uint64_t LevelOutstanding::total() const { return std::accumulate(pending.begin(), pending.end(), std::uint64_t{0}); }

Result<LevelOutstanding> level_outstanding(const JobSpec& job, std::span<const std::uint64_t> repeated_hashes,
                                           std::uint32_t level, ExpansionStore& expansion, std::uint32_t shards) {
  LevelOutstanding out;
  out.pending.assign(shards, 0);
  const auto count = [&](std::string_view encoded) -> Result<void> {
    ++out.parents;
    auto settled = expansion.settled(encoded);
    if (!settled) return settled.error();
    if (!*settled) ++out.pending[shard_hash(encoded) % shards];
    return {};
  };
  if (level <= 1) {
    auto walked = each_distinct_job_key(job, repeated_hashes, [&](DistinctJobKey&& k) -> Result<bool> {
      if (auto counted = count(k.encoded); !counted) return counted.error();
      return true;
    });
    if (!walked) return walked.error();
    return out;
  }
  std::optional<Error> error;
  auto scanned = expansion.scan_level(level - 1, [&](const LevelKey& k) {
    if (auto counted = count(k.encoded); !counted) {
      error = counted.error();
      return false;
    }
    return true;
  });
  if (!scanned) return scanned.error();
  if (error) return *error;
  return out;
}

bool level_share_stale(const ExpansionState& own, std::uint32_t level, std::uint64_t plan_keys) {
  if (level > own.built) return true;
  if (level > own.plan_copied.size()) return true;
  return own.plan_copied[level - 1] != plan_keys;
}

Result<ExpansionState> copy_level_share(StoreReader& plan, StoreWriter& own, const std::string& job, std::uint32_t level,
                                       const Shard& shard, std::uint64_t plan_keys, std::size_t per_step) {
  auto before = own.expansion_state(job);
  if (!before) return before.error();
  ExpansionState state = *before;
  ExpansionStep step;
  step.level = level;
  step.state = state;
  std::uint64_t share = 0;
  std::optional<Error> error;
  auto scanned = plan.scan_level(job, level, [&](const LevelKey& k) {
    if (!shard.holds(k.encoded)) return true;
    step.keys.push_back(k);
    ++share;
    if (step.keys.size() >= per_step) {
      if (auto w = own.write_expansion(job, step); !w) {
        error = w.error();
        return false;
      }
      step.keys.clear();
    }
    return true;
  });
  if (!scanned) return scanned.error();
  if (error) return *error;
  // The last step: the level is the shard's, whole.
  state.built = std::max(state.built, level);
  if (state.level_keys.size() < level) state.level_keys.resize(level, 0);
  state.level_keys[level - 1] = share;
  if (state.plan_copied.size() < level) state.plan_copied.resize(level, 0);
  state.plan_copied[level - 1] = plan_keys;
  step.state = state;
  if (auto w = own.write_expansion(job, step); !w) return w.error();
  return state;
}

}  // namespace paa
