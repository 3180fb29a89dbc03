#include "paa/question/question_profile.hpp"
#include "support/files.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>

using namespace paa::question;

TEST(VariantGroups, SpellingsOfOneQuestionShareAGroupAndNearMissesDoNot) {
  QuestionProfiler p;
  const auto a = p.profile("How long does an espresso machine last?", "en");
  EXPECT_EQ(a.type, QuestionType::time);
  EXPECT_EQ(p.profile("how long do espresso machines last", "en").group, a.group);
  EXPECT_EQ(p.profile("Espresso machine: how long does it last in 2026?", "en").group, a.group);
  EXPECT_NE(p.profile("How long does an espresso grinder last?", "en").group, a.group);
  EXPECT_NE(p.profile("Is coffee good for you?", "en").group, p.profile("Is coffee bad for you?", "en").group);
  // The same words in another language, or as another type, are another group.
  EXPECT_NE(p.profile("espresso machine", "en").group, p.profile("espresso machine", "fr").group);
  EXPECT_EQ(p.profile("How long does it last?", "en").hl, "en");
}

TEST(VariantGroups, AQuestionOfStopWordsOnlyIsOnlyItsOwnSpelling) {
  QuestionProfiler p;
  EXPECT_NE(p.profile("What is it?", "en").group, p.profile("What is this?", "en").group);
  EXPECT_EQ(p.profile("What is it?", "en").group, p.profile("what is it", "en").group);
}

// The ids are part of the exports' format: they must not change between releases or platforms
// (a new harvest's groups join an old one's by id). The figure is FNV-1a 64 computed by hand
// (python3, the same bytes), not copied from paa's output.
TEST(VariantGroups, IdsAreFixedByTheFormat) {
  EXPECT_EQ(variant_group_hex(variant_group_id(QuestionType::time, "en", {"espresso", "last", "long", "machin"})),
            "3769183af288413b");
  EXPECT_EQ(variant_group_hex(0), "0000000000000000");
  QuestionProfiler p;
  const auto a = p.profile("How long does an espresso machine last?", "en");
  EXPECT_EQ(a.stems, (std::vector<std::string>{"espresso", "last", "long", "machin"}));
  EXPECT_EQ(variant_group_hex(a.group), "3769183af288413b");
}

// tests/fixtures/topics/variants.tsv: rows of one `group` label are variants, of different
// labels are not (written by hand, as a reader would group them).
TEST(VariantGroups, HandWrittenGroupsArePartitionedExactly) {
  std::istringstream in(paa::test::read_file(paa::test::fixture_path("topics/variants.tsv")));
  std::string line;
  std::getline(in, line);  // header
  QuestionProfiler p;
  std::map<std::string, std::set<std::uint64_t>> ids_of_label;
  std::map<std::uint64_t, std::set<std::string>> labels_of_id;
  std::map<std::string, std::vector<std::string>> questions;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::istringstream f(line);
    std::string hl, label, question;
    std::getline(f, hl, '\t');
    std::getline(f, label, '\t');
    std::getline(f, question, '\t');
    const auto id = p.profile(question, hl).group;
    ids_of_label[hl + "/" + label].insert(id);
    labels_of_id[id].insert(hl + "/" + label);
    questions[hl + "/" + label].push_back(question);
  }
  ASSERT_GE(ids_of_label.size(), 15u);
  for (const auto& [label, ids] : ids_of_label) {
    std::string qs;
    for (const auto& q : questions[label]) qs += "\n  " + q;
    EXPECT_EQ(ids.size(), 1u) << label << " split into " << ids.size() << " groups:" << qs;
  }
  for (const auto& [id, labels] : labels_of_id) {
    std::string ls;
    for (const auto& l : labels) ls += " " + l;
    EXPECT_EQ(labels.size(), 1u) << "one group holds" << ls;
  }
}
