#include "paa/app/run_budget.hpp"

#include "paa/harvest/job_allowance.hpp"

namespace paa::app {

namespace {

// The split the shard's runs go by: the barrier's of the plan's last level, or the seeds'.
Result<BudgetSplit> current_split(const RunConfig& config, const JobCheck& checked) {
  const JobSpec& spec = config.spec;
  const std::filesystem::path& plan = config.harvest.plan;
  if (plan.empty() || !store_exists(plan)) return seed_split(checked.keys_per_shard);
  auto reader = StoreReader::open(plan);
  if (!reader) return prefixed("the plan " + plan.string() + ": ", reader.error());
  auto state = (*reader)->expansion_state(spec.name);
  if (!state) return state.error();
  const std::filesystem::path file = budget_split_file(plan);
  auto split = read_budget_split(file, spec.name);
  if (!split) return split.error();
  if (state->built == 0) return seed_split(checked.keys_per_shard);
  // A plan without the split of its last pass (a barrier stopped between the two, or one from
  // before job budgets): its shares are not known, and an older split would give away what
  // the shards spent since. The barrier writes it when run again.
  if (!*split || (*split)->plan_keys != state->discovered() || (*split)->base.size() != checked.keys_per_shard.size()) {
    const std::string level = std::to_string(state->in_round() ? state->round_appended : state->built);
    return make_error(errc::invalid_input,
                      "the plan's level " + level + " has no split of job_max_searches (" + file.string() +
                          "): run its barrier again (paa barrier " + spec.file.string() + " --shards " +
                          std::to_string(config.shard->count) + " --level " + level + "), then this shard");
  }
  return std::move(**split);
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
