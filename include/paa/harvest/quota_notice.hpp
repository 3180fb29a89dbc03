#pragma once
// What a run says, at once, when it starts waiting for the quota: when it will look again, how
// long that is, and how to stop or not wait. Once per exhaustion. Pure: the time comes in.
#include "paa/model/on_quota.hpp"
#include "paa/policy/quota_tracker.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace paa {

class QuotaWaitNotice {
 public:
  // The notice for an exhaustion not announced yet; nullopt otherwise, or when the run stops
  // instead of waiting (on_quota = "stop": its summary says why).
  std::optional<std::string> next(const QuotaTracker& quota, OnQuota mode, std::int64_t now_ms);

 private:
  std::uint64_t announced_ = 0;
};

}  // namespace paa
