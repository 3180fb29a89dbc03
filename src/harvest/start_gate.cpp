#include "paa/harvest/start_gate.hpp"

namespace paa {

StartGate::Decision StartGate::decide(SteadyTime now, std::int64_t now_ms) const {
  if (stop_ != StopReason::none) return {Kind::stop, {}, stop_};
  const auto h = health_.decide(now);
  if (h.kind == ServiceHealth::Gate::Kind::stop) return {Kind::stop, {}, h.reason};
  const auto q = quota_.decide(now_ms);
  switch (q.gate) {
    case QuotaTracker::Gate::stop_quota:
      return {Kind::stop, {}, StopReason::quota};
    case QuotaTracker::Gate::stop_budget:
      return {Kind::stop, {}, StopReason::budget};
    case QuotaTracker::Gate::stop_job_budget:
      return {Kind::stop, {}, StopReason::job_budget};
    case QuotaTracker::Gate::wait_event:
      return {Kind::wait_event};
    case QuotaTracker::Gate::wait_until:
      return {Kind::wait_until, now + std::chrono::milliseconds(q.until_ms - now_ms)};
    case QuotaTracker::Gate::go:
    case QuotaTracker::Gate::go_probe:
      break;
  }
  // An outage: every key waits for its probe, and the probe waits for the quota like any request.
  switch (h.kind) {
    case ServiceHealth::Gate::Kind::wait_event: return {Kind::wait_event};
    case ServiceHealth::Gate::Kind::wait_until: return {Kind::wait_until, h.until};
    case ServiceHealth::Gate::Kind::go:
    case ServiceHealth::Gate::Kind::go_probe:
    case ServiceHealth::Gate::Kind::stop: break;
  }
  if (const auto wait = rate_.wait_time(now); wait > Duration::zero()) {
    return {Kind::wait_until, now + wait};
  }
  // Under a job-wide budget, what this start may spend is durable before it goes.
  switch (reservation_.need(quota_.ledger().counted() + 1)) {
    case SpendReservation::Need::covered: break;
    case SpendReservation::Need::wait: return {Kind::wait_event};
    case SpendReservation::Need::reserve: return {Kind::reserve};
  }
  Decision d{q.gate == QuotaTracker::Gate::go_probe ? Kind::go_probe : Kind::go};
  d.health_probe = h.kind == ServiceHealth::Gate::Kind::go_probe;
  return d;
}

SpendLedger::Ticket StartGate::on_start(const Decision& granted, SteadyTime now) {
  rate_.on_start(now);
  health_.on_start(granted.health_probe);
  return quota_.on_start(granted.kind == Kind::go_probe);
}

}  // namespace paa
