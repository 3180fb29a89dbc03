#include "paa/harvest/quota_notice.hpp"

#include "paa/harvest/progress.hpp"
#include "paa/model/clock.hpp"

namespace paa {

std::optional<std::string> QuotaWaitNotice::next(const QuotaTracker& quota, OnQuota mode, std::int64_t now_ms) {
  if (quota.exhaustions() == announced_ || !quota.exhausted()) return std::nullopt;
  announced_ = quota.exhaustions();
  if (mode == OnQuota::stop) return std::nullopt;
  const std::int64_t at = quota.next_probe_ms();
  if (at <= now_ms) return std::nullopt;  // a probe goes out now: nothing to wait for
  return "quota exhausted; waiting until " + format_utc(at, "%Y-%m-%d %H:%M UTC") + " (" +
         format_duration(static_cast<double>(at - now_ms) / 1000.0) +
         ") to try again; Ctrl-C to stop (a rerun resumes), or on_quota = \"stop\" in the job to exit instead";
}

}  // namespace paa
