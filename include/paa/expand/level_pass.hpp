#pragma once
// One level pass of an expansion: walks the parents (the keys of level d, in order), admits
// the new keys of level d+1 with LevelBuilder, and commits them in steps, each one atomic with
// how far the pass got. A pass cut short resumes where its last step ended and admits exactly
// what an uninterrupted pass would have: the outcome depends only on the parents' order and
// their stored answers. The store comes in through ExpansionStore (memory in tests).
#include "paa/error.hpp"
#include "paa/expand/level_builder.hpp"
#include "paa/job/expand_spec.hpp"
#include "paa/model/envelope.hpp"
#include "paa/store/expansion.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>

namespace paa {

class ExpansionStore {
 public:
  virtual ~ExpansionStore() = default;
  // A discovered key's lineage in the job; nullopt when the job did not discover it.
  virtual Result<std::optional<Lineage>> lineage(std::string_view encoded) = 0;
  // The job has settled the key (done or failed): one of its own keys, or a discovered one.
  virtual Result<bool> settled(std::string_view encoded) = 0;
  // The stored answer of a key done for the job; nullopt when the key is not a parent (it
  // failed for good, or nothing is stored for it).
  virtual Result<std::optional<Envelope>> answer_of(std::string_view encoded) = 0;
  // The round that walked `encoded` as a level-1 parent (its seed record; 0: the job's level 1);
  // nullopt when no level-1 pass has walked it.
  virtual Result<std::optional<std::uint32_t>> seed_round(std::string_view encoded) = 0;
  virtual Result<void> commit(const ExpansionStep& step) = 0;
  // Level `level`'s keys (level >= 1) as committed, in discovery order; `visit` false stops.
  virtual Result<void> scan_level(std::uint32_t level, const std::function<bool(const LevelKey&)>& visit) = 0;
};

// skip_variants: adds to `groups` the groups of the keys the job discovered before the next
// parent of a pass over `state`: every key of levels 1..built and the first pass_admitted keys
// of level built+1 (those of the parents a pass cut short walked; in a reopened cut level, the
// keys before the cut). With the groups of the job's own keys, which the caller adds, they are
// the groups an uninterrupted pass would know at that parent: nothing about them is written,
// they are read again from the level keys by each pass (11 to 22 bytes per key in a GroupSet).
Result<void> add_discovered_groups(ExpansionStore& store, const ExpansionState& state, KeyGrouper& grouper,
                                   KnownGroups& groups);

// A job whose expansion max_keys cut short, run again with a higher max_keys: the state from
// which the cut level is built again (from the parent whose keys reached the cap), and every
// level after it. Any other state is returned as it is.
ExpansionState reopen_cut_level(const ExpansionState& state, const ExpandSpec& spec);

// Seeds added later (docs/expansion.md "Seeds added later"). A job key is a new seed when no
// level-1 pass walked it (`recorded`: its seed_round), or when the level-1 append pass of the
// round under way walked it (a resumed pass offers it again, as it offers every parent).
bool is_new_seed(const std::optional<std::uint32_t>& recorded, const ExpansionState& state);

// The state that begins a round over the job's new seeds, or nullopt when none can begin now:
// level 1 was not made with seed records (seeds_recorded), a pass or a round is under way, or
// max_keys cut or filled the expansion (a higher max_keys reopens the cut first). The round
// appends to levels 1..min(built, depth). Nothing is written for it: its first step is.
std::optional<ExpansionState> begin_round(const ExpansionState& state, const ExpandSpec& spec);

// A store made before seed records were kept (seeds_recorded false, level 1 built): records the
// job's keys as they are now as expanded (round 0), in atomic steps; the last one sets
// seeds_recorded. A crash in between records them again on the next run: nothing else changes.
class SeedRecorder {
 public:
  SeedRecorder(const ExpansionState& state, ExpansionStore& store, std::size_t per_step = 1000);
  Result<void> offer(std::string_view encoded);
  Result<ExpansionState> finish();

 private:
  ExpansionState state_;
  ExpansionStore& store_;
  const std::size_t per_step_;
  ExpansionStep step_;
};

struct Parent {
  Query query;
  std::string encoded;  // encode_key(query.key)
  std::string seed;     // its level-0 ancestor; "" for a level-0 key (its own seed)
};

// Parents per atomic step: what a crash can make the next run walk again, and what a step holds
// in memory (up to per_result keys per parent, twice: the step and the store's write batch).
// 1000 cost ~30 MiB of peak RSS at 10 keys per parent (bench.sh case 7); 100 holds ~3 MiB.
inline constexpr std::size_t kParentsPerStep = 100;

class LevelPass {
 public:
  // Builds level `level` (1 or more) from `state`, whose levels 1..level-1 are built; in a round
  // (state.in_round()), appends to level `level` (state.pass_level()) from the round's parents:
  // its new seeds (level 1) or the round's keys of level-1, numbering its keys after the
  // level's. A level-1 pass records every parent it walks (ExpansionStep::seeds). With
  // skip_variants, `groups` holds the groups the job knows (its own keys' and
  // add_discovered_groups'); the pass adds those it admits.
  LevelPass(const ExpandSpec& spec, std::uint32_t level, const ExpansionState& state,
            ExpansionStore& store, std::size_t parents_per_step = kParentsPerStep, KnownGroups* groups = nullptr);

  // Offer every parent of level-1 in order, from the first: those an interrupted pass walked
  // already are skipped here.
  Result<void> offer(const Parent& parent);
  // max_keys is reached: later parents can add nothing (the caller may stop offering).
  bool full() const { return builder_.full(); }
  // Commits what is left and marks the level built; returns the job's state after it.
  Result<ExpansionState> finish();

 private:
  class StepKnown;
  Result<void> commit_step(bool level_done);
  Error parents_changed() const;

  const ExpandSpec spec_;  // a copy: callers may pass a temporary
  const std::uint32_t level_;
  const bool append_;        // a round's append pass
  const std::uint64_t base_; // the level's keys before it (append), its keys' first seq
  ExpansionState state_;  // as committed
  ExpansionStore& store_;
  const std::size_t parents_per_step_;
  LevelBuilder builder_;
  const ExpansionState state_at_start_;
  std::string last_parent_;         // encoded key of the last parent walked
  std::uint64_t offered_ = 0;       // parents offered, skipped ones included
  std::uint64_t walked_ = 0;        // parents walked, this pass and the interrupted one's
  std::uint64_t admitted_ = 0;      // keys of this level admitted so far, both passes
  std::uint64_t skipped_ = 0;       // variants skipped at this level so far, both passes
  KnownGroups* groups_;
  std::optional<Error> known_error_;
  // Where max_keys cut this level: the parents walked before the one that reached the cap, the
  // keys admitted before it, and the last parent walked before it (ExpansionState's cut_*).
  struct Cut {
    std::uint64_t parents = 0;
    std::uint64_t admitted = 0;
    std::uint64_t skipped = 0;
    std::string last_parent;
  };
  std::optional<Cut> cut_;
  ExpansionStep step_;              // not committed yet
  std::unordered_set<std::string> step_keys_;  // keys admitted in step_
};

}  // namespace paa
