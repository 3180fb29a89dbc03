#pragma once
// `paa check JOB`'s findings as values (docs/jobs.md "Checking a job"): the job read whole once
// (queries, lists, locales, requests, unique keys, keys per shard) and, from its store when it
// exists, what a run started now would refresh and how far its expansion got. Nothing is
// written. render_check_text prints them; it decides nothing.
#include "paa/error.hpp"
#include "paa/job/job_file.hpp"
#include "paa/policy/job_budget.hpp"

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace paa::app {

struct CheckReport {
  JobSpec spec;
  JobCheck check;
  std::uint32_t shards = 0;  // --shards N; 0: not asked
  // refresh_after: stored keys due now; nullopt with a refresh rule: no store yet.
  struct Refresh {
    std::uint64_t due = 0, stored = 0;
  };
  std::optional<Refresh> refresh;
  // [expand]: the bound on discovered keys (nullopt: unbounded).
  std::optional<std::uint64_t> discovered_bound;
  // skip_variants: the variant groups of the job's own keys; and, from the store, what was
  // skipped and discovered so far (when the job has expanded).
  std::uint64_t variant_groups = 0;
  struct SoFar {
    std::uint64_t skipped = 0, discovered = 0;
  };
  std::optional<SoFar> so_far;
  // Seeds added after level 1 was made (docs/expansion.md "Seeds added later"); nullopt: no
  // level 1 yet.
  struct Seeds {
    bool recorded = true;       // false: level 1 was made before seeds were recorded
    std::uint64_t fresh = 0;    // seeds not expanded yet
    bool capped = false;        // max_keys is reached: a higher one expands them
    std::uint32_t depth = 0;    // the level the next run expands them to
  };
  std::optional<Seeds> seeds;
  // --shards N: the split of job_max_searches in force (the seeds', or the barrier's kept beside
  // the plan of an expanding job).
  std::optional<BudgetSplit> budget_split;
  std::uint32_t budget_split_stale_level = 0;  // no split kept for the plan's level: its barrier is rerun
};

Result<CheckReport> build_check_report(JobSpec spec, std::uint32_t shards);

void render_check_text(std::FILE* out, const CheckReport& report);

}  // namespace paa::app
