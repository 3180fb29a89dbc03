// Level passes over a store in memory: order, lineage, steps, resumption, and max_keys cuts
// that a later run with a higher max_keys continues as if the cap had never been lower.
#include "paa/expand/level_pass.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <set>

namespace paa {
namespace {

using ::testing::ElementsAre;

Question node(std::string text, std::vector<Question> children = {}) {
  Question q;
  q.question = std::move(text);
  q.children = std::move(children);
  return q;
}

Query query(const std::string& q) { return make_query(q, "en", "us").value(); }
std::string key(const std::string& q) { return encode_key(query(q).key); }

class MemoryExpansion final : public ExpansionStore {
 public:
  std::map<std::string, Envelope> answers;    // done keys with their answers
  std::set<std::string> settled_keys;         // done or failed
  std::map<std::string, Lineage> lineages;
  std::map<std::uint32_t, std::map<std::uint64_t, LevelKey>> levels;
  std::map<std::string, std::uint32_t> seed_records;  // level-1 parents walked, with their round
  ExpansionState state;
  int commits = 0;
  int fail_commit = -1;     // this commit (0-based) fails, and every one after it
  bool broken_reads = false;

  void answer(const std::string& q, std::vector<Question> tree, std::vector<std::string> related = {}) {
    Envelope e;
    e.result.children = std::move(tree);
    e.result.related = std::move(related);
    answers[key(q)] = std::move(e);
    settled_keys.insert(key(q));
  }
  Result<std::optional<Lineage>> lineage(std::string_view k) override {
    if (broken_reads) return make_error(errc::store, "I/O error");
    auto it = lineages.find(std::string(k));
    return it == lineages.end() ? std::optional<Lineage>() : std::optional<Lineage>(it->second);
  }
  Result<bool> settled(std::string_view k) override { return settled_keys.count(std::string(k)) > 0; }
  Result<std::optional<Envelope>> answer_of(std::string_view k) override {
    auto it = answers.find(std::string(k));
    return it == answers.end() ? std::optional<Envelope>() : std::optional<Envelope>(it->second);
  }
  Result<std::optional<std::uint32_t>> seed_round(std::string_view k) override {
    if (broken_reads) return make_error(errc::store, "I/O error");
    auto it = seed_records.find(std::string(k));
    return it == seed_records.end() ? std::optional<std::uint32_t>() : std::optional<std::uint32_t>(it->second);
  }
  Result<void> commit(const ExpansionStep& step) override {
    if (fail_commit >= 0 && commits >= fail_commit) return make_error(errc::store, "No space left on device");
    ++commits;
    for (const auto& k : step.seeds) seed_records[k] = step.seeds_round;
    for (const auto& k : step.keys) {
      lineages[k.encoded] = k.lineage;
      levels[step.level][k.seq] = k;  // a key written again lands on its own place
    }
    state = step.state;
    return {};
  }
  Result<void> scan_level(std::uint32_t l, const std::function<bool(const LevelKey&)>& visit) override {
    if (broken_reads) return make_error(errc::store, "I/O error");
    for (const auto& [seq, k] : levels[l]) {
      if (!visit(k)) break;
    }
    return {};
  }
  std::vector<std::string> level(std::uint32_t l) {
    std::vector<std::string> out;
    for (const auto& [seq, k] : levels[l]) out.push_back(k.query.q);
    return out;
  }
};

// The job's own keys and their trees: "a" and "b" are answered, "gone" failed for good.
void seeds(MemoryExpansion& store) {
  store.answer("a", {node("A1?", {node("A11?")}), node("A2?"), node("b")}, {"a related"});
  store.answer("b", {node("B1?"), node("A1?"), node("B2?")});
  store.settled_keys.insert(key("gone"));
}
std::vector<Parent> level0() { return {{query("a"), key("a"), ""}, {query("gone"), key("gone"), ""}, {query("b"), key("b"), ""}}; }

ExpansionState build(MemoryExpansion& store, const ExpandSpec& spec, std::uint32_t level,
                     const std::vector<Parent>& parents, std::size_t per_step = 1000) {
  LevelPass pass(spec, level, store.state, store, per_step);
  for (const auto& p : parents) {
    if (pass.full()) break;
    EXPECT_TRUE(pass.offer(p));
  }
  auto s = pass.finish();
  EXPECT_TRUE(s);
  return s ? *s : ExpansionState{};
}

std::vector<Parent> parents_of(MemoryExpansion& store, std::uint32_t level) {
  std::vector<Parent> out;
  for (const auto& [seq, k] : store.levels[level]) out.push_back({k.query, k.encoded, k.lineage.seed});
  return out;
}

ExpandSpec spec_of(int depth, std::uint32_t per_result = 10, std::uint64_t max_keys = 20000) {
  ExpandSpec spec;
  spec.depth = depth;
  spec.per_result = per_result;
  spec.max_keys = max_keys;
  return spec;
}

TEST(LevelPass, ParentsInOrderQuestionsInPreOrderNothingKnownTwiceAndLineageToTheSeed) {
  MemoryExpansion store;
  seeds(store);
  auto spec = spec_of(2);
  spec.from_related = true;
  const auto state = build(store, spec, 1, level0());
  // "b" is a job key (settled), "A1?" came from "a" first.
  EXPECT_THAT(store.level(1), ElementsAre("A1?", "A11?", "A2?", "a related", "B1?", "B2?"));
  EXPECT_EQ(state.built, 1u);
  EXPECT_THAT(state.level_keys, ElementsAre(6u));
  EXPECT_EQ(state.pass_parents, 0u);
  const Lineage& b1 = store.lineages.at(key("B1?"));
  EXPECT_EQ(b1, (Lineage{1, Via::question, key("b"), key("b")}));
  EXPECT_EQ(store.lineages.at(key("a related")).via, Via::related);

  store.answer("A1?", {node("Deep?"), node("A2?")});
  store.answer("B2?", {node("Deeper?")});
  const auto two = build(store, spec, 2, parents_of(store, 1));
  EXPECT_THAT(store.level(2), ElementsAre("Deep?", "Deeper?"));
  EXPECT_EQ(store.lineages.at(key("Deeper?")), (Lineage{2, Via::question, key("B2?"), key("b")}))
      << "the seed is the level-0 ancestor";
  EXPECT_EQ(two.built, 2u);
  EXPECT_EQ(two.discovered(), 8u);
}

TEST(LevelPass, PerResultCountsOnlyNewKeysAndMaxKeysKeepsTheFirstInOrder) {
  MemoryExpansion store;
  seeds(store);
  build(store, spec_of(1, 2), 1, level0());
  EXPECT_THAT(store.level(1), ElementsAre("A1?", "A11?", "B1?", "B2?")) << "A1? is known by b's turn";

  MemoryExpansion capped;
  seeds(capped);
  const auto state = build(capped, spec_of(1, 10, 3), 1, level0());
  EXPECT_THAT(capped.level(1), ElementsAre("A1?", "A11?", "A2?"));
  EXPECT_EQ(state.cut_level, 1u);
}

TEST(LevelPass, TheSameKeysWhateverTheStepSize) {
  MemoryExpansion one, many;
  seeds(one);
  seeds(many);
  build(one, spec_of(1), 1, level0(), 1);
  build(many, spec_of(1), 1, level0(), 1000);
  EXPECT_EQ(one.level(1), many.level(1));
  EXPECT_EQ(one.lineages, many.lineages);
  EXPECT_EQ(one.commits, 4) << "three parents, one step each, then the end of the level";
  EXPECT_EQ(many.commits, 1);
}

TEST(LevelPass, APassCutShortResumesFromItsLastStepAndAddsExactlyTheSame) {
  MemoryExpansion whole;
  seeds(whole);
  build(whole, spec_of(1), 1, level0());

  MemoryExpansion cut;
  seeds(cut);
  cut.fail_commit = 1;  // the first step commits, the second fails: a crash between the two
  {
    LevelPass pass(spec_of(1), 1, cut.state, cut, 1);
    ASSERT_TRUE(pass.offer(level0()[0]));
    auto second = pass.offer(level0()[1]);
    ASSERT_FALSE(second);
    EXPECT_EQ(second.error().message, "No space left on device");
  }
  EXPECT_EQ(cut.state.pass_parents, 1u);
  EXPECT_EQ(cut.state.built, 0u);
  cut.fail_commit = -1;
  const auto state = build(cut, spec_of(1), 1, level0(), 1);
  EXPECT_EQ(cut.level(1), whole.level(1));
  EXPECT_EQ(cut.lineages, whole.lineages);
  EXPECT_EQ(state, whole.state);
}

TEST(LevelPass, AHigherMaxKeysContinuesACutLevelAsIfTheCapHadNeverBeenLower) {
  MemoryExpansion uncapped;
  seeds(uncapped);
  build(uncapped, spec_of(2, 2, 100), 1, level0());

  MemoryExpansion store;
  seeds(store);
  // Cut inside "a"'s keys: "a" gives A1?, then the cap (1) is reached.
  auto state = build(store, spec_of(2, 2, 1), 1, level0());
  EXPECT_THAT(store.level(1), ElementsAre("A1?"));
  EXPECT_EQ(state.cut_level, 1u);
  EXPECT_EQ(state.cut_parents, 0u);
  // Level 2 under the same cap: nothing, no walk needed.
  state = build(store, spec_of(2, 2, 1), 2, parents_of(store, 1));
  EXPECT_EQ(state.built, 2u);
  EXPECT_EQ(store.level(2).size(), 0u);
  EXPECT_EQ(reopen_cut_level(state, spec_of(2, 2, 1)), state) << "the same cap: nothing to reopen";

  const auto reopened = reopen_cut_level(state, spec_of(2, 2, 100));
  EXPECT_EQ(reopened.built, 0u);
  EXPECT_EQ(reopened.pass_parents, 0u);
  EXPECT_EQ(reopened.pass_admitted, 0u);
  store.state = reopened;
  build(store, spec_of(2, 2, 100), 1, level0());
  EXPECT_EQ(store.level(1), uncapped.level(1)) << "a's per_result counts A1? once, as an uncut pass did";
  EXPECT_EQ(store.state.cut_level, 0u);
}

TEST(LevelPass, AResumeOverOtherParentsThanTheCutPassWalkedIsRefused) {
  MemoryExpansion store;
  seeds(store);
  store.fail_commit = 1;  // the first step (parent "a") commits, then the pass is cut short
  {
    LevelPass pass(spec_of(1), 1, store.state, store, 1);
    ASSERT_TRUE(pass.offer(level0()[0]));
    ASSERT_FALSE(pass.offer(level0()[1]));
  }
  store.fail_commit = -1;
  // The job's list was edited: another query now comes first.
  store.answer("new first", {node("N?")});
  LevelPass pass(spec_of(1), 1, store.state, store, 1);
  auto r = pass.offer({query("new first"), key("new first"), ""});
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("are not the ones an earlier run began to make it from"), std::string::npos)
      << r.error().message;
  LevelPass shorter(spec_of(1), 1, store.state, store, 1);
  EXPECT_FALSE(shorter.finish()) << "fewer parents than the cut pass walked";
}

TEST(LevelPass, ALevelBuiltFullUnderALoweredCapIsMadeWhenTheCapIsRaisedAgain) {
  MemoryExpansion uncapped;
  seeds(uncapped);
  build(uncapped, spec_of(2, 10, 0), 1, level0());
  uncapped.answer("A1?", {node("Deep?"), node("Deeper?")});
  build(uncapped, spec_of(2, 10, 0), 2, parents_of(uncapped, 1));
  ASSERT_EQ(uncapped.level(2).size(), 2u);

  MemoryExpansion store;
  seeds(store);
  build(store, spec_of(1, 10, 0), 1, level0());
  store.answer("A1?", {node("Deep?"), node("Deeper?")});
  // max_keys lowered below what level 1 already holds: level 2 is made full, from nothing.
  auto state = build(store, spec_of(2, 10, 3), 2, parents_of(store, 1));
  EXPECT_EQ(state.built, 2u);
  EXPECT_EQ(store.level(2).size(), 0u);
  EXPECT_EQ(state.cut_level, 2u) << "the cut is recorded even though no parent reached it";
  store.state = reopen_cut_level(state, spec_of(2, 10, 0));
  EXPECT_EQ(store.state.built, 1u);
  build(store, spec_of(2, 10, 0), 2, parents_of(store, 1));
  EXPECT_EQ(store.level(2), uncapped.level(2));
}

TEST(LevelPass, StoreErrorsStopThePass) {
  MemoryExpansion store;
  seeds(store);
  store.broken_reads = true;
  LevelPass pass(spec_of(1), 1, store.state, store);
  auto r = pass.offer(level0()[0]);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "I/O error");
  EXPECT_EQ(store.commits, 0);
}

