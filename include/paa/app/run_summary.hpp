#pragma once
// The lines `paa run` ends with on standard error (docs/running.md "The summary"): what was
// stored, spent, skipped, failed and is pending, the quota left, and the next commands.
#include "paa/harvest/harvester.hpp"
#include "paa/job/job_file.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>

namespace paa::app {

struct RunOutcome {
  const JobSpec& spec;
  const std::filesystem::path& job_store;  // the job file's; status reads that one unless told otherwise
  const std::string& run_id;
  const HarvestSummary& summary;
  const RunChanges& changes;
  std::uint64_t refresh_due = 0;
  int code = 0;  // the exit code
};

void print_run_summary(std::FILE* out, const RunOutcome& run);

}  // namespace paa::app
