#include "paa/store/point_in_time.hpp"

#include "paa/model/clock.hpp"

#include <chrono>
#include <charconv>
#include <optional>

namespace paa {
namespace {

std::optional<int> digits(std::string_view s, std::size_t at, std::size_t n) {
  if (at + n > s.size()) return std::nullopt;
  int v = 0;
  for (std::size_t i = at; i < at + n; ++i) {
    if (s[i] < '0' || s[i] > '9') return std::nullopt;
    v = v * 10 + (s[i] - '0');
  }
  return v;
}

// Days since 1970-01-01 of a valid calendar date.
std::optional<std::int64_t> days_of(int y, int m, int d) {
  const std::chrono::year_month_day ymd{std::chrono::year(y), std::chrono::month(static_cast<unsigned>(m)),
                                        std::chrono::day(static_cast<unsigned>(d))};
  if (!ymd.ok()) return std::nullopt;
  return std::chrono::sys_days(ymd).time_since_epoch().count();
}

constexpr std::int64_t kDayMs = 86'400'000;

// "YYYY-MM-DD" or RFC 3339; nullopt when it is neither.
std::optional<PointInTime> parse_date_or_time(std::string_view s) {
  auto y = digits(s, 0, 4), mo = digits(s, 5, 2), d = digits(s, 8, 2);
  if (!y || !mo || !d || s.size() < 10 || s[4] != '-' || s[7] != '-') return std::nullopt;
  auto days = days_of(*y, *mo, *d);
  if (!days) return std::nullopt;
  if (s.size() == 10) return PointInTime{*days * kDayMs + kDayMs - 1, std::string(s) + " (end of the day, UTC)", {}};
  if (s[10] != 'T' && s[10] != 't' && s[10] != ' ') return std::nullopt;
  auto h = digits(s, 11, 2), mi = digits(s, 14, 2), se = digits(s, 17, 2);
  if (!h || !mi || !se || s.size() < 19 || s[13] != ':' || s[16] != ':' || *h > 23 || *mi > 59 || *se > 59) {
    return std::nullopt;
  }
  std::int64_t ms = *days * kDayMs + (*h * 3600LL + *mi * 60LL + *se) * 1000;
  std::size_t i = 19;
  if (i < s.size() && s[i] == '.') {
    std::size_t start = ++i;
    int scale = 100;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
      if (scale > 0) ms += (s[i] - '0') * scale;
      scale /= 10;
      ++i;
    }
    if (i == start) return std::nullopt;
  }
  if (i >= s.size()) return std::nullopt;  // RFC 3339 needs the offset
  if (s[i] == 'Z' || s[i] == 'z') {
    ++i;
  } else if (s[i] == '+' || s[i] == '-') {
    auto oh = digits(s, i + 1, 2), om = digits(s, i + 4, 2);
    if (!oh || !om || i + 6 != s.size() || s[i + 3] != ':' || *oh > 23 || *om > 59) return std::nullopt;
    const std::int64_t offset = (*oh * 60LL + *om) * 60'000;
    ms += s[i] == '+' ? -offset : offset;
    i += 6;
  } else {
    return std::nullopt;
  }
  if (i != s.size()) return std::nullopt;
  return PointInTime{ms, format_utc(ms, "%Y-%m-%dT%H:%M:%SZ"), {}};
}

}  // namespace

Result<PointInTime> resolve_point(std::string_view text, const std::vector<RunInfo>& runs, std::int64_t now_ms) {
  if (text == "now") return PointInTime{now_ms, "now (" + format_utc(now_ms, "%Y-%m-%dT%H:%M:%SZ") + ")", {}};
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const RunInfo& run = runs[i];
    if (run.run_id != text) continue;
    if (run.ended_at_ms != 0) {
      return PointInTime{run.ended_at_ms,
                         "run " + run.run_id + " (" + run.job + ", ended " +
                             format_utc(run.ended_at_ms, "%Y-%m-%dT%H:%M:%SZ") + ")",
                         run.job};
    }
    // Killed or still running: what it stored before the next run began (runs are oldest first).
    if (i + 1 < runs.size()) {
      return PointInTime{runs[i + 1].started_at_ms - 1,
                         "run " + run.run_id + " (" + run.job + ", cut short; up to the next run's start)", run.job};
    }
    return PointInTime{now_ms, "run " + run.run_id + " (" + run.job + ", not ended; up to now)", run.job};
  }
  if (auto point = parse_date_or_time(text)) return *point;
  std::string known;
  if (!runs.empty()) known = " (the latest is " + runs.back().run_id + "; `paa status` lists them)";
  return make_error(errc::invalid_input,
                    "'" + std::string(text) + "' is neither a run id of this store" + known +
                        " nor a date: write YYYY-MM-DD, an RFC 3339 time like 2026-11-01T02:00:00Z, or now");
}

Result<std::string> diff_scope(const PointInTime& from, const PointInTime& to, std::string_view job,
                               bool all_jobs) {
  if (!job.empty() && all_jobs) return make_error(errc::invalid_input, "--job and --all-jobs: give one");
  if (!job.empty()) return std::string(job);
  if (all_jobs) return std::string();
  if (!from.job.empty() && !to.job.empty() && from.job != to.job) {
    return make_error(errc::invalid_input, "--from is a run of job '" + from.job + "' and --to a run of job '" +
                                               to.job + "'; pass --job NAME to compare one job's keys, or "
                                                        "--all-jobs for every key of the store");
  }
  return !from.job.empty() ? from.job : to.job;
}

}  // namespace paa
