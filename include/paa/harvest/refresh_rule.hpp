#pragma once
// Which stored keys a run fetches again (docs/history.md "Refresh"): all of them (--refresh),
// or those whose current result was fetched before a cut-off (refresh_after). Pure.
#include <cstdint>
#include <optional>

namespace paa {

struct RefreshRule {
  bool all = false;                            // --refresh
  std::optional<std::int64_t> stale_before_ms;  // refresh_after: run start - the duration
  std::int64_t run_start_ms = 0;

  // The cut-off is fixed when the run starts, so a key this run refreshed is fresh for the rest
  // of it (and for a rerun within the duration): never refreshed twice.
  static RefreshRule after(std::optional<std::int64_t> refresh_after_ms, std::int64_t run_start_ms) {
    RefreshRule rule;
    if (refresh_after_ms) rule.stale_before_ms = run_start_ms - *refresh_after_ms;
    rule.run_start_ms = run_start_ms;
    return rule;
  }
  // The rule for keys a level feeds: --refresh as "fetched before this run started", so that a
  // key the job's own lists had this run fetch (an earlier expansion's key added to a list
  // since) is not fetched twice. The job's keys need no such look-up: each comes once.
  RefreshRule for_levels() const {
    if (!all) return *this;
    RefreshRule rule = *this;
    rule.all = false;
    rule.stale_before_ms = run_start_ms;
    return rule;
  }
  bool looks_at_age() const { return !all && stale_before_ms.has_value(); }
  bool due(std::int64_t fetched_at_ms) const { return stale_before_ms && fetched_at_ms < *stale_before_ms; }
};

}  // namespace paa
