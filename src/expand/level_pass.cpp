#include "paa/expand/level_pass.hpp"

#include <algorithm>
#include <stdexcept>

namespace paa {

bool is_new_seed(const std::optional<std::uint32_t>& recorded, const ExpansionState& state) {
  if (!recorded) return true;
  return state.in_round() && state.round_appended == 0 && *recorded == state.round;
}

std::optional<ExpansionState> begin_round(const ExpansionState& state, const ExpandSpec& spec) {
  if (!state.seeds_recorded || state.built == 0 || spec.depth <= 0) return std::nullopt;
  if (state.in_round() || state.pass_under_way() || state.cut_level != 0) return std::nullopt;
  if (spec.max_keys != 0 && state.discovered() >= spec.max_keys) return std::nullopt;
  ExpansionState s = state;
  ++s.round;
  s.round_levels = std::min(state.built, static_cast<std::uint32_t>(spec.depth));
  s.round_appended = 0;
  s.round_start.assign(state.level_keys.begin(), state.level_keys.begin() + s.round_levels);
  return s;
}

SeedRecorder::SeedRecorder(const ExpansionState& state, ExpansionStore& store, std::size_t per_step)
    : state_(state), store_(store), per_step_(per_step == 0 ? 1 : per_step) {
  step_.level = 1;
}

Result<void> SeedRecorder::offer(std::string_view encoded) {
  step_.seeds.emplace_back(encoded);
  if (step_.seeds.size() < per_step_) return {};
  step_.state = state_;
  if (auto r = store_.commit(step_); !r) return r;
  step_.seeds.clear();
  return {};
}

Result<ExpansionState> SeedRecorder::finish() {
  ExpansionState next = state_;
  next.seeds_recorded = true;
  step_.state = next;
  if (auto r = store_.commit(step_); !r) return r.error();
  step_.seeds.clear();
  state_ = next;
  return state_;
}

ExpansionState reopen_cut_level(const ExpansionState& state, const ExpandSpec& spec) {
  if (state.cut_level == 0) return state;
  if (spec.max_keys != 0 && spec.max_keys <= state.discovered()) return state;
  ExpansionState s = state;
  s.built = state.cut_level - 1;
  s.level_keys.resize(s.built);
  if (s.level_skipped.size() > s.built) s.level_skipped.resize(s.built);
  s.trim_skipped();
  s.pass_parents = state.cut_parents;
  s.pass_admitted = state.cut_admitted;
  s.pass_skipped = state.cut_skipped;
  s.pass_last_parent = state.cut_last_parent;
  s.cut_level = 0;
  s.cut_parents = 0;
  s.cut_admitted = 0;
  s.cut_skipped = 0;
  s.cut_last_parent.clear();
  return s;
}

Result<void> add_discovered_groups(ExpansionStore& store, const ExpansionState& state, KeyGrouper& grouper,
                                   KnownGroups& groups) {
  for (std::uint32_t level = 1; level <= state.built + 1; ++level) {
    const bool under_way = level == state.built + 1;
    if (under_way && state.pass_admitted == 0) break;
    auto scanned = store.scan_level(level, [&](const LevelKey& k) {
      if (under_way && k.seq >= state.pass_admitted) return false;  // a reopened cut's keys: admitted again
      groups.add(grouper.group(k.query.key));
      return true;
    });
    if (!scanned) return scanned;
  }
  return {};
}

// Keys the job knows: discovered ones (the store's and those of the step not committed yet)
// and settled ones. A key this level took from the first parent this pass walks (in a pass
// that max_keys cut short, now reopened, that parent is the one whose keys reached the cap) is
// not "known": it is admitted again, at the same place, so the parent's per_result counts it as
// an uninterrupted pass would have. (Steps commit whole parents, so in any other pass the first
// parent walked has no keys yet.) A store error is kept
// and reported by offer(): KnownKeys cannot return one.
class LevelPass::StepKnown final : public KnownKeys {
 public:
  StepKnown(LevelPass& pass, const Parent& parent) : pass_(pass), parent_(parent) {}
  bool contains(std::string_view encoded) override {
    if (pass_.step_keys_.contains(std::string(encoded))) return true;
    auto lineage = pass_.store_.lineage(encoded);
    if (!lineage) return failed(lineage.error());
    if (*lineage) {
      const bool first_parent = pass_.walked_ == pass_.state_at_start_.pass_parents;
      return !(first_parent && (*lineage)->level == pass_.level_ && (*lineage)->parent == parent_.encoded);
    }
    auto settled = pass_.store_.settled(encoded);
    if (!settled) return failed(settled.error());
    return *settled;
  }
  void add(std::string_view encoded) override { pass_.step_keys_.emplace(encoded); }

