#pragma once
// What a store keeps of a job's expansion (docs/store.md "Expansion"): every discovered key with
// its lineage, each level's keys in discovery order, and how far the level passes got.
#include "paa/model/lineage.hpp"
#include "paa/model/query_key.hpp"

#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

namespace paa {

// A key of level >= 1, as the feeder asks it: in discovery order within its level.
struct LevelKey {
  std::uint64_t seq = 0;  // its place in the level (0, 1, ...)
  Query query;            // the parent's locale, the question's spelling
  std::string encoded;    // encode_key(query.key)
  Lineage lineage;
};

struct ExpansionState {
  std::uint32_t built = 0;                // levels 1..built are complete
  std::vector<std::uint64_t> level_keys;  // keys of levels 1..built
  // The pass building level built+1, when one was cut short: the parents (keys of level
  // `built`, in order) it has walked, and the keys it admitted from them.
  std::uint64_t pass_parents = 0;
  std::uint64_t pass_admitted = 0;
  std::string pass_last_parent;  // encoded key of the last parent walked: a resume checks it
  // Where max_keys cut the expansion short (cut_level 0: it did not): the level, the parents of
  // it walked before the one whose keys reached the cap, and the keys admitted before that
  // parent. A later run with a higher max_keys builds again from there (reopen_cut_level).
  std::uint32_t cut_level = 0;
  std::uint64_t cut_parents = 0;
  std::uint64_t cut_admitted = 0;
  std::string cut_last_parent;  // the parent walked just before the one that reached the cap
  // [expand] skip_variants: candidates not admitted because their variant group had a key of
  // the job, per level 1..built (each time one is offered: a variant under two parents counts
  // twice; without trailing zeros, so empty when none was skipped: read it with skipped_at); in
  // the pass under way; before the parent at the cut. A store written before these were kept
  // reads them as 0.
  std::vector<std::uint64_t> level_skipped;
  std::uint64_t pass_skipped = 0;
  std::uint64_t cut_skipped = 0;
  // Seeds added later (docs/expansion.md "Seeds added later"). Every level-1 pass records each
  // parent it walks (a seed record, ExpansionStep::seeds); seeds_recorded says the job's level 1
  // was made so. A state written before seed records were kept reads false: the next run
  // records the job's current keys as expanded (SeedRecorder), then sets it.
  bool seeds_recorded = false;
  // A round expands the seeds that have no record yet: an append pass per level 1..round_levels,
  // each one's keys numbered after the level's existing ones. `round`: rounds begun (0: none);
  // round_levels 0: no round under way; round_appended: its levels appended so far; round_start:
  // the keys of levels 1..round_levels when it began (its new keys are those past them). The
  // pass_* fields above are then the append pass of level round_appended + 1.
  std::uint32_t round = 0;
  std::uint32_t round_levels = 0;
  std::uint32_t round_appended = 0;
  std::vector<std::uint64_t> round_start;
  // A shard's store of an expansion over shards (docs/scaling-out.md): the plan's keys of each
  // level 1..n when the shard last copied its share of it. A level the plan grew since (a round
  // of seeds added later, a max_keys raised after a cut) is copied again. Absent in a shard
  // store from before it was kept: its levels are copied once more.
  std::vector<std::uint64_t> plan_copied;

  // Discovered keys of the job, all levels (the pass under way included): what max_keys caps.
  std::uint64_t discovered() const {
    return std::accumulate(level_keys.begin(), level_keys.end(), std::uint64_t{0}) + pass_admitted;
  }
  // Variants skipped at level `level` (1 or more): built levels, then the pass under way.
  std::uint64_t skipped_at(std::uint32_t level) const {
    if (level >= 1 && level <= level_skipped.size()) return level_skipped[level - 1];
    return level == built + 1 && !in_round() ? pass_skipped : 0;
  }
  void set_skipped(std::uint32_t level, std::uint64_t n) {
    if (level == 0) return;
    if (level_skipped.size() < level) level_skipped.resize(level, 0);
    level_skipped[level - 1] = n;
    trim_skipped();
  }
  void trim_skipped() {
    while (!level_skipped.empty() && level_skipped.back() == 0) level_skipped.pop_back();
  }
  std::uint64_t skipped() const {
    return std::accumulate(level_skipped.begin(), level_skipped.end(), std::uint64_t{0}) + pass_skipped;
  }
  bool in_round() const { return round_levels != 0; }
  // The level the pass under way (or the next pass) builds or, in a round, appends to.
  std::uint32_t pass_level() const { return in_round() ? round_appended + 1 : built + 1; }
  bool pass_under_way() const { return pass_parents > 0 || pass_admitted > 0; }
  // The job has begun to expand: a level built, or a pass under way.
  bool expanded() const { return built > 0 || pass_parents > 0 || pass_admitted > 0; }
  friend bool operator==(const ExpansionState&, const ExpansionState&) = default;
};

// One step of a level pass, written in one atomic batch: the keys it admitted (level
// `level`), and the state after it.
struct ExpansionStep {
  std::uint32_t level = 0;
  std::vector<LevelKey> keys;
  // Level-1 parents walked (encoded keys): their seed records, each holding seeds_round (the
  // round that walked them; 0: the job's level 1).
  std::vector<std::string> seeds;
  std::uint32_t seeds_round = 0;
  ExpansionState state;
};

}  // namespace paa
