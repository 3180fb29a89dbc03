// A topic's record (id, label, top questions, counts) and the numbers, from groups written by
// hand; the expected values follow from the rules in topic_records.hpp, worked out here.
#include "stages/topic_numbering.hpp"
#include "stages/topic_records.hpp"
#include "stage_support.hpp"

#include <gtest/gtest.h>

namespace paa::topics::stages {
namespace {

using testing::OwnedGroup;

struct Written {
  std::unique_ptr<GroupLanguages> languages;
  std::unique_ptr<GraphEdges> edges;
  std::optional<SummedGraph> graph;
  std::unique_ptr<TopicRecords> records;
};

// Groups 0..6. Topic 0: groups 0..5; topic 1: group 6. Label stem slots of topic 0: "gizmo",
// "price" (hashes of the language's stems).
Written write_two_topics(const std::vector<OwnedGroup>& groups, const std::vector<std::uint64_t>& trees,
                         const std::vector<std::uint64_t>& volumes = {0, 0}) {
  Written w;
  w.languages = std::make_unique<GroupLanguages>(testing::one_language(7));
  w.edges = std::make_unique<GraphEdges>(*w.languages, 7, 1024);
  // Group 1 is better linked than group 2 (they tie on trees).
  EXPECT_TRUE(w.edges->add(1, 3, 5.0f));
  EXPECT_TRUE(w.edges->add(2, 3, 1.0f));
  auto graph = w.edges->sum();
  EXPECT_TRUE(graph);
  w.graph.emplace(std::move(*graph));
  const std::vector<std::uint32_t> topic_of{0, 0, 0, 0, 0, 0, 1};
  const std::vector<LabelStems> labels{{stem_hash("en", "gizmo"), stem_hash("en", "price"), 0}, {}};
  w.records = std::make_unique<TopicRecords>(1024);
  EXPECT_TRUE(w.records->write(testing::source_of(groups), {topic_of, *w.graph, labels, trees, volumes}));
  return w;
}

OwnedGroup ranked(std::uint32_t number, std::uint64_t id, std::uint64_t trees, std::uint64_t members,
                  std::vector<std::string> stems, std::vector<std::string> surfaces = {}) {
  OwnedGroup g = testing::group(number, std::move(stems));
  g.id = id;
  g.trees = trees;
  g.members = members;
  g.representative = "q" + std::to_string(number);
  g.surfaces = std::move(surfaces);
  return g;
}

std::vector<OwnedGroup> six_and_one() {
  std::vector<OwnedGroup> groups{ranked(0, 500, 2, 3, {"gizmo"}, {"gizmos"}),
                                 ranked(1, 400, 4, 1, {"gizmo", "price"}, {"gizmo", "prices"}),
                                 ranked(2, 300, 4, 1, {"gizmo"}),
                                 ranked(3, 200, 1, 2, {"price"}, {"prices"}),
                                 ranked(4, 100, 1, 1, {"other"}),
                                 ranked(5, 50, 2, 1, {}),
                                 ranked(6, 7, 9, 4, {"x"})};
  groups[6].representative = "alone";
  return groups;
}

TEST(TopicRecords, ATopicIsNamedByItsBestGroupAndLabelledByItsStemsCommonestWords) {
  const auto groups = six_and_one();
  Written w = write_two_topics(groups, {6, 9});
  std::string buffer;
  auto t = read_topic_record(*w.records->file, w.records->offsets[0], 0, buffer);
  ASSERT_TRUE(t) << t.error().message;
  // Most trees: groups 1 and 2 (4 each); 1 has the greater weighted degree, so it leads.
  EXPECT_EQ(t->id, 400u);
  EXPECT_EQ(t->representative, "q1");
  // Five at most, most trees first, then the greater weighted degree, then the smaller id:
  // q1 (4 trees, 5), q2 (4, 1), q5 (2, 0, id 50), q0 (2, 0, id 500), q3 (1, 6); q4 (1, 0) is
  // left out.
  ASSERT_EQ(t->top_questions.size(), 5u);
  EXPECT_EQ(std::vector<std::string>(t->top_questions.begin(), t->top_questions.end()),
            (std::vector<std::string>{"q1", "q2", "q5", "q0", "q3"}));
  // "gizmo" twice against "gizmos" once; "prices" twice against none else.
  EXPECT_EQ(t->label, "gizmo, prices");
  EXPECT_EQ(t->questions, 3u + 1 + 1 + 2 + 1 + 1);
  EXPECT_EQ(t->groups, 6u);
  EXPECT_EQ(t->trees, 6u);  // as handed in
  EXPECT_EQ(t->volume, 0u);
  EXPECT_EQ(t->hl, "en");
  auto alone = read_topic_record(*w.records->file, w.records->offsets[1], 1, buffer);
  ASSERT_TRUE(alone);
  EXPECT_EQ(alone->id, 7u);
  EXPECT_EQ(alone->label, "");
  EXPECT_EQ(alone->top_questions.size(), 1u);
}

TEST(NumberTopics, MostTreesFirstThenTheSmallerId) {
  // Topic 1 (9 trees) before topic 0 (6).
  Written w = write_two_topics(six_and_one(), {6, 9});
  auto numbering = number_topics(w.records->ranks, w.records->offsets);
  ASSERT_TRUE(numbering);
  EXPECT_EQ(numbering->number, (std::vector<std::uint32_t>{1, 0}));
  EXPECT_EQ(numbering->offsets, (std::vector<std::uint64_t>{w.records->offsets[1], w.records->offsets[0]}));
  // A tie on trees: the smaller id (topic 1's 7) first as well.
  Written tied = write_two_topics(six_and_one(), {5, 5});
  auto tie = number_topics(tied.records->ranks, tied.records->offsets);
  ASSERT_TRUE(tie);
  EXPECT_EQ(tie->number, (std::vector<std::uint32_t>{1, 0}));
  // And the other way round when topic 0 spans more trees.
  Written more = write_two_topics(six_and_one(), {10, 9});
  auto first = number_topics(more.records->ranks, more.records->offsets);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->number, (std::vector<std::uint32_t>{0, 1}));
}

TEST(NumberTopics, MostDemandFirstWhenSeedsHaveVolumesThenMostTrees) {
  // Topic 0 spans fewer trees (6 against 9) but its seeds are searched more: it comes first.
  Written w = write_two_topics(six_and_one(), {6, 9}, {5000, 1200});
  auto numbering = number_topics(w.records->ranks, w.records->offsets);
  ASSERT_TRUE(numbering);
  EXPECT_EQ(numbering->number, (std::vector<std::uint32_t>{0, 1}));
  std::string buffer;
  auto t = read_topic_record(*w.records->file, w.records->offsets[0], 0, buffer);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->volume, 5000u);
  // A topic whose seeds have no volume (0) comes after one with demand, whatever its trees.
  Written none = write_two_topics(six_and_one(), {6, 9}, {1, 0});
  auto after = number_topics(none.records->ranks, none.records->offsets);
  ASSERT_TRUE(after);
  EXPECT_EQ(after->number, (std::vector<std::uint32_t>{0, 1}));
  // The same demand: most trees decides, as without volumes.
  Written tied = write_two_topics(six_and_one(), {6, 9}, {700, 700});
  auto tie = number_topics(tied.records->ranks, tied.records->offsets);
  ASSERT_TRUE(tie);
  EXPECT_EQ(tie->number, (std::vector<std::uint32_t>{1, 0}));
}

}  // namespace
}  // namespace paa::topics::stages
