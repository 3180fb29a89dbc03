// Label stems: scores worked out by hand, tf x ln(groups of the language / groups holding it).
#include "stages/topic_labels.hpp"
#include "stage_support.hpp"

#include <gtest/gtest.h>

namespace paa::topics::stages {
namespace {

Result<std::unique_ptr<extmem::ScratchFile>> notes_of(const std::vector<StemNote>& notes) {
  auto file = extmem::ScratchFile::create("paa-test-stem-notes");
  if (!file) return file.error();
  for (const StemNote& n : notes) (*file)->out().append({reinterpret_cast<const char*>(&n), sizeof n});
  if (auto flushed = (*file)->flush(); !flushed) return flushed.error();
  return std::move(*file);
}

TEST(ChooseLabelStems, KeepsTheThreeStemsMostCharacteristicOfEachTopic) {
  // Ten groups of one language. Topic 0 = groups 0, 1, 2; topic 1 = groups 3..9.
  // Topic 0's stems: A in 0, 1, 2 (df 3): 3 ln(10/3) = 3.61; C in 1, 2 (df 2): 2 ln 5 = 3.22;
  // B in 0 (df 1): ln 10 = 2.30; D in 0 (df 9): ln(10/9) = 0.11, left out.
  const std::uint64_t A = 11, B = 22, C = 33, D = 44, E = 55;
  std::vector<StemNote> notes{{A, 0, 3}, {A, 1, 3}, {A, 2, 3}, {B, 0, 1}, {C, 1, 2}, {C, 2, 2}, {D, 0, 9}};
  // Topic 1: only E (df 7, in 3..9): one stem, the other slots empty.
  for (std::uint32_t g = 3; g < 10; ++g) notes.push_back({E, g, 7});
  auto file = notes_of(notes);
  ASSERT_TRUE(file);
  const std::vector<std::uint32_t> topic_of{0, 0, 0, 1, 1, 1, 1, 1, 1, 1};
  auto stems = choose_label_stems(std::move(*file), topic_of, 2, GroupLanguages(testing::one_language(10)), 1024);
  ASSERT_TRUE(stems) << stems.error().message;
  ASSERT_EQ(stems->size(), 2u);
  EXPECT_EQ((*stems)[0], (LabelStems{A, C, B}));
  EXPECT_EQ((*stems)[1], (LabelStems{E, 0, 0}));
}

TEST(ChooseLabelStems, EqualScoresGoToTheStemOfMoreGroupsThenTheSmallerHash) {
  // Two groups; both stems are in every group of the language: idf ln(2/2) = 0, floored at
  // 0.01 x tf. P in both groups (tf 2) beats Q and R in one each; Q beats R by its smaller hash.
  const std::uint64_t P = 900, Q = 100, R = 500;
  auto file = notes_of({{R, 0, 2}, {P, 0, 2}, {P, 1, 2}, {Q, 1, 2}});
  ASSERT_TRUE(file);
  auto stems = choose_label_stems(std::move(*file), {0, 0}, 1, GroupLanguages(testing::one_language(2)), 1024);
  ASSERT_TRUE(stems);
  EXPECT_EQ((*stems)[0], (LabelStems{P, Q, R}));
}

// Thousands of topics, sorted on disk by size in runs (a budget of 1,024 records): every topic
// shares the three best stems A, B, C; the largest keeps them, every other one gets its own
// fourth, a weaker stem held by it alone among the topics.
TEST(ChooseLabelStems, ThousandsOfTopicsSortedOnDiskByTheirSizeGetDistinctLabels) {
  const std::uint64_t A = 11, B = 22, C = 33;
  const std::uint32_t topics = 3000;
  std::vector<std::uint32_t> topic_of{0};  // group 0 is topic 0's second group: the largest
  for (std::uint32_t t = 0; t < topics; ++t) topic_of.push_back(t);
  const auto groups = static_cast<std::uint32_t>(topic_of.size());
  std::vector<StemNote> notes;
  for (std::uint32_t g = 0; g < groups; ++g) {
    for (const std::uint64_t stem : {A, B, C}) notes.push_back({stem, g, groups});  // ln(100000 / 3001) = 3.5
  }
  for (std::uint32_t t = 0; t < topics; ++t) notes.push_back({1000 + t, t + 1, 50000});  // ln 2 = 0.69
  auto file = notes_of(notes);
  ASSERT_TRUE(file);
  auto stems = choose_label_stems(std::move(*file), topic_of, topics, GroupLanguages(testing::one_language(100000)), 1024);
  ASSERT_TRUE(stems) << stems.error().message;
  ASSERT_EQ(stems->size(), topics);
  EXPECT_EQ((*stems)[0], (LabelStems{A, B, C, 0}));
  for (std::uint32_t t = 1; t < topics; ++t) ASSERT_EQ((*stems)[t], (LabelStems{A, B, C, 1000 + t})) << t;
}

// Step by step: a label taken is taken in any order of its stems, far past the room announced.
TEST(DistinctLabels, LabelsTakenStayTakenPastTheRoomAnnounced) {
  DistinctLabels labels(1);
  for (std::uint64_t i = 1; i <= 5000; ++i) {
    const std::uint64_t c[] = {i, i + 100000, i + 200000};
    ASSERT_EQ(labels.choose(c), (LabelStems{i, i + 100000, i + 200000, 0})) << i;
  }
  for (std::uint64_t i = 1; i <= 5000; ++i) {
    const std::uint64_t c[] = {i + 200000, i, i + 100000, 7};
    ASSERT_EQ(labels.choose(c), (LabelStems{i + 200000, i, i + 100000, 7})) << i;
  }
  const std::uint64_t none[] = {1, 100001, 200001};
  EXPECT_EQ(labels.choose(none), (LabelStems{1, 100001, 200001, 0})) << "nothing to tell it apart: shared";
  EXPECT_EQ(labels.choose({}), (LabelStems{}));
}

// Distinct labels (issue 45: "marathon, plan, training" x16 and "marathon, training, plan" x16).
TEST(DistinctLabels, TheSameThreeInAnyOrderGetTheStemThatTellsThemApart) {
  const std::uint64_t M = 1, P = 2, T = 3, B = 4, K = 5;
  // Topic 1 is larger: it keeps the plain label; topic 0 and 2 come after it, by number.
  const auto labels = distinct_labels({{M, T, P, B, K}, {M, P, T, K}, {T, M, P, B, K}}, {5, 9, 5});
  EXPECT_EQ(labels[1], (LabelStems{M, P, T, 0}));
  EXPECT_EQ(labels[0], (LabelStems{M, T, P, B}));
  EXPECT_EQ(labels[2], (LabelStems{T, M, P, K})) << "B would make it topic 0's";
}

TEST(DistinctLabels, ALabelWithNothingToTellItApartStaysAndDifferentLabelsAreUntouched) {
  const std::uint64_t A = 1, B = 2, C = 3, D = 4;
  const auto labels = distinct_labels({{A, B, C}, {A, B, C}, {A, B, D}, {}}, {3, 2, 1, 0});
  EXPECT_EQ(labels[0], (LabelStems{A, B, C, 0}));
  EXPECT_EQ(labels[1], (LabelStems{A, B, C, 0})) << "no fourth stem to add";
  EXPECT_EQ(labels[2], (LabelStems{A, B, D, 0}));
  EXPECT_EQ(labels[3], (LabelStems{}));
}

}  // namespace
}  // namespace paa::topics::stages