TEST(LevelPass, LevelsAreBuiltInOrder) {
  MemoryExpansion store;
  EXPECT_THROW(LevelPass(spec_of(2), 2, store.state, store), std::logic_error);
}

// skip_variants. The job's own keys: "espresso machine" and "how long do espresso machines
// last" (a variant group of its own), then "coffee"; "gone" failed for good.
void variant_seeds(MemoryExpansion& store) {
  store.answer("espresso machine", {node("How long does an espresso machine last?"),
                                    node("How much does an espresso machine cost?", {node("Why is espresso bitter?")})});
  store.answer("how long do espresso machines last", {});
  store.answer("coffee", {node("how much do espresso machines cost"), node("why is espresso bitter"),
                          node("Is coffee good for you?")});
  store.settled_keys.insert(key("gone"));
}
std::vector<Parent> variant_level0() {
  return {{query("espresso machine"), key("espresso machine"), ""},
          {query("how long do espresso machines last"), key("how long do espresso machines last"), ""},
          {query("gone"), key("gone"), ""},
          {query("coffee"), key("coffee"), ""}};
}

ExpandSpec skipping(int depth, std::uint32_t per_result = 10, std::uint64_t max_keys = 20000) {
  ExpandSpec spec = spec_of(depth, per_result, max_keys);
  spec.skip_variants = true;
  return spec;
}