 private:
  bool failed(const Error& e) {
    if (!pass_.known_error_) pass_.known_error_ = e;
    return true;  // admit nothing more; offer() fails
  }
  LevelPass& pass_;
  const Parent& parent_;
};

LevelPass::LevelPass(const ExpandSpec& spec, std::uint32_t level, const ExpansionState& state,
                     ExpansionStore& store, std::size_t parents_per_step, KnownGroups* groups)
    : spec_(spec),
      level_(level),
      append_(state.in_round()),
      base_(state.in_round() && level >= 1 && level <= state.level_keys.size() ? state.level_keys[level - 1] : 0),
      state_(state),
      store_(store),
      parents_per_step_(parents_per_step == 0 ? 1 : parents_per_step),
      builder_(spec_, level, state.discovered()),
      state_at_start_(state),
      last_parent_(state.pass_last_parent),
      walked_(state.pass_parents),
      admitted_(state.pass_admitted),
      skipped_(state.pass_skipped),
      groups_(groups) {
  if (spec_.skip_variants && groups_ == nullptr) throw std::logic_error("LevelPass: skip_variants without the job's groups");
  if (level == 0 || state.pass_level() != level || (append_ && level > state.built)) {
    throw std::logic_error("LevelPass: level " + std::to_string(level) + " after " +
                           std::to_string(state.built) + " built levels" +
                           (append_ ? " in a round, " + std::to_string(state.round_appended) + " appended" : ""));
  }
  step_.level = level;
}

Error LevelPass::parents_changed() const {
  return make_error(errc::invalid_input,
                    "the parents of level " + std::to_string(level_) +
                        " are not the ones an earlier run began to make it from (were the job's queries "
                        "edited in between?): restore the job's query lists, or run it under a new job name");
}

Result<void> LevelPass::offer(const Parent& parent) {
  if (++offered_ <= state_at_start_.pass_parents) {  // walked by the interrupted pass
    if (offered_ == state_at_start_.pass_parents && !state_at_start_.pass_last_parent.empty() &&
        parent.encoded != state_at_start_.pass_last_parent) {
      return parents_changed();
    }
    if (level_ == 1 && !append_) {
      // Recorded again: the interrupted pass may have begun before seed records were kept.
      step_.seeds.push_back(parent.encoded);
      if (step_.seeds.size() >= parents_per_step_) return commit_step(false);
    }
    return {};
  }
  // In a round, a seed walked once max_keys is reached is not recorded: it stays new, and a
  // round under a higher max_keys expands it.
  if (level_ == 1 && (!append_ || !builder_.full())) step_.seeds.push_back(parent.encoded);
  if (!builder_.full()) {
    auto answer = store_.answer_of(parent.encoded);
    if (!answer) return answer.error();
    if (*answer) {
      const auto candidates = expansion_candidates(**answer, spec_);
      StepKnown known(*this, parent);
      const std::uint64_t admitted_before = admitted_;
      const std::uint64_t skipped_before = skipped_;
      const std::uint64_t builder_skipped = builder_.skipped();
      auto admitted = builder_.admit(parent.query, candidates, known, groups_);
      if (known_error_) return *known_error_;
      skipped_ += builder_.skipped() - builder_skipped;
      const std::string& seed = parent.seed.empty() ? parent.encoded : parent.seed;
      for (auto& d : admitted) {
        LevelKey key;
        key.seq = base_ + admitted_++;
        key.query = std::move(d.query);
        key.encoded = std::move(d.encoded);
        key.lineage = Lineage{level_, d.via, parent.encoded, seed};
        step_.keys.push_back(std::move(key));
      }
      if (builder_.full() && !cut_ && state_.cut_level == 0 && !append_) {
        // This parent's keys reached the cap: a higher max_keys later resumes from it.
        cut_ = Cut{walked_, admitted_before, skipped_before, last_parent_};
      }
    }
  }
  ++walked_;
  last_parent_ = parent.encoded;
  if (walked_ - state_.pass_parents >= parents_per_step_) return commit_step(false);
  return {};
}

Result<void> LevelPass::commit_step(bool level_done) {
  ExpansionState next = state_;
  if (level_done && append_) {
    next.level_keys[level_ - 1] = base_ + admitted_;
    next.set_skipped(level_, state_at_start_.skipped_at(level_) + skipped_);
    next.round_appended = level_;
    if (level_ == next.round_levels) {  // the round is over
      next.round_levels = 0;
      next.round_appended = 0;
      next.round_start.clear();
    }
  } else if (level_done) {
    next.built = level_;
    next.level_keys.push_back(admitted_);
    next.set_skipped(level_, skipped_);
    if (level_ == 1) next.seeds_recorded = true;
  }
  if (level_done) {
    next.pass_parents = 0;
    next.pass_admitted = 0;
    next.pass_skipped = 0;
    next.pass_last_parent.clear();
  } else {
    next.pass_parents = walked_;
    next.pass_admitted = admitted_;
    next.pass_skipped = skipped_;
    next.pass_last_parent = last_parent_;
  }
  if (cut_) {
    next.cut_level = level_;
    next.cut_parents = cut_->parents;
    next.cut_admitted = cut_->admitted;
    next.cut_skipped = cut_->skipped;
    next.cut_last_parent = cut_->last_parent;
  }
  step_.state = next;
  step_.seeds_round = append_ ? state_.round : 0;
  if (auto r = store_.commit(step_); !r) return r;
  state_ = next;
  step_.keys.clear();
  step_.seeds.clear();
  step_keys_.clear();
  return {};
}

Result<ExpansionState> LevelPass::finish() {
  if (offered_ < state_at_start_.pass_parents) return parents_changed();  // fewer than were walked
  if (builder_.full() && !cut_ && state_.cut_level == 0 && !append_) {
    // Full before any parent of this level reached the cap (max_keys lowered since, or a pass
    // resumed under a lower one): a higher max_keys later makes the level from here.
    cut_ = Cut{walked_, admitted_, skipped_, last_parent_};
  }
  if (auto r = commit_step(true); !r) return r.error();
  return state_;
}

}  // namespace paa
