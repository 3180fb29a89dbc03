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
  stored_new_attributes,  // done for this job, but its list now gives it other attributes: record them
  stored_elsewhere,  // stored by another job (or before this job knew it): mark it done, free
  other_shard,     // another shard's key: not this process's business
};

// Where the key came from: the job's own query lists, or a level an expansion discovered.
enum class FeedSource { job, level };

// What the feeder does with a decision. One table for every source, so the job's keys and a
// level's keys are counted by the same rules (feed_action).
struct FeedAction {
  enum class Count {
    none,            // counted by whoever settles it (a worker), or by nobody (another shard's)
    already_stored,  // the summary's "already stored"
    duplicate,       // the summary's "duplicates"
    refresh_sent,    // a refresh of the job's own keys: counts down the keys refresh_after made due
  };
  bool mark_done = false;  // first a MarkDone write (nothing spent)
  bool send = false;       // then to a worker
  Count count = Count::none;
  friend bool operator==(const FeedAction&, const FeedAction&) = default;
};
FeedAction feed_action(Feed feed, FeedSource source);

class FeedFilter {
 public:
  // `repeated_hashes`: check_job's sorted hashes of the keys the job lists more than once.
  FeedFilter(std::span<const std::uint64_t> repeated_hashes, RefreshRule refresh,
             std::optional<Shard> shard = std::nullopt)
      : repeated_(repeated_hashes), refresh_(refresh), shard_(shard) {}

  // `attrs`: the key's attributes in the job's list (nullptr: a discovered key, which has none
  // of its own); a key done for the job whose entry records others is stored_new_attributes.
  Result<Feed> decide(std::string_view job, std::string_view key, std::uint64_t hash, FeedLookup& store,
                      const SeedAttributes* attrs = nullptr);

 private:
  RepeatedKeys repeated_;
  RefreshRule refresh_;
  std::optional<Shard> shard_;
};

}  // namespace paa
