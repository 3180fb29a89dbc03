#pragma once
// The feeder's one question for each key it reads from the job: send it to a worker, or skip
// it (and why). The store is only asked when the answer depends on it.
#include "paa/error.hpp"
#include "paa/harvest/refresh_rule.hpp"
#include "paa/harvest/repeated_keys.hpp"
#include "paa/job/shard.hpp"
#include "paa/store/ports.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace paa {

enum class Feed {
  fetch,           // to a worker: not stored, or --refresh
  refresh,         // to a worker: stored, but older than refresh_after
  repeat,          // listed again in the job: fed once already this run
  stored,          // stored and already done for this job: nothing to do
  stored_elsewhere,  // stored by another job (or before this job knew it): mark it done, free
  other_shard,     // another shard's key: not this process's business
};

class FeedFilter {
 public:
  // `repeated_hashes`: check_job's sorted hashes of the keys the job lists more than once.
  FeedFilter(std::span<const std::uint64_t> repeated_hashes, RefreshRule refresh,
             std::optional<Shard> shard = std::nullopt)
      : repeated_(repeated_hashes), refresh_(refresh), shard_(shard) {}

  Result<Feed> decide(std::string_view job, std::string_view key, std::uint64_t hash,
                      FeedLookup& store);

 private:
  RepeatedKeys repeated_;
  RefreshRule refresh_;
  std::optional<Shard> shard_;
};

}  // namespace paa
