#include "paa/harvest/refresh_due.hpp"

#include "paa/harvest/distinct_job_keys.hpp"

namespace paa {

Result<DueCount> count_due_keys(const JobSpec& spec, const RefreshRule& rule,
                                std::span<const std::uint64_t> repeated_hashes,
                                const std::optional<Shard>& shard, const FetchedAtLookup& fetched_at) {
  DueCount count;
  auto walked = each_distinct_job_key(spec, repeated_hashes, [&](DistinctJobKey&& key) -> Result<bool> {
    if (shard && !shard->holds_hash(key.hash)) return true;
    auto at = fetched_at(key.encoded);
    if (!at) return at.error();
    if (!*at) return true;
    ++count.stored;
    if (rule.all || rule.due(**at)) ++count.due;
    return true;
  });
  if (!walked) return walked.error();
  return count;
}

}  // namespace paa
