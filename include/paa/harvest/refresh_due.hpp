#pragma once
// How many of a job's stored keys a refresh_after rule makes due: what `paa check` prints and
// what the progress line of `paa run` counts down. One read per key of the job.
#include "paa/error.hpp"
#include "paa/harvest/refresh_rule.hpp"
#include "paa/job/job_file.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string_view>

namespace paa {

// fetched_at: the fetch time of the key's current result; nullopt = not stored.
using FetchedAtLookup = std::function<Result<std::optional<std::int64_t>>(std::string_view key)>;

struct DueCount {
  std::uint64_t stored = 0;  // keys of the job already stored
  std::uint64_t due = 0;     // of those: older than the cut-off
};

// Each unique key counted once (`repeated_hashes`: check_job's); only `shard`'s keys when set.
Result<DueCount> count_due_keys(const JobSpec& spec, const RefreshRule& rule,
                                std::span<const std::uint64_t> repeated_hashes,
                                const std::optional<Shard>& shard, const FetchedAtLookup& fetched_at);

}  // namespace paa
