#pragma once
// A job's keys, each once, in the job's order: the walk that counting due keys, counting new
// seeds and the first level of expansion all make (the feeder decides more per key: FeedFilter).
#include "paa/error.hpp"
#include "paa/job/job_file.hpp"
#include "paa/model/query_key.hpp"

#include <cstdint>
#include <functional>
#include <span>
#include <string>

namespace paa {

struct DistinctJobKey {
  Query query;
  std::string encoded;  // encode_key(query.key)
  std::uint64_t hash = 0;
};

// `repeated_hashes`: check_job's sorted hashes of the keys listed more than once. `visit`
// returns false to stop (then the walk ends without error) or an error to end with.
Result<void> each_distinct_job_key(const JobSpec& job, std::span<const std::uint64_t> repeated_hashes,
                                   const std::function<Result<bool>(DistinctJobKey&&)>& visit);

}  // namespace paa
