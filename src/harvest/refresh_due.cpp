#include "paa/harvest/refresh_due.hpp"

#include "paa/harvest/repeated_keys.hpp"
#include "paa/model/query_key.hpp"

namespace paa {

Result<DueCount> count_due_keys(const JobSpec& spec, const RefreshRule& rule,
                                std::span<const std::uint64_t> repeated_hashes,
                                const std::optional<Shard>& shard, const FetchedAtLookup& fetched_at) {
  DueCount count;
  auto reader = JobReader::open(spec);
  if (!reader) return reader.error();
  RepeatedKeys repeated(repeated_hashes);
  for (;;) {
    auto next = reader->next();
    if (!next) return next.error();
    if (!*next) break;
    const std::string key = encode_key((*next)->query.key);
    const std::uint64_t hash = key_hash(key);
    if (shard && !shard->holds_hash(hash)) continue;
    if (!repeated.first_time(hash)) continue;
    auto at = fetched_at(key);
    if (!at) return at.error();
    if (!*at) continue;
    ++count.stored;
    if (rule.all || rule.due(**at)) ++count.due;
  }
  return count;
}

}  // namespace paa