// The groups a pass over the store's state starts from, as build_level reads them: the job's
// own keys', then add_discovered_groups'.
GroupSet job_groups(MemoryExpansion& store) {
  GroupSet groups;
  KeyGrouper grouper;
  for (const auto& p : variant_level0()) groups.add(grouper.group(p.query.key));
  EXPECT_TRUE(add_discovered_groups(store, store.state, grouper, groups));
  return groups;
}

ExpansionState build_skipping(MemoryExpansion& store, const ExpandSpec& spec, std::uint32_t level,
                              const std::vector<Parent>& parents, std::size_t per_step = 1000) {
  GroupSet groups = job_groups(store);
  LevelPass pass(spec, level, store.state, store, per_step, &groups);
  for (const auto& p : parents) {
    if (pass.full()) break;
    EXPECT_TRUE(pass.offer(p));
  }
  auto s = pass.finish();
  EXPECT_TRUE(s);
  return s ? *s : ExpansionState{};
}

void answer_level1(MemoryExpansion& store) {
  store.answer("How much does an espresso machine cost?",
               {node("how long does an espresso machine last"), node("Is coffee bad for you?")});
  store.answer("Why is espresso bitter?", {node("Is coffee good for you")});
}

TEST(LevelPassSkipVariants, AVariantOfAKeyTheJobHasIsNotAdmittedAndIsCountedPerLevel) {
  MemoryExpansion store;
  variant_seeds(store);
  auto state = build_skipping(store, skipping(2), 1, variant_level0());
  // The own variant group skips "How long does ...?"; "coffee"'s first two are variants of
  // keys admitted from the parent before it.
  EXPECT_THAT(store.level(1), ElementsAre("How much does an espresso machine cost?", "Why is espresso bitter?",
                                          "Is coffee good for you?"));
  EXPECT_EQ(state.skipped_at(1), 3u);
  answer_level1(store);
  state = build_skipping(store, skipping(2), 2, parents_of(store, 1));
  EXPECT_THAT(store.level(2), ElementsAre("Is coffee bad for you?"))
      << "an own key's variant and a level-1 key's variant are skipped at level 2 too";
  EXPECT_EQ(state.skipped_at(2), 2u);
  EXPECT_EQ(state.skipped(), 5u);
  EXPECT_THAT(state.level_keys, ElementsAre(3u, 1u));

  MemoryExpansion all;  // without skip_variants every variant is a new key
  variant_seeds(all);
  const auto plain = build(all, spec_of(2), 1, variant_level0());
  EXPECT_EQ(all.level(1).size(), 6u);
  EXPECT_EQ(plain.skipped(), 0u);
  EXPECT_TRUE(plain.level_skipped.empty());
}

