#include "paa/harvest/distinct_job_keys.hpp"

#include "paa/harvest/repeated_keys.hpp"

namespace paa {

Result<void> each_distinct_job_key(const JobSpec& job, std::span<const std::uint64_t> repeated_hashes,
                                   const std::function<Result<bool>(DistinctJobKey&&)>& visit) {
  auto reader = JobReader::open(job);
  if (!reader) return reader.error();
  RepeatedKeys repeated(repeated_hashes);
  for (;;) {
    auto next = reader->next();
    if (!next) return next.error();
    if (!*next) return {};
    DistinctJobKey key{std::move((*next)->query), {}, 0};
    key.encoded = encode_key(key.query.key);
    key.hash = key_hash(key.encoded);
    if (!repeated.first_time(key.hash)) continue;
    auto go_on = visit(std::move(key));
    if (!go_on) return go_on.error();
    if (!*go_on) return {};
  }
}

}  // namespace paa
