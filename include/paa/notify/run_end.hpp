#pragma once
// The notice of a finished `paa run`, from what the run and its store say.
#include "paa/harvest/harvester.hpp"
#include "paa/job/job_file.hpp"
#include "paa/notify/run_notice.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <string>

namespace paa {

RunNotice run_notice_for(const JobSpec& spec, const std::string& run_id, const HarvestSummary& summary,
                         const RunChanges& changes, int exit_code, std::int64_t started_at_ms,
                         std::int64_t ended_at_ms);

// The notice of a run as the store recorded it (`paa notify`): the figures the store keeps for
// a run; `failed` is the job's failed keys now; the quota's figures (not kept) are null and
// pending 0. The exit code follows from the outcome (a completed run with failed keys: 5).
RunNotice run_notice_from_record(const JobSpec& spec, const RunInfo& run, std::uint64_t failed);

}  // namespace paa
