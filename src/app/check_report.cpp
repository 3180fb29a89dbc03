#include "paa/app/check_report.hpp"

#include "paa/app/command_failure.hpp"
#include "paa/app/run_alerts.hpp"
#include "paa/expand/level_builder.hpp"
#include "paa/expand/level_pass.hpp"
#include "paa/expand/variant_groups.hpp"
#include "paa/harvest/expansion_levels.hpp"
#include "paa/harvest/job_allowance.hpp"
#include "paa/harvest/shard_levels.hpp"
#include "paa/harvest/refresh_due.hpp"
#include "paa/model/clock.hpp"
#include "paa/store/store.hpp"

#include <algorithm>
#include <filesystem>
#include <memory>

namespace paa::app {

namespace {

// What a run started now would refresh: stored keys whose result is older than refresh_after.
Result<CheckReport::Refresh> refresh_due(const CheckReport& r, StoreReader& store) {
  const RefreshRule rule = RefreshRule::after(r.spec.refresh_after_ms, unix_now_ms());
  auto due = count_due_keys(r.spec, rule, r.check.repeated_key_hashes, std::nullopt,
                            [&](std::string_view k) -> Result<std::optional<std::int64_t>> {
                              auto stored = store.get(k);
                              if (!stored) return stored.error();
                              if (!*stored) return std::optional<std::int64_t>();
                              return std::optional<std::int64_t>((*stored)->fetched_at_ms);
                            });
  if (!due) return due.error();
  return CheckReport::Refresh{due->due, due->stored};
}

// skip_variants, from what is known before any search: the variant groups of the job's own
// keys (a discovered question in one of them is not asked).
Result<std::uint64_t> variant_groups_of(const JobSpec& spec) {
  GroupSet groups;
  KeyGrouper grouper;
  if (auto added = add_job_key_groups(spec, grouper, groups); !added) return added.error();
  return groups.size();
}

// Seeds added to the lists after level 1 was made (docs/expansion.md "Seeds added later").
Result<std::optional<CheckReport::Seeds>> seeds_of(const CheckReport& r, StoreReader& store,
                                                   const ExpansionState& state) {
  if (state.built < 1) return std::optional<CheckReport::Seeds>();
  CheckReport::Seeds seeds;
  if (!state.seeds_recorded) {
    seeds.recorded = false;
    return std::optional<CheckReport::Seeds>(seeds);
  }
  auto fresh = count_new_seeds(r.spec, r.check.repeated_key_hashes, state,
                               [&](std::string_view k) { return store.seed_round(r.spec.name, k); });
  if (!fresh) return fresh.error();
  const ExpandSpec& e = r.spec.expand;
  seeds.fresh = *fresh;
  seeds.depth = std::min(state.built, static_cast<std::uint32_t>(e.depth));
  const ExpansionState opened = reopen_cut_level(state, e);  // a higher max_keys reopens a cut level
  seeds.capped = opened.cut_level != 0 || (e.max_keys != 0 && opened.discovered() >= e.max_keys);
  return std::optional<CheckReport::Seeds>(seeds);
}

// From the job's store, when it exists: the refresh due and the expansion's state.
Result<void> read_store(CheckReport& r) {
  std::error_code ec;
  if (!std::filesystem::exists(r.spec.store, ec)) return {};
  if (!r.spec.refresh_after_ms && !r.spec.expand.enabled()) return {};
  auto store = StoreReader::open(r.spec.store);
  if (!store) return store.error();
  if (r.spec.refresh_after_ms) {
    auto due = refresh_due(r, **store);
    if (!due) return due.error();
    r.refresh = *due;
  }
  if (!r.spec.expand.enabled()) return {};
  auto state = (*store)->expansion_state(r.spec.name);
  if (!state) return state.error();
  if (r.spec.expand.skip_variants && state->expanded()) r.so_far = CheckReport::SoFar{state->skipped(), state->discovered()};
  auto seeds = seeds_of(r, **store, *state);
  if (!seeds) return seeds.error();
  r.seeds = *seeds;
  return {};
}

}  // namespace

Result<CheckReport> build_check_report(JobSpec spec, std::uint32_t shards) {
  if (auto alerts = check_alerts(spec); !alerts) return alerts.error();
  auto check = check_job(spec, CheckOptions{std::nullopt, shards});
  if (!check) return check.error();
  CheckReport r;
  r.spec = std::move(spec);
  r.check = std::move(*check);
  r.shards = shards;
  if (r.spec.expand.enabled()) {
    r.discovered_bound = max_discovered(r.spec.expand, r.check.unique_keys);
    if (r.spec.expand.skip_variants) {
      auto groups = variant_groups_of(r.spec);
      if (!groups) return groups.error();
      r.variant_groups = *groups;
    }
  }
  if (auto read = read_store(r); !read) return read.error();
  if (shards > 0) {
    const std::filesystem::path plan = r.spec.expand.enabled() ? plan_store(r.spec.store, shards) : std::filesystem::path();
    auto chosen = plan_budget_split(plan, r.spec.name, r.check.keys_per_shard);
    if (!chosen) return chosen.error();
    r.budget_split = std::move(chosen->split);
    r.budget_split_stale_level = chosen->stale_level;
  }
  return r;
}

}  // namespace paa::app