// An expansion under way when paa's analysis version changes (docs/expansion.md "Skipping
// variants"): the level an earlier analysis made keeps every key it admitted, and the next level
// is made with the groups read again, by today's rules, from the keys the store has. Here the
// earlier analysis is one that told "cannot" from "should not" (level 1 made without skipping).
TEST(LevelPassSkipVariants, ALevelMadeByAnEarlierAnalysisKeepsItsKeysAndTheNextSkipsByTodaysGroups) {
  MemoryExpansion store;
  store.answer("losartan", {node("Who cannot take losartan?"), node("Who should not take losartan?")});
  const std::vector<Parent> seeds{{query("losartan"), key("losartan"), ""}};
  build(store, spec_of(2), 1, seeds);
  ASSERT_THAT(store.level(1), ElementsAre("Who cannot take losartan?", "Who should not take losartan?"));
  store.answer("Who cannot take losartan?", {node("Who can't take losartan?"), node("Is losartan safe?")});
  store.answer("Who should not take losartan?", {node("Who shouldn't take losartan?")});

  GroupSet groups;
  KeyGrouper grouper;
  groups.add(grouper.group(query("losartan").key));
  ASSERT_TRUE(add_discovered_groups(store, store.state, grouper, groups));
  LevelPass pass(skipping(2), 2, store.state, store, 1000, &groups);
  for (const auto& p : parents_of(store, 1)) ASSERT_TRUE(pass.offer(p));
  auto state = pass.finish();
  ASSERT_TRUE(state);
  EXPECT_THAT(store.level(1), ElementsAre("Who cannot take losartan?", "Who should not take losartan?"))
      << "a key already discovered is never dropped";
  EXPECT_THAT(store.level(2), ElementsAre("Is losartan safe?")) << "today's groups: can't, shouldn't, cannot are one";
  EXPECT_EQ(state->skipped_at(2), 2u);
}

