// skip_variants' parts: a key's variant group in its locale, the set of groups a job knows, and
// the level builder skipping a candidate whose group the job has.
#include "paa/expand/level_builder.hpp"
#include "paa/expand/variant_groups.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

namespace paa {
namespace {

using ::testing::ElementsAre;

class SetOfKeys final : public KnownKeys {
 public:
  bool contains(std::string_view k) override { return keys.count(std::string(k)) > 0; }
  void add(std::string_view k) override { keys.insert(std::string(k)); }
  std::set<std::string> keys;
};

Query query(const std::string& q, const std::string& hl = "en", const std::string& gl = "us",
            const std::string& city = "") {
  return make_query(q, hl, gl, city).value();
}

std::vector<Candidate> questions(std::initializer_list<const char*> texts) {
  std::vector<Candidate> out;
  for (const char* t : texts) out.push_back({t, Via::question});
  return out;
}

std::vector<std::string> texts(const std::vector<DiscoveredKey>& keys) {
  std::vector<std::string> out;
  for (const auto& k : keys) out.push_back(k.query.q);
  return out;
}

TEST(KeyGrouper, VariantsShareAGroupInOneLocaleOnly) {
  KeyGrouper g;
  const auto machine = g.group(query("How long does an espresso machine last?").key);
  EXPECT_EQ(g.group(query("how long do espresso machines last").key), machine);
  EXPECT_EQ(g.group(query("Espresso machine: how long does it last?").key), machine);
  EXPECT_NE(g.group(query("How long does an espresso grinder last?").key), machine) << "other stems";
  EXPECT_NE(g.group(query("How much does an espresso machine cost?").key), machine) << "another type";
  EXPECT_NE(g.group(query("how long do espresso machines last", "en", "gb").key), machine)
      << "another market's answer, never a variant";
  EXPECT_NE(g.group(query("how long do espresso machines last", "en", "us", "Boston").key), machine);
  EXPECT_EQ(g.group(query("Is coffee good for you?").key), g.group(query("is coffee good for you").key));
  EXPECT_NE(g.group(query("Is coffee good for you?").key), g.group(query("Is coffee bad for you?").key));
}

TEST(GroupSet, HoldsEachIdOnceZeroIncludedAndGrowsAtThreeQuartersFull) {
  GroupSet set;
  EXPECT_FALSE(set.contains(0));
  EXPECT_FALSE(set.contains(42));
  set.add(0);
  set.add(42);
  set.add(42);
  EXPECT_TRUE(set.contains(0));
  EXPECT_TRUE(set.contains(42));
  EXPECT_EQ(set.size(), 2u);
  for (std::uint64_t i = 1; i <= 100000; ++i) set.add(i * 0x9e3779b97f4a7c15ull);
  EXPECT_EQ(set.size(), 100002u) << "0, 42 and 100,000 others";
  for (std::uint64_t i = 1; i <= 100000; ++i) ASSERT_TRUE(set.contains(i * 0x9e3779b97f4a7c15ull)) << i;
  EXPECT_FALSE(set.contains(43));
  EXPECT_LE(set.bytes(), 22u * set.size()) << "11 to 22 bytes per group";
  EXPECT_GE(set.bytes(), 10u * set.size());
}

TEST(LevelBuilderSkipVariants, AVariantOfAKnownGroupIsSkippedCountedAndNotCountedAgainstPerResult) {
  ExpandSpec spec;
  spec.depth = 1;
  spec.per_result = 2;
  spec.skip_variants = true;
  SetOfKeys known;
  GroupSet groups;
  KeyGrouper grouper;
  const Query seed = query("how long do espresso machines last");
  known.add(encode_key(seed.key));
  groups.add(grouper.group(seed.key));
  LevelBuilder level(spec, 1, 0);
  const auto got = level.admit(seed,
                               questions({"How long does an espresso machine last?",  // the seed's own group
                                          "how long do espresso machines last",       // the seed: known, not a skip
                                          "How much does an espresso machine cost?",
                                          "how much do espresso machines cost",  // admitted just before
                                          "Why is espresso bitter?", "Is coffee good for you?"}),
                               known, &groups);
  EXPECT_THAT(texts(got), ElementsAre("How much does an espresso machine cost?", "Why is espresso bitter?"));
  EXPECT_EQ(level.skipped(), 2u);
  EXPECT_EQ(level.admitted(), 2u);
  EXPECT_TRUE(groups.contains(grouper.group(got[1].query.key))) << "admitted keys' groups are the job's now";

  spec.skip_variants = false;
  SetOfKeys plain_known;
  plain_known.add(encode_key(seed.key));
  LevelBuilder plain(spec, 1, 0);
  EXPECT_THAT(texts(plain.admit(seed, questions({"How long does an espresso machine last?", "How much does an espresso machine cost?"}),
                                plain_known)),
              ElementsAre("How long does an espresso machine last?", "How much does an espresso machine cost?"));
  EXPECT_EQ(plain.skipped(), 0u);
}

TEST(LevelBuilderSkipVariants, TheSameQuestionInTheParentsOtherLocaleIsNotAVariant) {
  ExpandSpec spec;
  spec.depth = 1;
  spec.skip_variants = true;
  SetOfKeys known;
  GroupSet groups;
  KeyGrouper grouper;
  groups.add(grouper.group(query("how long do espresso machines last").key));  // en-us
  LevelBuilder level(spec, 1, 0);
  const auto got = level.admit(query("espresso", "en", "gb"), questions({"How long does an espresso machine last?"}),
                               known, &groups);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].query.gl, "gb");
  EXPECT_EQ(level.skipped(), 0u);
}

TEST(LevelBuilderSkipVariants, WithoutTheJobsGroupsItRefuses) {
  ExpandSpec spec;
  spec.depth = 1;
  spec.skip_variants = true;
  SetOfKeys known;
  LevelBuilder level(spec, 1, 0);
  EXPECT_THROW(level.admit(query("a"), questions({"b?"}), known), std::logic_error);
}

}  // namespace
}  // namespace paa
