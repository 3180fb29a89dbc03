#pragma once
// The job-wide budget's reads and writes (the rules are paa/policy/job_budget.hpp's): what the
// runs recorded in a store counted against it, and the split of a sharded job, kept with the
// plan of an expanding one as a small JSON file beside it (`coffee-plan-of-4-budget.json`),
// replaced atomically by the barrier.
#include "paa/error.hpp"
#include "paa/policy/job_budget.hpp"
#include "paa/store/records.hpp"

#include <filesystem>
#include <optional>
#include <span>
#include <string_view>

namespace paa {

// What the runs of `job` recorded in one store counted against its budget.
std::uint64_t job_spend(std::span<const RunInfo> runs, std::string_view job);

// `coffee-plan-of-4.db` -> `coffee-plan-of-4-budget.json`.
std::filesystem::path budget_split_file(const std::filesystem::path& plan);
// nullopt: no file (no barrier has split the budget yet).
Result<std::optional<BudgetSplit>> read_budget_split(const std::filesystem::path& file, std::string_view job);
Result<void> write_budget_split(const std::filesystem::path& file, std::string_view job, const BudgetSplit& split);

}  // namespace paa