TEST(LevelPassSkipVariants, SkippedVariantsDoNotCountAgainstPerResult) {
  MemoryExpansion store;
  variant_seeds(store);
  build_skipping(store, skipping(1, 1), 1, variant_level0());
  EXPECT_THAT(store.level(1), ElementsAre("How much does an espresso machine cost?", "why is espresso bitter"))
      << "the first new non-variant of each parent: coffee's first is a variant of the key before";
}

TEST(LevelPassSkipVariants, APassCutShortResumesWithTheGroupsReadFromTheStoreAndAdmitsTheSame) {
  MemoryExpansion whole;
  variant_seeds(whole);
  build_skipping(whole, skipping(2), 1, variant_level0(), 1);
  answer_level1(whole);
  build_skipping(whole, skipping(2), 2, parents_of(whole, 1), 1);

  for (int crash_at = 1; crash_at <= 8; ++crash_at) {  // level 1: commits 0-4, level 2: 5-8
    SCOPED_TRACE("crash at commit " + std::to_string(crash_at));
    MemoryExpansion cut;
    variant_seeds(cut);
    cut.fail_commit = crash_at;
    for (std::uint32_t level = 1; level <= 2; ++level) {
      if (level == 2) answer_level1(cut);  // level 1's keys are harvested once it is made
      GroupSet groups = job_groups(cut);
      LevelPass pass(skipping(2), level, cut.state, cut, 1, &groups);
      bool failed = false;
      for (const auto& p : level == 1 ? variant_level0() : parents_of(cut, 1)) {
        if (!pass.offer(p)) {
          failed = true;
          break;
        }
      }
      if (failed || !pass.finish()) break;
    }
    // The next runs: each pass starts from the groups the store gives back.
    cut.fail_commit = -1;
    if (cut.state.built < 1) build_skipping(cut, skipping(2), 1, variant_level0(), 1);
    answer_level1(cut);
    if (cut.state.built < 2) build_skipping(cut, skipping(2), 2, parents_of(cut, 1), 1);
    EXPECT_EQ(cut.level(1), whole.level(1));
    EXPECT_EQ(cut.level(2), whole.level(2));
    EXPECT_EQ(cut.state, whole.state) << "the skipped counts too";
  }
}

TEST(LevelPassSkipVariants, AHigherMaxKeysContinuesACutLevelWithTheSameSkips) {
  MemoryExpansion uncapped;
  variant_seeds(uncapped);
  const auto want = build_skipping(uncapped, skipping(1, 10, 100), 1, variant_level0());

  MemoryExpansion store;
  variant_seeds(store);
  const auto cut = build_skipping(store, skipping(1, 10, 1), 1, variant_level0());
  EXPECT_THAT(store.level(1), ElementsAre("How much does an espresso machine cost?"));
  EXPECT_EQ(cut.cut_level, 1u);
  EXPECT_EQ(cut.skipped_at(1), 1u) << "the own variant before the cap";
  store.state = reopen_cut_level(cut, skipping(1, 10, 100));
  EXPECT_EQ(store.state.pass_skipped, 0u) << "the skips before the parent at the cut: none";
  const auto again = build_skipping(store, skipping(1, 10, 100), 1, variant_level0());
  EXPECT_EQ(store.level(1), uncapped.level(1)) << "the cut parent's key is admitted again, not skipped as its own variant";
  EXPECT_EQ(again.skipped_at(1), want.skipped_at(1));
}

TEST(LevelPassSkipVariants, WithoutTheJobsGroupsAPassRefusesToStart) {
  MemoryExpansion store;
  EXPECT_THROW(LevelPass(skipping(1), 1, store.state, store), std::logic_error);
}

