#include "paa/app/barrier_command.hpp"

#include "paa/app/command_failure.hpp"
#include "paa/harvest/expansion_levels.hpp"
#include "paa/harvest/job_allowance.hpp"
#include "paa/harvest/shard_levels.hpp"
#include "paa/job/job_file.hpp"
#include "paa/job/shard.hpp"
#include "paa/store/store.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace paa::app {

namespace fs = std::filesystem;

namespace {

// The shards' stores, read-only beside whatever else reads them; `missing`: the shards that
// never ran (no store yet), whose keys are all pending.
Result<std::vector<std::unique_ptr<StoreReader>>> open_shard_stores(const fs::path& store, std::uint32_t count,
                                                                     std::vector<std::uint32_t>& missing) {
  std::vector<std::unique_ptr<StoreReader>> shards;
  for (std::uint32_t i = 0; i < count; ++i) {
    const fs::path dir = shard_store(store, Shard{i, count});
    if (!store_exists(dir)) {
      missing.push_back(i);
      continue;
    }
    auto reader = StoreReader::open(dir);
    if (!reader) return prefixed("shard " + Shard{i, count}.label() + ": ", reader.error());
    shards.push_back(std::move(*reader));
  }
  return shards;
}

// What each shard's runs counted against the job's budget, from the stores open_shard_stores
// opened; a shard that never ran (in `missing`) counted nothing.
Result<std::vector<std::uint64_t>> shards_spent(const std::vector<std::unique_ptr<StoreReader>>& readers,
                                                const std::vector<std::uint32_t>& missing, std::uint32_t count,
                                                std::string_view job) {
  std::vector<std::uint64_t> spent(count, 0);
  std::size_t next = 0;
  for (std::uint32_t i = 0; i < count; ++i) {
    if (std::find(missing.begin(), missing.end(), i) != missing.end()) continue;
    auto s = job_spend(*readers.at(next++), job);
    if (!s) return prefixed("shard " + Shard{i, count}.label() + ": ", s.error());
    spent[i] = *s;
  }
  return spent;
}

// The job budget's split for the planned `level` (paa/policy/job_budget.hpp), kept beside the
// plan: each shard's base is what its runs counted (every key before the level is settled, so
// no shard spends more before it copies the level), its weight its keys of the level. Written
// for every level, so a budget set later finds its split.
Result<void> split_budget(const JobSpec& spec, const fs::path& plan_dir, StoreWriter& plan,
                          const std::vector<std::uint64_t>& counted, std::uint32_t level, std::uint64_t from_seq,
                          std::uint64_t plan_keys) {
  const auto shards = static_cast<std::uint32_t>(counted.size());
  std::vector<std::uint64_t> keys(shards, 0);
  // Weighed by the keys the level's pass added (a round appends after the level's keys).
  auto scanned = plan.scan_level(spec.name, level, [&](const LevelKey& k) {
    if (k.seq >= from_seq) ++keys[shard_hash(k.encoded) % shards];
    return true;
  });
  if (!scanned) return scanned.error();
  BudgetSplit split = level_split(level, counted, keys);
  split.plan_keys = plan_keys;
  if (auto w = write_budget_split(budget_split_file(plan_dir), spec.name, split); !w) return w.error();
  if (spec.limits.job_max_searches > 0) {
    const auto budget = static_cast<std::uint64_t>(spec.limits.job_max_searches);
    std::fprintf(stderr, "paa: barrier: job_max_searches = %llu split for level %u:\n",
                 static_cast<unsigned long long>(budget), level);
    for (std::uint32_t i = 0; i < shards; ++i) {
      const std::uint64_t allowance = shard_allowance(split, budget, i);
      std::fprintf(stderr, "paa:   shard %s: %llu keys, spent %llu, may spend %llu more\n",
                   Shard{i, shards}.label().c_str(), static_cast<unsigned long long>(keys[i]),
                   static_cast<unsigned long long>(counted[i]),
                   static_cast<unsigned long long>(allowance - std::min(allowance, counted[i])));
    }
  }
  return {};
}

// A barrier stopped after planning the level and before splitting the budget: split it now
// (the level's keys all count: no pass is under way).
Result<void> split_unsplit_level(const JobSpec& spec, const fs::path& store, const fs::path& plan_dir, StoreWriter& plan,
                                 std::uint32_t shards, std::uint32_t level, std::uint64_t plan_keys) {
  auto split = read_budget_split(budget_split_file(plan_dir), spec.name);
  if (!split) return split.error();
  if (*split && (*split)->plan_keys == plan_keys) return {};
  std::vector<std::uint32_t> missing;
  auto readers = open_shard_stores(store, shards, missing);
  if (!readers) return readers.error();
  auto spent = shards_spent(*readers, missing, shards, spec.name);
  if (!spent) return spent.error();
  return split_budget(spec, plan_dir, plan, *spent, level, 0, plan_keys);
}

}  // namespace

