#pragma once
// The job-wide budget (`[limits] job_max_searches`, docs/running.md "Money: the job's budget"):
// what a job's runs have counted against it, and how it is split between a job's shards. Pure.
//
// A run counts what its SpendLedger counted: charged answers plus unknown outcomes not
// disproved, recorded when it ends. A run that never ended (killed, or running now) counts its
// reservation: the high-water mark it made durable before spending past it (SpendReservation),
// so a crash never lets a rerun spend what the killed run may have spent.
//
// Split between N shards: each shard i has an allowance (what all its runs may count, ever)
//
//     allowance_i = base_i + floor((budget - sum(base)) * weight_i / sum(weight))
//
// base_i: what shard i had counted when the split was made (0 before any), weight_i: its keys
// of the level the split is for (its seeds for the first). The allowances add up to at most the
// budget, whatever the shards do; a shard that finished under its share leaves the rest to the
// next split (the barrier's, which takes what each shard counted as its base). Raising the
// budget in the job file raises every allowance at once, without a new split.
#include <cstdint>
#include <span>
#include <vector>

namespace paa {

// A run's record, as far as the budget reads it.
struct RunSpendFigures {
  bool ended = false;  // it recorded its end (with its money)
  std::uint64_t charged = 0;
  std::uint64_t unknown = 0;
  std::uint64_t unknown_disproved = 0;
  std::uint64_t reserved = 0;  // its reservation (SpendReservation)
};
// What one run counts against the job's budget.
std::uint64_t run_spend(const RunSpendFigures& run);

struct BudgetSplit {
  std::uint32_t level = 0;            // the expansion level it was made for (0: the seeds)
  std::vector<std::uint64_t> base;    // per shard
  std::vector<std::uint64_t> weight;  // per shard
  // The plan's keys (all levels) when the barrier split it: a shard goes by a split of the plan
  // as it is, never by one of an earlier state (0: the seeds' split, no plan).
  std::uint64_t plan_keys = 0;
  friend bool operator==(const BudgetSplit&, const BudgetSplit&) = default;
};

// The first split: no shard has counted anything; each weighs its keys.
BudgetSplit seed_split(std::span<const std::uint64_t> keys_per_shard);
// The barrier's split for `level`: each shard's base is what it counted so far, its weight its
// keys of the level.
BudgetSplit level_split(std::uint32_t level, std::span<const std::uint64_t> counted,
                        std::span<const std::uint64_t> keys_per_shard);
// What shard `index` may count over all its runs under `budget`.
std::uint64_t shard_allowance(const BudgetSplit& split, std::uint64_t budget, std::uint32_t index);

// What a run may count: the allowance less what earlier runs counted (never below 0).
inline std::uint64_t run_allowance(std::uint64_t allowance, std::uint64_t counted_before) {
  return allowance > counted_before ? allowance - counted_before : 0;
}

}  // namespace paa
