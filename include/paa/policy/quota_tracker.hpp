#pragma once
// Knows what is left of the monthly quota and when it renews, decides whether a request
// may go out, and when to probe an exhausted quota. Pure: wall-clock time comes in as Unix ms.
//
// Rules (docs/running.md "Quota"):
//  - responses arrive out of order: the lowest searchesLeft seen in the current period wins;
//    a later renewalDate, or any success after an exhaustion, starts a new period;
//  - a quota never seen (a new store) gets one request alone: its answer's figures open the window;
//  - never more requests in flight than searches known to be left (plus PAYG credits when
//    allowed), less the unknown outcomes the figures may not include yet: none is sent into a
//    quota known to be empty;
//  - max_searches caps what the SpendLedger counts: charged answers, unknown outcomes not
//    disproved by the service's figures, and requests in flight;
//  - exhausted (a 429 without Retry-After, or searchesLeft = 0 without usable PAYG):
//    no request goes out but one probe, at renewalDate 00:00 UTC, then every probe interval;
//  - a store that remembers an exhaustion still allows exactly one probe at the start of a run
//    (the user may have bought credits); with on_quota = stop a refused probe ends the run.
#include "paa/model/envelope.hpp"
#include "paa/model/on_quota.hpp"
#include "paa/model/quota_state.hpp"
#include "paa/policy/spend_ledger.hpp"

#include <chrono>
#include <cstdint>
#include <optional>

namespace paa {

class QuotaTracker {
 public:
  struct Config {
    OnQuota on_quota = OnQuota::wait;
    bool use_payg = false;
    std::int64_t max_searches = 0;  // 0 = no cap
    std::chrono::milliseconds probe_interval{std::chrono::hours(1)};
    // What the run may count under the job's budget (job_max_searches, less what the job's
    // earlier runs counted; a shard's share of it): nullopt = no job budget, 0 = none left.
    std::optional<std::uint64_t> job_allowance;
  };

  enum class Gate {
    go,          // start a normal request
    go_probe,    // start exactly one probe request
    wait_event,  // wait until an in-flight request finishes
    wait_until,  // wait until `until_ms`
    stop_quota,  // exhausted and on_quota = stop: end the run (exit 4)
    stop_budget, // max_searches reached: end the run (exit 4)
    stop_job_budget,  // job_allowance reached: end the run (exit 4)
  };
  struct Decision {
    Gate gate;
    std::int64_t until_ms = 0;
  };

  QuotaTracker(Config config, const QuotaState& stored, std::int64_t now_ms);

  Decision decide(std::int64_t now_ms) const;

  // Every start is closed by exactly one of the three calls after it.
  SpendLedger::Ticket on_start(bool probe);
  // A 200 with a valid envelope (the ticket its start returned).
  void on_success(const SpendLedger::Ticket& ticket, const QuotaFields& fields, bool cached,
                  std::int64_t now_ms);
  // A 429 without Retry-After: nothing was charged.
  void on_exhausted(std::int64_t now_ms);
  // Any other end. `unknown`: the request was sent and no usable answer came back, so it may
  // have been charged; otherwise nothing was (4xx, 429 with Retry-After, never fully sent).
  void on_failure(bool unknown, std::int64_t now_ms);

  bool exhausted() const { return state_.exhausted_until_ms.has_value(); }
  // How many times the quota was found empty (a remembered exhaustion counts): each one is
  // announced once (QuotaWaitNotice).
  std::uint64_t exhaustions() const { return exhaustions_; }
  // The figures of the answer that arrived last, as the service sent them. state() keeps the
  // lowest of the period (answers arrive out of order), which is what spending goes by.
  const std::optional<QuotaFields>& latest_figures() const { return latest_; }
  std::int64_t next_probe_ms() const { return next_probe_ms_; }
  int in_flight() const { return static_cast<int>(ledger_.in_flight()); }
  const SpendLedger& ledger() const { return ledger_; }
  // What to persist (and to show): last seen fields, seen time, exhausted-until.
  const QuotaState& state() const { return state_; }

  // 00:00 UTC of a renewal date, in Unix ms.
  static std::int64_t renewal_instant_ms(std::chrono::year_month_day date);

 private:
  bool finish_probe();
  void mark_exhausted(std::int64_t now_ms);
  void settle(std::int64_t now_ms);
  // Searches (plus usable PAYG credits) left per the lowest figures of the period.
  std::optional<std::int64_t> reported_allowance() const;
  std::int64_t next_probe_for(std::int64_t now_ms) const;

  Config config_;
  QuotaState state_;
  std::int64_t next_probe_ms_ = 0;
  bool probe_in_flight_ = false;
  bool stop_after_failed_probe_ = false;  // on_quota = stop: a refused probe ends the run
  std::uint64_t exhaustions_ = 0;
  std::optional<QuotaFields> latest_;
  SpendLedger ledger_;
};

}  // namespace paa
