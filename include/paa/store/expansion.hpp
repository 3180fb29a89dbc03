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

  // Discovered keys of the job, all levels (the pass under way included): what max_keys caps.
  std::uint64_t discovered() const {
    return std::accumulate(level_keys.begin(), level_keys.end(), std::uint64_t{0}) + pass_admitted;
  }
  // The job has begun to expand: a level built, or a pass under way.
  bool expanded() const { return built > 0 || pass_parents > 0 || pass_admitted > 0; }
  friend bool operator==(const ExpansionState&, const ExpansionState&) = default;
};

// One step of a level pass, written in one atomic batch: the keys it admitted (level
// `level`), and the state after it.
struct ExpansionStep {
  std::uint32_t level = 0;
  std::vector<LevelKey> keys;
  ExpansionState state;
};

}  // namespace paa
