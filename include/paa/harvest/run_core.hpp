#pragma once
// The decision parts one run shares between its keys (rate, quota, the service's health, start
// gate, back-off, tally), made from the run's options and what the store remembers (the quota;
// whether the service answered it before). Pure, like its parts.
#include "paa/harvest/harvester.hpp"
#include "paa/harvest/key_attempt.hpp"

namespace paa {

struct RunCore {
  RunCore(const HarvestOptions& options, const QuotaState& stored_quota, bool service_reached, SteadyTime now,
          std::int64_t now_ms)
      : rate({options.job.limits.rate, static_cast<double>(options.job.limits.burst)}, now),
        quota({options.job.limits.on_quota, options.job.limits.use_payg, options.job.limits.max_searches,
               options.probe_interval, options.job_allowance},
              stored_quota, now_ms),
        health({options.endpoint.display(), options.job.limits.concurrency, service_reached,
                std::chrono::milliseconds(options.job.limits.outage_wait_ms), options.outage_probe_base, options.outage_probe_cap,
                std::chrono::milliseconds(static_cast<std::int64_t>(options.job.limits.timeout_s * 1000))}),
        reservation(options.job_allowance, options.reservation_step),
        gate(quota, rate, health, reservation),
        backoff({options.backoff_base, options.backoff_cap, options.job.limits.retries}),
        attempt_config{options.job.name, options.job.api_key_env, options.max_rate_limited_in_a_row,
                       ParseLimits{.max_body_bytes = options.max_body}, options.endpoint.display()} {}
  RunCore(const RunCore&) = delete;
  RunCore& operator=(const RunCore&) = delete;

  KeyAttempt attempt(const WorkItem& item) {
    return KeyAttempt({gate, quota, rate, backoff, tally, health}, attempt_config, item);
  }

  RateController rate;
  QuotaTracker quota;
  ServiceHealth health;
  SpendReservation reservation;  // under a job-wide budget
  StartGate gate;  // its stop reason is the run's
  RetryBackoff backoff;
  RunTally tally;
  const KeyAttempt::Config attempt_config;
};

}  // namespace paa
