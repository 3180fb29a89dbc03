#include "paa/policy/job_budget.hpp"

#include <numeric>

namespace paa {

namespace {
// A budget near 2^63 times a weight near 2^64 does not fit in 64 bits.
__extension__ typedef unsigned __int128 wide;
}  // namespace

std::uint64_t run_spend(const RunSpendFigures& run) {
  // One that ended counts what its ledger counted (exact); one that did not, what it reserved.
  if (!run.ended) return run.reserved;
  return run.charged + (run.unknown > run.unknown_disproved ? run.unknown - run.unknown_disproved : 0);
}

BudgetSplit seed_split(std::span<const std::uint64_t> keys_per_shard) {
  BudgetSplit s;
  s.base.assign(keys_per_shard.size(), 0);
  s.weight.assign(keys_per_shard.begin(), keys_per_shard.end());
  return s;
}

BudgetSplit level_split(std::uint32_t level, std::span<const std::uint64_t> counted,
                        std::span<const std::uint64_t> keys_per_shard) {
  BudgetSplit s;
  s.level = level;
  s.base.assign(counted.begin(), counted.end());
  s.weight.assign(keys_per_shard.begin(), keys_per_shard.end());
  return s;
}

std::uint64_t shard_allowance(const BudgetSplit& split, std::uint64_t budget, std::uint32_t index) {
  if (index >= split.base.size()) return 0;
  const std::uint64_t base = split.base[index];
  const std::uint64_t bases = std::accumulate(split.base.begin(), split.base.end(), std::uint64_t{0});
  const std::uint64_t weights = std::accumulate(split.weight.begin(), split.weight.end(), std::uint64_t{0});
  if (bases >= budget || weights == 0 || index >= split.weight.size()) return base;
  // Floors: the shares add up to at most what is left.
  const auto share = static_cast<wide>(budget - bases) * split.weight[index] / weights;
  return base + static_cast<std::uint64_t>(share);
}

}  // namespace paa
