#pragma once
// The one question every worker asks before a request: may I start now? Combines the stop
// reason, the service's health (an outage: wait for its probe), the quota tracker (budget,
// known-empty quota, probes), the rate controller and, under a job-wide budget, the run's
// reservation (the start waits for a raise to be durable). Pure: both clocks come in as arguments.
#include "paa/harvest/service_health.hpp"
#include "paa/harvest/stop_reason.hpp"
#include "paa/limiter/rate_controller.hpp"
#include "paa/policy/quota_tracker.hpp"
#include "paa/policy/spend_reservation.hpp"

#include <cstdint>
#include <string>

namespace paa {

class StartGate {
 public:
  // reserve: make the reservation `reserve_to` durable (begin_reserve(), then on_reserved()),
  // then ask again.
  enum class Kind { go, go_probe, wait_event, wait_until, stop, reserve };
  struct Decision {
    Kind kind;
    SteadyTime until{};  // wait_until
    StopReason reason = StopReason::none;
    bool health_probe = false;  // go: this request probes the service during an outage
    std::uint64_t reserve_to = 0;  // reserve
  };

  StartGate(QuotaTracker& quota, RateController& rate, ServiceHealth& health, SpendReservation& reservation)
      : quota_(quota), rate_(rate), health_(health), reservation_(reservation) {}
  // No job-wide budget: nothing is reserved.
  StartGate(QuotaTracker& quota, RateController& rate, ServiceHealth& health)
      : quota_(quota), rate_(rate), health_(health), reservation_(no_budget_) {}
  StartGate(const StartGate&) = delete;
  StartGate& operator=(const StartGate&) = delete;

  Decision decide(SteadyTime now, std::int64_t now_ms) const;
  // Records the start granted by decide() (kind go or go_probe): takes a token and opens the
  // quota tracker's account of the request, to be closed by exactly one outcome call, and tells
  // the service's health that an attempt is in flight (closed by its on_end).
  SpendLedger::Ticket on_start(const Decision& granted, SteadyTime now);
  // A reserve decision taken: the raise to write (other starts wait for it), then its outcome.
  std::uint64_t begin_reserve() { return reservation_.raise_to(); }
  void on_reserved(std::uint64_t reserved, bool ok) { reservation_.on_reserved(reserved, ok); }

  void request_stop(StopReason reason) {
    if (stop_ == StopReason::none) stop_ = reason;
  }
  StopReason stop_reason() const { return stop_; }

 private:
  QuotaTracker& quota_;
  RateController& rate_;
  ServiceHealth& health_;
  SpendReservation no_budget_{std::nullopt, 1};
  SpendReservation& reservation_;
  StopReason stop_ = StopReason::none;
};

}  // namespace paa
