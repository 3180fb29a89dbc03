#include "paa/harvest/run_report.hpp"

#include "paa/model/envelope.hpp"

namespace paa {

ProgressSnapshot progress_snapshot(const RunView& run, double requests_per_s, bool rate_paused, SteadyTime now,
                                   std::int64_t now_ms) {
  const QuotaState& quota = run.quota.state();
  ProgressSnapshot s;
  s.total = run.feed.total_keys.load();
  if (run.options.job.expand.enabled()) {
    s.level = run.feed.level.load();
    s.levels = static_cast<std::uint32_t>(run.options.job.expand.depth);
  }
  s.done = run.tally.stored + run.feed.already_stored.load();
  s.refresh_due = run.options.refresh_due;
  s.refresh_sent = run.feed.refresh_sent.load();
  s.failed = run.tally.failed;
  s.cached = run.tally.cached;
  s.fetched = run.tally.stored;
  s.elapsed_s = run.elapsed_s;
  const bool outage = run.health.phase() == ServiceHealth::Phase::outage;
  // No ETA while waiting for the renewal or for the service.
  s.requests_per_s = run.quota.exhausted() || outage ? 0 : requests_per_s;
  s.searches_left = quota.searches_left;
  if (quota.renewal_date) s.renewal_date = format_date(*quota.renewal_date);
  RunState state{run.stop != StopReason::none, run.quota.exhausted(), run.quota.next_probe_ms(), rate_paused};
  if (outage) {
    state.unreachable_since_ms = run.health.down_since_ms();
    state.next_try_ms = run.health.next_probe_ms(now, now_ms);
  }
  s.state = run_state_text(state, now_ms);
  return s;
}

HarvestSummary summarize(const RunView& run, const std::string& stop_cause) {
  const SpendLedger& ledger = run.quota.ledger();
  HarvestSummary s;
  s.fetched = run.tally.stored;
  s.already_stored = run.feed.already_stored.load();
  s.refresh_sent = run.feed.refresh_sent.load();
  s.duplicates = run.feed.duplicates.load();
  s.failed = run.tally.failed;
  s.cached = run.tally.cached;
  s.searches_spent = ledger.charged();
  s.unknown_outcomes = ledger.unknown();
  s.unknown_disproved = ledger.released();
  s.balance_fall = ledger.balance_fall();
  s.requests = run.tally.requests;
  s.retries = run.tally.retries;
  s.resent_stale = run.tally.resent_stale;
  s.rate_limited = run.tally.rate_limited;
  s.task_errors = run.task_errors;
  s.stop = run.stop;
  s.quota = run.quota.state();
  s.latest_quota = run.quota.latest_figures();
  s.elapsed_s = run.elapsed_s;
  const std::uint64_t settled = s.fetched + s.already_stored + s.failed;
  const std::uint64_t total = run.feed.total_keys.load();
  s.pending = total > settled ? total - settled : 0;
  s.level = run.feed.level.load();
  s.discovered = run.feed.discovered.load();
  s.variants_skipped = run.feed.variants_skipped.load();
  s.stop_message = stop_message(
      s.stop,
      {run.options.job.file.string(), run.options.job.limits.max_searches, run.options.job.limits.job_max_searches,
       run.options.job_share, s.quota.renewal_date},
      stop_cause);
  return s;
}

}  // namespace paa