// Seeds added later. The job first lists "a", "gone", "b"; later "c" and "d" are added (in the
// middle: "c" before "b") and "dead" fails for good.
std::vector<Parent> parents_named(const std::vector<std::string>& names) {
  std::vector<Parent> out;
  for (const auto& n : names) out.push_back({query(n), key(n), ""});
  return out;
}
std::vector<Parent> later_level0() { return parents_named({"a", "gone", "c", "b", "dead", "d"}); }

void later_seeds(MemoryExpansion& store) {
  store.answer("c", {node("C1?", {node("A1?")}), node("C2?")});
  store.answer("d", {node("D1?"), node("C1?")});
  store.settled_keys.insert(key("dead"));
  // Answers of keys the round discovers, as if asked before the round's next level: not
  // settled yet when level 1 is made (a settled key is known to the job).
  store.answer("C1?", {node("C deep?")});
  store.answer("D1?", {node("D deep?"), node("Deep?")});
  store.settled_keys.erase(key("C1?"));
  store.settled_keys.erase(key("D1?"));
}

void answer_levels(MemoryExpansion& store) {
  store.answer("A1?", {node("Deep?"), node("A2?")});
  store.answer("B2?", {node("Deeper?")});
}

// The job's keys that are new seeds for `state` (the feeder's reading of the lists).
std::vector<Parent> new_seeds(MemoryExpansion& store, const ExpansionState& state, const std::vector<Parent>& job) {
  std::vector<Parent> out;
  for (const auto& p : job) {
    auto recorded = store.seed_round(p.encoded);
    EXPECT_TRUE(recorded);
    if (is_new_seed(*recorded, state)) out.push_back(p);
  }
  return out;
}

// The round's parents of `level` (2 or more): its keys of level-1, past the level's start.
std::vector<Parent> round_parents(MemoryExpansion& store, std::uint32_t level) {
  std::vector<Parent> out;
  for (const auto& [seq, k] : store.levels[level - 1]) {
    if (seq >= store.state.round_start[level - 2]) out.push_back({k.query, k.encoded, k.lineage.seed});
  }
  return out;
}

// What the feeder does after its levels: begins a round when there are new seeds, or resumes
// the one under way, and runs its append passes to the end. False when a commit failed (a
// crash): the store holds what was committed, and the next call goes on from there.
bool run_round(MemoryExpansion& store, const ExpandSpec& spec, const std::vector<Parent>& job, std::size_t per_step) {
  ExpansionState state = store.state;
  if (!state.in_round()) {
    auto begun = begin_round(state, spec);
    if (!begun || new_seeds(store, *begun, job).empty()) return true;
    state = *begun;
  }
  while (state.in_round()) {
    const std::uint32_t level = state.pass_level();
    const auto parents = level == 1 ? new_seeds(store, state, job) : round_parents(store, level);
    LevelPass pass(spec, level, state, store, per_step);
    for (const auto& p : parents) {
      if (pass.full()) break;
      if (!pass.offer(p)) return false;
    }
    auto done = pass.finish();
    if (!done) return false;
    state = *done;
  }
  return true;
}

// A job of depth 2 over the first seeds, both levels made.
void first_run(MemoryExpansion& store, const ExpandSpec& spec) {
  seeds(store);
  build(store, spec, 1, level0());
  answer_levels(store);
  build(store, spec, 2, parents_of(store, 1));
}

std::set<std::string> keys_of(MemoryExpansion& store) {
  std::set<std::string> out;
  for (const auto& [k, l] : store.lineages) out.insert(k);
  return out;
}

