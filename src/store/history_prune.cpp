#include "paa/store/history_prune.hpp"

namespace paa {

std::vector<bool> versions_to_drop(std::span<const VersionSpan> versions, const PruneRule& rule) {
  std::vector<bool> drop(versions.size(), false);
  const std::size_t n = versions.size();
  for (std::size_t i = 0; i + 1 < n; ++i) {  // never the last (current) one
    const bool beyond_last = rule.keep_last > 0 && n - i > rule.keep_last;
    // "Replaced more than D ago", not "fetched": a version current until yesterday is what
    // `paa diff --from` yesterday needs, however old its fetch.
    const bool too_old = rule.older_than_ms > 0 && versions[i].until_ms != 0 &&
                         versions[i].until_ms < rule.now_ms - rule.older_than_ms;
    drop[i] = beyond_last || too_old;
  }
  return drop;
}

}  // namespace paa
