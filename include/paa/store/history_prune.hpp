#pragma once
// Which old versions of a key `paa prune` removes (docs/history.md "Pruning"). Pure.
#include <cstdint>
#include <span>
#include <vector>

namespace paa {

// One version of a key, as prune sees it.
struct VersionSpan {
  std::int64_t since_ms = 0;  // unchanged_since_ms of the version
  std::int64_t until_ms = 0;  // when the next version replaced it; 0 = the current one
};

struct PruneRule {
  std::uint32_t keep_last = 0;     // keep this many versions per key, the current one included; 0 = no rule
  std::int64_t older_than_ms = 0;  // drop versions replaced more than this long ago; 0 = no rule
  std::int64_t now_ms = 0;
};

struct PruneCounts {
  std::uint64_t keys = 0;     // keys with history looked at
  std::uint64_t removed = 0;  // versions removed
  std::uint64_t kept = 0;     // older versions kept (current versions not counted)
};

// `versions` oldest first, the current one last. true = remove. The current version is never
// removed; with both rules, a version goes when either rule says so.
std::vector<bool> versions_to_drop(std::span<const VersionSpan> versions, const PruneRule& rule);

}  // namespace paa
