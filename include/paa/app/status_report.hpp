#pragma once
// `paa status`'s figures as values (docs/store.md "Status"): per job, how far it got (levels
// when it expanded, its keys' stability with --json), the runs of the jobs shown and the last
// known quota. Built here from a store read through a secondary instance; rendered as text or
// JSON by status_render.hpp, which decide nothing.
#include "paa/error.hpp"
#include "paa/export/pipeline/kept_analysis.hpp"
#include "paa/job/job_file.hpp"
#include "paa/job/shard.hpp"
#include "paa/store/store.hpp"
#include "paa/watch/stability_distribution.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace paa::app {

// An expanding job's keys of one level (docs/running.md "Expansion").
struct LevelRow {
  std::uint32_t level = 0;
  std::optional<std::uint64_t> keys;  // level 0: known only when the job file was given
  std::uint64_t done = 0;
  std::uint64_t failed = 0;
  std::uint64_t empty = 0;  // done, and the answer's tree has no question: nothing to expand
  std::uint64_t skipped = 0;  // skip_variants: candidates not admitted to this level as variants
  std::optional<std::uint64_t> pending() const {
    if (!keys) return std::nullopt;
    return *keys > done + failed ? *keys - done - failed : 0;
  }
};

struct JobRow {
  JobStats stats;
  std::optional<std::uint64_t> keys_in_job;  // known only when the job file was given
  std::vector<LevelRow> levels;              // empty: the job has not expanded
  std::optional<watch::StabilityDistribution> stability = {};  // --json: its keys over their versions
  // An expanding job over shards (--shards N): what runs next, as a command or a step's name.
  std::string next_step = {};
  // The job file's job_max_searches, and what the job's runs in the stores read counted against
  // it (docs/running.md "Money: the job's budget"); nullopt: no job file, or no budget.
  struct Budget {
    std::uint64_t max = 0;
    std::uint64_t counted = 0;
  };
  std::optional<Budget> budget = {};
  std::optional<std::uint64_t> pending() const {
    if (!keys_in_job) return std::nullopt;
    if (!levels.empty()) {
      std::uint64_t sum = 0;
      for (const auto& l : levels) sum += l.pending().value_or(0);
      return sum;
    }
    const std::uint64_t accounted = stats.done + stats.failed;
    return *keys_in_job > accounted ? *keys_in_job - accounted : 0;
  }
  std::optional<double> cached_share() const {
    if (stats.done == 0) return std::nullopt;
    return static_cast<double>(stats.cached) / static_cast<double>(stats.done);
  }
};

struct StatusReport {
  std::string store;
  std::vector<JobRow> jobs;
  QuotaState quota;
  std::vector<RunInfo> runs;  // of the jobs shown, oldest first
  // The job file's store does not exist yet: every key pending, and `paa run JOB` starts it.
  bool never_run = false;
  // The analyses kept in the store (docs/store.md "The kept analysis"), by folder name.
  std::vector<exporting::KeptSummary> analyses;
};

struct StatusRequest {
  std::optional<JobSpec> spec;  // the job file, when given: its keys are known
  std::string store;
  std::vector<std::string> more_stores;  // read as one with `store` (a job's shard stores)
  std::uint32_t shards = 0;  // the job runs over N shards: the next step of its expansion is said
  bool stability = false;       // each job's keys over their versions (--json)
};

Result<StatusReport> build_status_report(const StatusRequest& request);

// The shard of the job a store holds (nullopt: the whole job): a shard store's pending keys are
// its shard's only, not the other shards'.
Result<std::optional<Shard>> shard_held(StoreReader& store, const JobSpec& spec);

}  // namespace paa::app
