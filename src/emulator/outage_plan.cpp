#include "paa/emulator/outage_plan.hpp"

namespace paa::emulator {

std::optional<OutageMode> OutagePlan::on_request(TimePoint now) {
  if (config_.after_requests == 0) return std::nullopt;
  if (!began_ && ++seen_ >= config_.after_requests) began_ = now;
  if (down(now)) return config_.mode;
  return std::nullopt;
}

bool OutagePlan::down(TimePoint now) const {
  if (!began_) return false;
  const auto up = up_at();
  return !up || now < *up;
}

std::optional<TimePoint> OutagePlan::up_at() const {
  if (!began_ || config_.duration.count() == 0) return std::nullopt;
  return *began_ + config_.duration;
}

}  // namespace paa::emulator
