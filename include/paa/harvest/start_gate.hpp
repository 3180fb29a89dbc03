#pragma once
// The one question every worker asks before a request: may I start now? Combines the stop
// reason, the service's health (an outage: wait for its probe), the quota tracker (budget,
// known-empty quota, probes) and the rate controller. Pure: both clocks come in as arguments.
#include "paa/harvest/service_health.hpp"
#include "paa/harvest/stop_reason.hpp"
#include "paa/limiter/rate_controller.hpp"
#include "paa/policy/quota_tracker.hpp"

#include <cstdint>
#include <string>

namespace paa {

class StartGate {
 public:
  enum class Kind { go, go_probe, wait_event, wait_until, stop };
  struct Decision {
    Kind kind;
    SteadyTime until{};  // wait_until
    StopReason reason = StopReason::none;
    bool health_probe = false;  // go: this request probes the service during an outage
  };

  StartGate(QuotaTracker& quota, RateController& rate, ServiceHealth& health)
      : quota_(quota), rate_(rate), health_(health) {}

  Decision decide(SteadyTime now, std::int64_t now_ms) const;
  // Records the start granted by decide() (kind go or go_probe): takes a token and opens the
  // quota tracker's account of the request, to be closed by exactly one outcome call, and tells
  // the service's health that an attempt is in flight (closed by its on_end).
  SpendLedger::Ticket on_start(const Decision& granted, SteadyTime now);

  void request_stop(StopReason reason) {
    if (stop_ == StopReason::none) stop_ = reason;
  }
  StopReason stop_reason() const { return stop_; }

 private:
  QuotaTracker& quota_;
  RateController& rate_;
  ServiceHealth& health_;
  StopReason stop_ = StopReason::none;
};

}  // namespace paa