int run_barrier(const BarrierFlags& f) {
  auto spec = load_job(f.job);
  if (!spec) return fail(spec.error());
  const ExpandSpec& expand = spec->expand;
  if (!expand.enabled()) {
    return fail(usage_error(f.job + ": the job does not expand ([expand] depth = 0): its shards need no barrier"));
  }
  if (f.level < 1 || f.level > static_cast<std::uint32_t>(expand.depth)) {
    return fail(usage_error("--level " + std::to_string(f.level) + ": the job's levels are 1 to " +
                            std::to_string(expand.depth) + " ([expand] depth)"));
  }
  const fs::path store = f.store.empty() ? spec->store : fs::path(f.store);
  const fs::path plan_dir = f.plan.empty() ? plan_store(store, f.shards) : fs::path(f.plan);
  auto plan = StoreWriter::open(plan_dir);
  if (!plan) return fail(prefixed("the plan " + plan_dir.string() + ": ", plan.error()));
  auto stored = (*plan)->expansion_state(spec->name);
  if (!stored) return fail(stored.error());
  ExpansionState state = reopen_cut_level(*stored, expand);
  // The job's lists, read whole: only once there is a level (or a round) to make.
  std::optional<JobCheck> check;
  auto read_lists = [&]() -> Result<void> {
    if (check) return {};
    auto read = check_job(*spec);
    if (!read) return read.error();
    check = std::move(*read);
    return {};
  };
  // Seeds added later (docs/expansion.md): once every level is planned, the barrier of level 1
  // begins a round over the new seeds, and each barrier appends the round's keys to its level,
  // as one process does after its levels.
  if (!state.in_round() && f.level == 1 && state.built >= static_cast<std::uint32_t>(expand.depth)) {
    if (auto begun = begin_round(state, expand)) {
      if (auto r = read_lists(); !r) return fail(r.error());
      auto fresh = count_new_seeds(*spec, check->repeated_key_hashes, *begun,
                                   [&](std::string_view k) { return (*plan)->seed_round(spec->name, k); });
      if (!fresh) return fail(fresh.error());
      if (*fresh > 0) {
        std::fprintf(stderr, "paa: barrier: %llu seeds added to the job's lists since level 1 was planned: "
                             "expanding them, a level at a time (levels 1 to %u)\n",
                     static_cast<unsigned long long>(*fresh), begun->round_levels);
        state = std::move(*begun);
      }
    }
  }
  const std::uint32_t next = state.pass_level();
  if (f.level < next) {
    if (f.level + 1 == next) {
      if (auto s = split_unsplit_level(*spec, store, plan_dir, **plan, f.shards, f.level, stored->discovered()); !s) {
        return fail(s.error());
      }
    }
    std::fprintf(stderr, "paa: barrier: level %u is planned already (%llu keys); nothing to do\n", f.level,
                 static_cast<unsigned long long>(state.level_keys[f.level - 1]));
    return kExitOk;
  }
  if (f.level > next) {
    const std::string what = state.in_round() ? "the round of seeds added later appends to level " : "level ";
    return fail(usage_error("--level " + std::to_string(f.level) + ": " + what + std::to_string(next) +
                            " first: run the barrier of level " + std::to_string(next) +
                            " (after the shards' run of level " + std::to_string(next - 1) + ")"));
  }
  // The level's keys before this pass: a round appends after them, a raised max_keys after the cut.
  const std::uint64_t from_seq = state.in_round()                ? state.round_start[f.level - 1]
                                 : stored->built >= f.level ? stored->level_keys[f.level - 1]
                                                                 : 0;
  std::vector<std::uint32_t> missing;
  auto shards = open_shard_stores(store, f.shards, missing);
  if (!shards) return fail(shards.error());
  if (!missing.empty()) {
    std::fprintf(stderr, "paa: barrier: level %u cannot be made yet: %zu of %u shards have not run\n", f.level,
                 missing.size(), f.shards);
    for (const std::uint32_t i : missing) {
      std::fprintf(stderr, "paa:   shard %s: no store at %s; run it (paa run %s --shard %s)\n",
                   Shard{i, f.shards}.label().c_str(), shard_store(store, Shard{i, f.shards}).string().c_str(),
                   f.job.c_str(), Shard{i, f.shards}.label().c_str());
    }
    return kExitShardsNotDone;
  }
  if (auto r = read_lists(); !r) return fail(r.error());
  ShardedExpansionStore expansion(**plan, *shards, spec->name);
  // A pass an earlier barrier began had every parent settled; one not begun waits for them.
  const bool under_way = state.pass_parents > 0 || state.pass_admitted > 0;
  if (!under_way) {
    auto outstanding = level_outstanding(*spec, check->repeated_key_hashes, f.level, expansion, f.shards);
    if (!outstanding) return fail(outstanding.error());
    if (outstanding->total() > 0) {
      std::fprintf(stderr, "paa: barrier: level %u cannot be made yet: %llu of the %llu keys of level %u are pending\n",
                   f.level, static_cast<unsigned long long>(outstanding->total()),
                   static_cast<unsigned long long>(outstanding->parents), f.level - 1);
      for (std::uint32_t i = 0; i < f.shards; ++i) {
        if (outstanding->pending[i] == 0) continue;
        std::fprintf(stderr, "paa:   shard %s: %llu pending; rerun it (paa run %s --shard %s)\n",
                     Shard{i, f.shards}.label().c_str(), static_cast<unsigned long long>(outstanding->pending[i]),
                     f.job.c_str(), Shard{i, f.shards}.label().c_str());
      }
      return kExitShardsNotDone;
    }
  }
  auto built = build_level(*spec, check->repeated_key_hashes, f.level, state, expansion, [] { return false; });
  if (!built) return fail(built.error());
  const ExpansionState& made = **built;
  auto spent = shards_spent(*shards, missing, f.shards, spec->name);
  if (!spent) return fail(spent.error());
  if (auto s = split_budget(*spec, plan_dir, **plan, *spent, f.level, from_seq, made.discovered()); !s) {
    return fail(s.error());
  }
  std::fprintf(stderr, "paa: barrier: level %u planned in %s: %llu new queries (%llu discovered in all%s); next: "
               "the shards' run of level %u\n",
               f.level, plan_dir.string().c_str(), static_cast<unsigned long long>(made.level_keys[f.level - 1] - from_seq),
               static_cast<unsigned long long>(made.discovered()),
               made.cut_level != 0 ? ", max_keys reached" : "", f.level);
  return kExitOk;
}

}  // namespace paa::app
