#include "paa/harvest/progress.hpp"

#include "paa/model/clock.hpp"

#include <cmath>
#include <cstdio>

namespace paa {

void RateMeter::add(SteadyTime now, std::uint64_t settled) {
  using namespace std::chrono_literals;
  samples_.emplace_back(now, settled);
  while (samples_.size() > 2 && now - samples_.front().first > 20s) samples_.pop_front();
}

double RateMeter::per_second() const {
  if (samples_.size() < 2) return 0;
  const double dt = std::chrono::duration<double>(samples_.back().first - samples_.front().first).count();
  if (dt <= 0) return 0;
  return static_cast<double>(samples_.back().second - samples_.front().second) / dt;
}

std::string run_state_text(const RunState& s, std::int64_t now_ms) {
  if (s.stopping) return "stopping";
  if (s.unreachable_since_ms != 0) {
    if (s.next_try_ms > now_ms) {
      return "service unreachable since " + format_utc(s.unreachable_since_ms, "%H:%M") + ", next try " +
             format_utc(s.next_try_ms, "%H:%M:%S");
    }
    return "service unreachable since " + format_utc(s.unreachable_since_ms, "%H:%M") + ", probing";
  }
  if (s.quota_exhausted) {
    if (s.next_probe_ms > now_ms) {
      return "waiting for quota renewal; next probe " + format_utc(s.next_probe_ms, "%Y-%m-%d %H:%M:%S UTC");
    }
    return "probing the quota";
  }
  if (s.rate_paused) return "backing off (rate limited)";
  return "running";
}

std::string format_duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  auto s = static_cast<long long>(seconds + 0.5);
  char buf[64];
  if (s >= 86400) {
    std::snprintf(buf, sizeof buf, "%lldd%02lldh", s / 86400, (s % 86400) / 3600);
  } else if (s >= 3600) {
    std::snprintf(buf, sizeof buf, "%lldh%02lldm", s / 3600, (s % 3600) / 60);
  } else if (s >= 60) {
    std::snprintf(buf, sizeof buf, "%lldm%02llds", s / 60, s % 60);
  } else {
    std::snprintf(buf, sizeof buf, "%llds", s);
  }
  return buf;
}

std::string format_progress(const ProgressSnapshot& s) {
  char buf[512];
  const double pct = s.total ? 100.0 * static_cast<double>(s.done) / static_cast<double>(s.total) : 0;
  const std::uint64_t remaining = s.total > s.done + s.failed ? s.total - s.done - s.failed : 0;
  std::string eta = "-";
  if (remaining == 0) {
    eta = "0s";
  } else if (s.requests_per_s > 0.01) {
    eta = format_duration(static_cast<double>(remaining) / s.requests_per_s);
  }
  const int cached_pct =
      s.fetched ? static_cast<int>(std::lround(100.0 * static_cast<double>(s.cached) / static_cast<double>(s.fetched))) : 0;
  std::string quota = "left ?";
  if (s.searches_left) quota = "left " + std::to_string(*s.searches_left);
  if (!s.renewal_date.empty()) quota += " (renews " + s.renewal_date + ")";
  std::string level;
  if (s.levels > 0) level = "level " + std::to_string(s.level) + "/" + std::to_string(s.levels) + " | ";
  std::string refresh;
  if (s.refresh_due > 0) {
    refresh = " | refresh " + std::to_string(s.refresh_sent) + "/" + std::to_string(s.refresh_due) + " due";
  }
  std::snprintf(buf, sizeof buf, "%s%llu/%llu %.1f%% | %.1f req/s | ETA %s | failed %llu%s | cached %d%% | %s | %s",
                level.c_str(), static_cast<unsigned long long>(s.done), static_cast<unsigned long long>(s.total), pct,
                s.requests_per_s, eta.c_str(), static_cast<unsigned long long>(s.failed), refresh.c_str(), cached_pct,
                quota.c_str(), s.state.c_str());
  return buf;
}

}  // namespace paa
