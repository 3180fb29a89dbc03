#pragma once
// What a run reports of itself: the progress line's figures while it works and the summary when
// it ends, from its counters. Pure: the caller passes the times and the rate.
#include "paa/harvest/feeder.hpp"
#include "paa/harvest/harvester.hpp"
#include "paa/harvest/key_attempt.hpp"
#include "paa/harvest/progress.hpp"
#include "paa/harvest/service_health.hpp"
#include "paa/policy/quota_tracker.hpp"

#include <cstdint>
#include <string>

namespace paa {

// The run as its parts count it.
struct RunView {
  const HarvestOptions& options;
  const RunTally& tally;        // the workers' (io thread)
  const FeedCounters& feed;     // the feeder's (atomic)
  const QuotaTracker& quota;
  const ServiceHealth& health;
  StopReason stop = StopReason::none;
  std::uint64_t task_errors = 0;
  double elapsed_s = 0;
};

// Keys settled by the workers so far (stored or failed): what the rate counts.
inline std::uint64_t settled_by_workers(const RunView& run) { return run.tally.stored + run.tally.failed; }

ProgressSnapshot progress_snapshot(const RunView& run, double requests_per_s, bool rate_paused, SteadyTime now,
                                   std::int64_t now_ms);

// `stop_cause`: what stopped the run when its reason alone does not say (stop_message).
HarvestSummary summarize(const RunView& run, const std::string& stop_cause);

}  // namespace paa
