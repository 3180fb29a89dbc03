#pragma once
// A run's part of its job's budget ([limits] job_max_searches; docs/running.md "Money: the
// job's budget"): what earlier runs of the store counted, the allowance of the job or of the
// shard (the plan's split for an expanding job's shard past its seeds; the seeds' split
// otherwise), and what this run may count.
#include "paa/app/run_config.hpp"
#include "paa/error.hpp"
#include "paa/job/job_file.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace paa::app {

struct RunBudget {
  std::uint64_t budget = 0;          // job_max_searches
  std::uint64_t allowance = 0;       // the job's (unsharded) or the shard's
  std::uint64_t counted_before = 0;  // by the store's earlier runs of the job
  std::uint64_t run_allowance = 0;   // what this run may count
  std::string share;                 // "shard 1/4's share: 310 (split at level 1)"; "" unsharded
};

// nullopt: the job has no budget. `checked`: the job's check with keys per shard counted.
Result<std::optional<RunBudget>> run_budget(const RunConfig& config, const JobCheck& checked, StoreWriter& store);

}  // namespace paa::app