TEST(SeedRound, SeedsAddedLaterAreExpandedToTheJobsDepthAfterEachLevelsKeys) {
  const auto spec = spec_of(2);
  MemoryExpansion store;
  first_run(store, spec);
  const auto level1 = store.level(1), level2 = store.level(2);
  EXPECT_TRUE(store.state.seeds_recorded);
  EXPECT_EQ(store.seed_records.size(), 3u) << "every parent of level 1 is recorded, \"gone\" too";
  EXPECT_TRUE(new_seeds(store, store.state, level0()).empty());

  later_seeds(store);
  EXPECT_EQ(new_seeds(store, store.state, later_level0()).size(), 3u) << "c, dead, d";
  ASSERT_TRUE(run_round(store, spec, later_level0(), 1000));
  EXPECT_FALSE(store.state.in_round());
  EXPECT_EQ(store.state.round, 1u);
  // Each level keeps its keys and places; the round's follow, in the order of its parents.
  EXPECT_THAT(store.level(1), ElementsAre(level1[0], level1[1], level1[2], level1[3], level1[4], "C1?", "C2?", "D1?"));
  EXPECT_THAT(store.level(2), ElementsAre(level2[0], level2[1], "C deep?", "D deep?"));
  EXPECT_THAT(store.state.level_keys, ElementsAre(8u, 4u));
  EXPECT_EQ(store.lineages.at(key("C deep?")), (Lineage{2, Via::question, key("C1?"), key("c")}));
  EXPECT_EQ(store.lineages.at(key("D1?")), (Lineage{1, Via::question, key("d"), key("d")}));
  EXPECT_EQ(store.seed_records.at(key("dead")), 1u) << "walked, not a parent: it failed for good";
  // Nothing new: no round, nothing written.
  const int commits = store.commits;
  ASSERT_TRUE(run_round(store, spec, later_level0(), 1000));
  EXPECT_EQ(store.commits, commits);
  EXPECT_EQ(store.state.round, 1u);

  // A fresh job with every seed, the added ones last, discovers the same keys.
  MemoryExpansion fresh;
  seeds(fresh);
  later_seeds(fresh);
  build(fresh, spec, 1, parents_named({"a", "gone", "b", "c", "dead", "d"}));
  answer_levels(fresh);
  build(fresh, spec, 2, parents_of(fresh, 1));
  EXPECT_EQ(keys_of(store), keys_of(fresh));
}

TEST(SeedRound, ARoundCutShortAtAnyCommitResumesAndAddsExactlyTheSame) {
  const auto spec = spec_of(2);
  MemoryExpansion whole;
  first_run(whole, spec);
  later_seeds(whole);
  const int before = whole.commits;
  ASSERT_TRUE(run_round(whole, spec, later_level0(), 1));
  const int steps = whole.commits - before;
  ASSERT_GE(steps, 5);
  for (int crash = 0; crash < steps; ++crash) {
    SCOPED_TRACE("crash at the round's commit " + std::to_string(crash));
    MemoryExpansion store;
    first_run(store, spec);
    later_seeds(store);
    store.fail_commit = store.commits + crash;
    EXPECT_FALSE(run_round(store, spec, later_level0(), 1));
    store.fail_commit = -1;
    ASSERT_TRUE(run_round(store, spec, later_level0(), 1));
    EXPECT_EQ(store.level(1), whole.level(1));
    EXPECT_EQ(store.level(2), whole.level(2));
    EXPECT_EQ(store.lineages, whole.lineages);
    EXPECT_EQ(store.seed_records, whole.seed_records);
    EXPECT_EQ(store.state, whole.state);
  }
}

TEST(SeedRound, TwoRoundsInTheOrderTheSeedsWereAdded) {
  const auto spec = spec_of(1);
  MemoryExpansion store;
  seeds(store);
  build(store, spec, 1, level0());
  later_seeds(store);
  ASSERT_TRUE(run_round(store, spec, parents_named({"a", "gone", "d", "b"}), 1000));
  ASSERT_TRUE(run_round(store, spec, later_level0(), 1000));
  EXPECT_EQ(store.state.round, 2u);
  const auto n = store.level(1).size();
  ASSERT_GE(n, 3u);
  EXPECT_EQ(store.level(1)[n - 3], "D1?") << "d's round came first";
  EXPECT_EQ(store.level(1)[n - 2], "C1?");
  EXPECT_EQ(store.level(1)[n - 1], "C2?");
  EXPECT_EQ(store.seed_records.at(key("d")), 1u);
  EXPECT_EQ(store.seed_records.at(key("c")), 2u);
}

TEST(SeedRound, AStoreMadeBeforeSeedRecordsTakesTheCurrentSeedsAsExpanded) {
  const auto spec = spec_of(1);
  MemoryExpansion store;
  seeds(store);
  build(store, spec, 1, level0());
  // As an older paa left it: no seed records, seeds_recorded false.
  store.seed_records.clear();
  store.state.seeds_recorded = false;
  later_seeds(store);
  EXPECT_FALSE(begin_round(store.state, spec)) << "no round before the seeds are recorded";
  // The first run records the lists as they are; a crash midway records them again.
  store.fail_commit = store.commits + 1;
  {
    SeedRecorder recorder(store.state, store, 2);
    bool failed = false;
    for (const auto& p : later_level0()) failed = failed || !recorder.offer(p.encoded);
    EXPECT_TRUE(failed || !recorder.finish());
  }
  EXPECT_FALSE(store.state.seeds_recorded);
  store.fail_commit = -1;
  SeedRecorder recorder(store.state, store, 2);
  for (const auto& p : later_level0()) ASSERT_TRUE(recorder.offer(p.encoded));
  auto recorded = recorder.finish();
  ASSERT_TRUE(recorded);
  EXPECT_TRUE(store.state.seeds_recorded);
  EXPECT_EQ(store.state.level_keys, recorded->level_keys);
  EXPECT_TRUE(new_seeds(store, store.state, later_level0()).empty());
  // A seed added after that is a new one.
  store.answer("e", {node("E1?")});
  auto with_e = later_level0();
  with_e.push_back({query("e"), key("e"), ""});
  ASSERT_TRUE(run_round(store, spec, with_e, 1000));
  EXPECT_EQ(store.level(1).back(), "E1?");
  EXPECT_FALSE(store.lineages.contains(key("C1?"))) << "c counted as expanded";
}

