#pragma once
// The one-line status shown while a run works. Pure formatting.
#include "paa/limiter/token_bucket.hpp"

#include <cstdint>
#include <deque>
#include <utility>
#include <optional>
#include <string>

namespace paa {

struct ProgressSnapshot {
  std::uint64_t total = 0;      // unique keys of the job
  std::uint64_t done = 0;       // stored (fetched now or earlier)
  std::uint64_t failed = 0;
  std::uint64_t refresh_due = 0;   // stored keys refresh_after made due (0: no refresh_after)
  std::uint64_t refresh_sent = 0;  // of those: sent so far
  std::uint64_t cached = 0;     // of those fetched now
  std::uint64_t fetched = 0;
  double requests_per_s = 0;    // recent
  double elapsed_s = 0;
  std::optional<std::int64_t> searches_left;
  std::string renewal_date;     // "" when unknown
  std::string state;            // "running", "backing off", "waiting for renewal until ..."
  std::uint32_t level = 0;      // an expanding job's current level (0: the job's own keys)
  std::uint32_t levels = 0;     // its depth; 0 = the job does not expand
};

// The recent rate of settled keys, from (time, settled) samples of the last 20 s. Pure: the
// caller passes the time. It starts with the run's start (0 settled at `start`), so the first
// report already has a rate.
class RateMeter {
 public:
  explicit RateMeter(SteadyTime start) { samples_.emplace_back(start, 0); }
  void add(SteadyTime now, std::uint64_t settled);
  double per_second() const;

 private:
  std::deque<std::pair<SteadyTime, std::uint64_t>> samples_;
};

// What the run is doing, for the progress line: "stopping", "service unreachable since 03:12,
// next try 03:20", "waiting for quota renewal; next probe ...", "probing the quota", "backing
// off (rate limited)" or "running".
struct RunState {
  bool stopping = false;
  bool quota_exhausted = false;
  std::int64_t next_probe_ms = 0;  // when quota_exhausted
  bool rate_paused = false;
  std::int64_t unreachable_since_ms = 0;  // an outage's start (0: none)
  std::int64_t next_try_ms = 0;           // its next probe
};
std::string run_state_text(const RunState& state, std::int64_t now_ms);

// With expansion, "level 1/2 | " first; total then grows as levels are discovered, and the
// ETA is the current level's.
// "1234/5000 24.7% | 38.2 req/s | ETA 1m39s | failed 3 | cached 2% | left 872 (renews 2026-12-01) | running"
// With keys due for refresh, "| refresh 40/120 due" after "failed".
std::string format_progress(const ProgressSnapshot& s);
std::string format_duration(double seconds);

}  // namespace paa
