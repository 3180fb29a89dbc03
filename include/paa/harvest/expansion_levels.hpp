#pragma once
// The work between two levels of an expanding run (docs/running.md "Expansion"): the level pass
// over the store, on the feeder's thread (it reads the disk, never the io thread's business).
#include "paa/error.hpp"
#include "paa/expand/level_pass.hpp"
#include "paa/expand/variant_groups.hpp"
#include "paa/job/job_file.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>

namespace paa {

// ExpansionStore over the run's StoreWriter, for one job.
class WriterExpansionStore final : public ExpansionStore {
 public:
  WriterExpansionStore(StoreWriter& store, std::string job, std::size_t max_body)
      : store_(store), job_(std::move(job)) {
    limits_.max_body_bytes = max_body;
  }
  Result<std::optional<Lineage>> lineage(std::string_view encoded) override;
  Result<bool> settled(std::string_view encoded) override;
  Result<std::optional<Envelope>> answer_of(std::string_view encoded) override;
  Result<std::optional<std::uint32_t>> seed_round(std::string_view encoded) override;
  Result<void> commit(const ExpansionStep& step) override;
  Result<void> scan_level(std::uint32_t level, const std::function<bool(const LevelKey&)>& visit) override;

 private:
  StoreWriter& store_;
  std::string job_;
  ParseLimits limits_;
};

// A stored answer as a level pass's parent, parsed within `limits`: one that no longer parses (a
// smaller --max-body-mib) is no parent rather than the end of the run, with a warning.
std::optional<Envelope> parent_answer(const StoredResult& stored, const ParseLimits& limits);

// skip_variants: the variant groups of the job's own keys, added to `groups` (the harvest's
// levels and `paa check` count them alike).
Result<void> add_job_key_groups(const JobSpec& job, KeyGrouper& grouper, GroupSet& groups);

// Builds level `level` of `job` from `state` (levels 1..level-1 built): its parents are the
// job's own keys in the job's order (level 1; `repeated_hashes` as check_job gave them) or the
// keys of level-1 in discovery order. With skip_variants, the groups the pass starts from are
// read first: the job's own keys' (its lists, read once more) and add_discovered_groups'. nullopt: `stopping()` turned true first (the pass resumes
// on the next run from its last step).
Result<std::optional<ExpansionState>> build_level(const JobSpec& job, std::span<const std::uint64_t> repeated_hashes,
                                                  std::uint32_t level, const ExpansionState& state,
                                                  StoreWriter& store, std::size_t max_body,
                                                  const std::function<bool()>& stopping);
// The same over any ExpansionStore: the barrier's over the plan and the shard stores
// (shard_levels.hpp).
Result<std::optional<ExpansionState>> build_level(const JobSpec& job, std::span<const std::uint64_t> repeated_hashes,
                                                  std::uint32_t level, const ExpansionState& state,
                                                  ExpansionStore& source, const std::function<bool()>& stopping);

// Seeds added later (docs/expansion.md): in a round (state.in_round()), build_level appends to
// level `level` from the round's parents: the job's new seeds (is_new_seed, in the job's order)
// or the round's keys of level-1. count_new_seeds: how many of the job's keys are new seeds for
// `state` (one seed-record read per key). record_seeds: a store whose level 1 was made before
// seed records were kept records the job's current keys as expanded (SeedRecorder).
Result<std::uint64_t> count_new_seeds(const JobSpec& job, std::span<const std::uint64_t> repeated_hashes,
                                      const ExpansionState& state,
                                      const std::function<Result<std::optional<std::uint32_t>>(std::string_view)>& seed_round);
Result<ExpansionState> record_seeds(const JobSpec& job, std::span<const std::uint64_t> repeated_hashes,
                                    const ExpansionState& state, StoreWriter& store);

}  // namespace paa
