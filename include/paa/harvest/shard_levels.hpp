#pragma once
// Expansion across shards (docs/scaling-out.md "Expansion across shards"): a level at a time.
// Each shard harvests its share of level L into its own store and stops at the level's end; the
// barrier (`paa barrier`) then makes level L+1 exactly as one machine would, into the plan: a
// small store of its own beside the shard stores, holding the job's levels, lineage, seed
// records and expansion state, the records one machine keeps in its store. A store, not a
// file: the level pass commits in atomic steps there (a killed barrier resumes where it
// stopped, as a killed run does), and its lock lets one barrier at a time write it.
#include "paa/error.hpp"
#include "paa/expand/level_pass.hpp"
#include "paa/job/job_file.hpp"
#include "paa/job/shard.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace paa {

// The plan of a job's store split in `count` shards: `coffee.db` -> `coffee-plan-of-4.db`
// (beside the shard stores; the count in its name, so another split never reads it).
std::filesystem::path plan_store(const std::filesystem::path& store, std::uint32_t count);

// The job's expansion over its shards: levels, lineage and seed records in the plan, each
// key's outcome and answer in the store of the shard that holds it.
class ShardedExpansionStore final : public ExpansionStore {
 public:
  // `limits`: what an answer is parsed within (paa run's defaults unless told).
  ShardedExpansionStore(StoreWriter& plan, std::span<const std::unique_ptr<StoreReader>> shards, std::string job,
                        ParseLimits limits = {});
  Result<std::optional<Lineage>> lineage(std::string_view encoded) override;
  Result<bool> settled(std::string_view encoded) override;
  Result<std::optional<Envelope>> answer_of(std::string_view encoded) override;
  Result<std::optional<std::uint32_t>> seed_round(std::string_view encoded) override;
  Result<void> commit(const ExpansionStep& step) override;
  Result<void> scan_level(std::uint32_t level, const std::function<bool(const LevelKey&)>& visit) override;

 private:
  StoreReader& holder(std::string_view encoded) const;
  StoreWriter& plan_;
  std::span<const std::unique_ptr<StoreReader>> shards_;
  std::string job_;
  ParseLimits limits_;
};

// A level's parents not settled yet, per shard (index = the shard's), and in all.
struct LevelOutstanding {
  std::vector<std::uint64_t> pending;  // by shard
  std::uint64_t parents = 0;
  std::uint64_t total() const;
};
// How far the shards are with the parents of level `level` (the job's keys for level 1, else
// the plan's keys of level-1): a key is outstanding until its shard has settled it (done or
// failed for good), as one machine waits for every key of a level before making the next.
Result<LevelOutstanding> level_outstanding(const JobSpec& job, std::span<const std::uint64_t> repeated_hashes,
                                           std::uint32_t level, ExpansionStore& expansion, std::uint32_t shards);

// A shard's share of level `level` of the plan, written into its own store (lineage and level
// records with the plan's sequence numbers, so the shards' levels merge back into the plan's
// order) in steps of `per_step`; the last step sets the shard's state to the level built, with
// `plan_keys` (the plan's keys of the level) as what it copied from. Copying again writes the
// same records and any the plan added. Returns the shard's state as written: the share's keys
// are its level_keys[level - 1].
Result<ExpansionState> copy_level_share(StoreReader& plan, StoreWriter& own, const std::string& job, std::uint32_t level,
                                       const Shard& shard, std::uint64_t plan_keys, std::size_t per_step = 1000);

// Whether a shard copies level `level` (again): not copied yet, copied from fewer of the plan's
// keys than it has now (a round of seeds added later, a max_keys raised after a cut), or copied
// before the shard kept what it copied from.
bool level_share_stale(const ExpansionState& own, std::uint32_t level, std::uint64_t plan_keys);

}  // namespace paa
