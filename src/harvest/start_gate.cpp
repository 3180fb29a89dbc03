#include "paa/harvest/start_gate.hpp"

namespace paa {

StartGate::Decision StartGate::decide(SteadyTime now, std::int64_t now_ms) const {
  if (stop_ != StopReason::none) return {Kind::stop, {}, stop_};
  const auto q = quota_.decide(now_ms);
  switch (q.gate) {
    case QuotaTracker::Gate::stop_quota:
      return {Kind::stop, {}, StopReason::quota};
    case QuotaTracker::Gate::stop_budget:
      return {Kind::stop, {}, StopReason::budget};
    case QuotaTracker::Gate::wait_event:
      return {Kind::wait_event};
    case QuotaTracker::Gate::wait_until:
      return {Kind::wait_until, now + std::chrono::milliseconds(q.until_ms - now_ms)};
    case QuotaTracker::Gate::go:
    case QuotaTracker::Gate::go_probe:
      break;
  }
  if (const auto wait = rate_.wait_time(now); wait > Duration::zero()) {
    return {Kind::wait_until, now + wait};
  }
  return {q.gate == QuotaTracker::Gate::go_probe ? Kind::go_probe : Kind::go};
}

SpendLedger::Ticket StartGate::on_start(const Decision& granted, SteadyTime now) {
  rate_.on_start(now);
  return quota_.on_start(granted.kind == Kind::go_probe);
}

}  // namespace paa
