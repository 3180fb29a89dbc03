#pragma once
// The job-wide budget's reads and writes (the rules are paa/policy/job_budget.hpp's): what the
// runs recorded in a store counted against it, and the split of a sharded job, kept with the
// plan of an expanding one as a small JSON file beside it (`coffee-plan-of-4-budget.json`),
// replaced atomically by the barrier.
#include "paa/error.hpp"
#include "paa/policy/job_budget.hpp"
#include "paa/store/read_ports.hpp"
#include "paa/store/records.hpp"

#include <filesystem>
#include <optional>
#include <span>
#include <string_view>

namespace paa {

// What the runs of `job` recorded in one store counted against its budget.
std::uint64_t job_spend(std::span<const RunInfo> runs, std::string_view job);
// The same, read from a store's run records.
Result<std::uint64_t> job_spend(HistoryReader& store, std::string_view job);

// The split a sharded job's runs go by: the seeds' (`keys_per_shard`) until the plan (empty: the
// job does not expand) has a level, then the one the plan's last barrier kept beside it. When
// the plan has a level and no split of it is kept (a barrier stopped between the two, or one
// from before job budgets), there is none: `stale_level` names the barrier to run again, as an
// older split would give away what the shards spent since.
struct PlanSplit {
  std::optional<BudgetSplit> split;
  std::uint32_t stale_level = 0;
};
Result<PlanSplit> plan_budget_split(const std::filesystem::path& plan, std::string_view job,
                                    std::span<const std::uint64_t> keys_per_shard);

// `coffee-plan-of-4.db` -> `coffee-plan-of-4-budget.json`.
std::filesystem::path budget_split_file(const std::filesystem::path& plan);
// nullopt: no file (no barrier has split the budget yet).
Result<std::optional<BudgetSplit>> read_budget_split(const std::filesystem::path& file, std::string_view job);
Result<void> write_budget_split(const std::filesystem::path& file, std::string_view job, const BudgetSplit& split);

}  // namespace paa