TEST(SeedRound, ALevelOnePassBegunBeforeSeedRecordsRecordsTheParentsItWalkedToo) {
  MemoryExpansion store;
  seeds(store);
  store.fail_commit = 1;
  {
    LevelPass pass(spec_of(1), 1, store.state, store, 1);
    ASSERT_TRUE(pass.offer(level0()[0]));
    ASSERT_FALSE(pass.offer(level0()[1]));
  }
  store.seed_records.clear();  // as an older paa committed the first step
  store.fail_commit = -1;
  build(store, spec_of(1), 1, level0(), 1);
  EXPECT_EQ(store.seed_records.size(), 3u);
  EXPECT_TRUE(store.state.seeds_recorded);
}

TEST(SeedRound, MaxKeysNoRoundWhenFullAndSeedsPastTheCapStayNew) {
  MemoryExpansion full;
  seeds(full);
  build(full, spec_of(1, 10, 5), 1, level0());
  later_seeds(full);
  EXPECT_FALSE(begin_round(full.state, spec_of(1, 10, 5))) << "max_keys reached: a round admits nothing";

  MemoryExpansion store;
  seeds(store);
  build(store, spec_of(1, 10, 6), 1, level0());
  ASSERT_EQ(store.state.discovered(), 5u);
  later_seeds(store);
  // One key left under the cap: c's first question takes it; d is walked full, not recorded.
  ASSERT_TRUE(run_round(store, spec_of(1, 10, 6), later_level0(), 1000));
  EXPECT_EQ(store.level(1).back(), "C1?");
  EXPECT_EQ(store.state.discovered(), 6u);
  EXPECT_EQ(store.state.cut_level, 0u) << "a round records no cut";
  EXPECT_TRUE(store.seed_records.contains(key("c")));
  EXPECT_FALSE(store.seed_records.contains(key("d")));
  EXPECT_FALSE(begin_round(store.state, spec_of(1, 10, 6)));
  // A higher cap: d is new, and expanded by the next round.
  ASSERT_TRUE(run_round(store, spec_of(1, 10, 100), later_level0(), 1000));
  EXPECT_EQ(store.level(1).back(), "D1?");
  EXPECT_EQ(store.seed_records.at(key("d")), 2u);
}

TEST(SeedRound, AStateInARoundIsNotAnExtraLevel) {
  MemoryExpansion store;
  first_run(store, spec_of(2));
  later_seeds(store);
  store.fail_commit = store.commits + 2;
  EXPECT_FALSE(run_round(store, spec_of(2), later_level0(), 1));
  ASSERT_TRUE(store.state.in_round());
  EXPECT_EQ(store.state.built, 2u);
  EXPECT_EQ(store.state.pass_level(), 1u);
  EXPECT_EQ(store.state.skipped_at(3), 0u);
  EXPECT_THROW(LevelPass(spec_of(3), 3, store.state, store), std::logic_error) << "the round is finished first";
}

TEST(ExpansionBound, WhatCheckPrintsAsTheMost) {
  EXPECT_EQ(max_discovered(spec_of(2, 10, 0), 5), 5u * 10 + 5u * 100);
  EXPECT_EQ(max_discovered(spec_of(2, 10, 20000), 5), 550u);
  EXPECT_EQ(max_discovered(spec_of(3, 10, 20000), 100), 20000u);
  EXPECT_EQ(max_discovered(spec_of(1, 0, 0), 5), std::nullopt) << "per_result 0 and no max_keys: no bound";
  EXPECT_EQ(max_discovered(spec_of(10, 1000000, 0), 1000000), UINT64_MAX);
  EXPECT_EQ(max_discovered(spec_of(0), 5), 0u);
}

}  // namespace
}  // namespace paa
