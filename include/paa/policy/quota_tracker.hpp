#pragma once
// Knows what is left of the monthly quota and when it renews, decides whether a request
// may go out, and when to probe an exhausted quota. Pure: wall-clock time comes in as Unix ms.
//
// Rules (README "Quota"):
//  - responses arrive out of order: the lowest searchesLeft seen in the current period wins;
//    a later renewalDate, or any success after an exhaustion, starts a new period;
//  - never more requests in flight than searches known to be left (plus PAYG credits when
//    allowed): none is sent into a quota known to be empty;
//  - exhausted (a 429 without Retry-After, or searchesLeft = 0 without usable PAYG):
//    no request goes out but one probe, at renewalDate 00:00 UTC, then every probe interval;
//  - a store that remembers an exhaustion still allows exactly one probe at the start of a run
//    (the user may have bought credits); with on_quota = stop a refused probe ends the run.
#include "paa/job/job_file.hpp"
#include "paa/store/store.hpp"

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
  };

  enum class Gate {
    go,          // start a normal request
    go_probe,    // start exactly one probe request
    wait_event,  // wait until an in-flight request finishes
    wait_until,  // wait until `until_ms`
    stop_quota,  // exhausted and on_quota = stop: end the run (exit 4)
    stop_budget, // max_searches reached: end the run (exit 4)
  };
  struct Decision {
    Gate gate;
    std::int64_t until_ms = 0;
  };

  QuotaTracker(Config config, const QuotaState& stored, std::int64_t now_ms);

  Decision decide(std::int64_t now_ms) const;

  void on_start(bool probe);
  // A 200 with a valid envelope.
  void on_success(const QuotaFields& fields, bool cached, std::int64_t now_ms);
  // A 429 without Retry-After.
  void on_exhausted(std::int64_t now_ms);
  // Any other end of a request (error, retryable failure, rate-limit 429).
  void on_other(std::int64_t now_ms);

  bool exhausted() const { return state_.exhausted_until_ms.has_value(); }
  std::int64_t next_probe_ms() const { return next_probe_ms_; }
  int in_flight() const { return in_flight_; }
  std::int64_t spent() const { return spent_; }
  // What to persist (and to show): last seen fields, seen time, exhausted-until.
  const QuotaState& state() const { return state_; }

  // 00:00 UTC of a renewal date, in Unix ms.
  static std::int64_t renewal_instant_ms(std::chrono::year_month_day date);

 private:
  void finish_one(bool was_probe);
  void mark_exhausted(std::int64_t now_ms);
  void settle(std::int64_t now_ms);
  std::optional<std::int64_t> allowance() const;
  std::int64_t next_probe_for(std::int64_t now_ms) const;

  Config config_;
  QuotaState state_;
  std::int64_t next_probe_ms_ = 0;
  bool probe_in_flight_ = false;
  bool stop_after_failed_probe_ = false;  // on_quota = stop: a refused probe ends the run
  int in_flight_ = 0;
  std::int64_t spent_ = 0;  // non-cached successes of this run (budget)
};

}  // namespace paa
