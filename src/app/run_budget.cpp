#include "paa/app/run_budget.hpp"

#include "paa/harvest/job_allowance.hpp"
#include "paa/job/shard.hpp"

namespace paa::app {

namespace {

// The split the shard's runs go by; a plan whose last level has none kept is refused.
Result<BudgetSplit> current_split(const RunConfig& config, const JobCheck& checked) {
  auto chosen = plan_budget_split(config.harvest.plan, config.spec.name, checked.keys_per_shard);
  if (!chosen) return chosen.error();
  if (chosen->split) return std::move(*chosen->split);
  const std::string level = std::to_string(chosen->stale_level);
  return make_error(errc::invalid_input,
                    "the plan's level " + level + " has no split of job_max_searches (" +
                        budget_split_file(config.harvest.plan).string() + "): run its barrier again (" +
                        barrier_command(config.spec.file.string(), config.shard->count, chosen->stale_level) +
                        "), then this shard");
}

}  // namespace

Result<std::optional<RunBudget>> run_budget(const RunConfig& config, const JobCheck& checked, StoreWriter& store) {
  const JobSpec& spec = config.spec;
  if (spec.limits.job_max_searches <= 0) return std::optional<RunBudget>();
  RunBudget b;
  b.budget = static_cast<std::uint64_t>(spec.limits.job_max_searches);
  auto runs = store.recorded_runs();
  if (!runs) return runs.error();
  b.counted_before = job_spend(*runs, spec.name);
  b.allowance = b.budget;
  if (config.shard) {
    auto split = current_split(config, checked);
    if (!split) return split.error();
    b.allowance = shard_allowance(*split, b.budget, config.shard->index);
    b.share = "shard " + config.shard->label() + "'s share: " + std::to_string(b.allowance) +
              (split->level == 0 ? std::string(" (split by the seeds)")
                                 : " (split at level " + std::to_string(split->level) + ")");
  }
  b.run_allowance = run_allowance(b.allowance, b.counted_before);
  return std::optional<RunBudget>(std::move(b));
}

}  // namespace paa::app
