// Multi-word terms as units: found from the groups' representatives, then read in place of their
// words' stems. The groups are real questions profiled as the pass profiles them; what each
// should read is worked out here by hand.
#include "stages/term_units.hpp"
#include "stage_support.hpp"

#include "paa/question/question_profile.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include <algorithm>
#include <memory>

namespace paa::topics::stages {
namespace {

using testing::OwnedGroup;

std::vector<OwnedGroup> profiled(const std::vector<std::string>& questions, const std::string& hl = "en") {
  question::QuestionProfiler profiler;
  std::vector<OwnedGroup> out;
  for (const auto& q : questions) {
    const auto p = profiler.profile(q, hl);
    OwnedGroup g;
    g.number = static_cast<std::uint32_t>(out.size());
    g.hl = hl;
    g.representative = q;
    g.stems = p.stems;
    g.surfaces = p.surfaces;
    out.push_back(std::move(g));
  }
  return out;
}

const std::vector<std::string> kHealth{
    "What is a normal blood pressure for a woman?", "Can anxiety cause high blood pressure?",
    "What foods lower blood pressure quickly?",     "Does coffee raise blood pressure?",
    "Is 140/90 blood pressure too high?",           "What are the side effects of losartan?",
    "Does losartan have side effects at night?",    "What are common side effects of statins?",
    "Can statins cause muscle pain?",               "Is walking good for your heart?",
    "Why is my blood sugar high in the morning?",   "What causes pressure in the head?",
    "How do you lower cholesterol naturally?",      "Which side of the body is the liver on?"};

std::unique_ptr<TermUnits> counted(const std::vector<OwnedGroup>& groups, std::uint64_t min_count = 3) {
  std::vector<LanguageRange> languages;
  for (const auto& g : groups) {
    if (languages.empty() || languages.back().hl != g.hl) languages.push_back({g.hl, g.number, 0});
    ++languages.back().count;
  }
  auto units =
      std::make_unique<TermUnits>(TermOptions{.min_count = min_count, .min_association = 0.4, .capacity = 1024}, languages);
  for (const auto& g : groups) units->count(g.record());
  units->choose();
  return units;
}

// TermUnits::of, which fails only on a scratch file's error.
const GroupRecord& unit_of(TermUnits& units, const GroupRecord& g) {
  auto u = units.of(g);
  if (!u) throw std::runtime_error(u.error().message);
  return **u;
}

std::vector<std::string> surfaces_of(const GroupRecord& g) {
  std::vector<std::string> out(g.surfaces.begin(), g.surfaces.end());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(TermUnits, FrequentWordsThatGoTogetherAreOneTerm) {
  const auto groups = profiled(kHealth);
  auto units = counted(groups);
  // "blood pressure" in 5 questions (blood once more alone, pressure once), "side effects" in 3
  // (side once more alone): both far above chance. "blood sugar", "lower blood" are once or twice.
  EXPECT_EQ(units->terms_of("en"), (std::vector<std::string>{"blood pressur", "side effect"})) << "as stems";
  EXPECT_EQ(units->terms(), 2u);
}

TEST(TermUnits, AGroupReadsItsTermAsOneUnitAndKeepsItsOtherStems) {
  const auto groups = profiled(kHealth);
  auto units = counted(groups);
  const GroupRecord rec = groups[1].record();  // Can anxiety cause high blood pressure?
  const GroupRecord& u = unit_of(*units, rec);
  EXPECT_EQ(surfaces_of(u), (std::vector<std::string>{"anxiety", "blood pressure", "cause", "high"}));
  const auto at = std::find(u.surfaces.begin(), u.surfaces.end(), "blood pressure") - u.surfaces.begin();
  EXPECT_EQ(u.stems[static_cast<std::size_t>(at)], "blood pressur") << "the unit's stem: its words' stems";
  EXPECT_EQ(u.number, rec.number);
  EXPECT_EQ(u.representative, rec.representative);
}

// A term spelled in another form is the same unit: the groups share it, as they shared its stems.
TEST(TermUnits, ATermsInflectionsAreOneUnit) {
  auto groups = profiled(kHealth);
  groups.push_back(profiled({"Is weight gain a side effect of metformin?"}).front());
  auto units = counted(groups);
  const GroupRecord plural = groups[5].record();  // What are the side effects of losartan?
  const GroupRecord& a = unit_of(*units, plural);
  std::vector<std::string> a_stems(a.stems.begin(), a.stems.end());
  const GroupRecord singular = groups.back().record();
  const GroupRecord& b = unit_of(*units, singular);
  std::vector<std::string> b_stems(b.stems.begin(), b.stems.end());
  EXPECT_NE(std::find(a_stems.begin(), a_stems.end(), "side effect"), a_stems.end());
  EXPECT_NE(std::find(b_stems.begin(), b_stems.end(), "side effect"), b_stems.end())
      << "found as \"side effects\", read in \"side effect\" as well";
}

TEST(TermUnits, AWordAlsoStandingAloneKeepsItsStem) {
  // "blood" is in the term and, alone, in "blood sugar": its stem stays beside the unit.
  auto groups = profiled(kHealth);
  groups.push_back(profiled({"Does blood pressure rise when blood sugar is low?"}).front());
  auto units = counted(groups);
  const GroupRecord rec = groups.back().record();
  const auto s = surfaces_of(unit_of(*units, rec));
  EXPECT_NE(std::find(s.begin(), s.end(), "blood pressure"), s.end());
  EXPECT_NE(std::find(s.begin(), s.end(), "blood"), s.end());
  EXPECT_EQ(std::find(s.begin(), s.end(), "pressure"), s.end());
}

TEST(TermUnits, AGroupWithoutATermAndAnotherLanguageAreReadAsTheyAre) {
  auto groups = profiled(kHealth);
  const auto german = profiled({"Was ist ein normaler Blutdruck?", "Wie senkt man den Blutdruck?"}, "de");
  groups.insert(groups.end(), german.begin(), german.end());
  auto units = counted(groups);
  const GroupRecord walking = groups[9].record();  // Is walking good for your heart?
  EXPECT_EQ(&unit_of(*units, walking), &walking);
  const GroupRecord de = german[0].record();
  EXPECT_EQ(&unit_of(*units, de), &de);
  EXPECT_TRUE(units->terms_of("de").empty());
}

// A second pass in the same order reads back what the first made, without the tokenizer.
TEST(TermUnits, ASecondPassReadsBackTheFirstPassesUnits) {
  auto groups = profiled(kHealth);
  groups.push_back(profiled({"Does blood pressure rise when blood sugar is low?"}).front());
  groups.back().number = static_cast<std::uint32_t>(groups.size() - 1);
  auto units = counted(groups);
  std::vector<std::vector<std::string>> first;
  for (const auto& g : groups) {
    const GroupRecord rec = g.record();
    const GroupRecord& u = unit_of(*units, rec);
    first.emplace_back(u.stems.begin(), u.stems.end());
    first.back().insert(first.back().end(), u.surfaces.begin(), u.surfaces.end());
  }
  for (std::size_t i = 0; i < groups.size(); ++i) {
    const GroupRecord rec = groups[i].record();
    auto again = units->replay(rec);
    ASSERT_TRUE(again) << again.error().message;
    std::vector<std::string> read((*again)->stems.begin(), (*again)->stems.end());
    read.insert(read.end(), (*again)->surfaces.begin(), (*again)->surfaces.end());
    EXPECT_EQ(read, first[i]) << groups[i].representative;
    EXPECT_EQ((*again)->number, rec.number);
    EXPECT_EQ((*again)->representative, rec.representative);
    if (i == 9) {
      EXPECT_EQ(*again, &rec) << "a group without a term is its own record";
    }
  }
}

// A second pass that goes by a group the first changed did not visit the same groups: an error,
// never a group read without its terms.
TEST(TermUnits, ASecondPassThatSkipsAChangedGroupFails) {
  const auto groups = profiled(kHealth);
  auto units = counted(groups);
  for (const auto& g : groups) ASSERT_NO_THROW(unit_of(*units, g.record()));
  // Group 0 ("What is a normal blood pressure for a woman?") holds a term; start at group 2.
  const GroupRecord third = groups[2].record();
  auto replayed = units->replay(third);
  ASSERT_FALSE(replayed);
  EXPECT_NE(replayed.error().message.find("unread"), std::string::npos) << replayed.error().message;
  EXPECT_FALSE(units->of(groups[0].record())) << "of() once replay() has begun";
}

TEST(TermUnits, RareWordPairsAreNoTerm) {
  // At the default floor (5 questions), this handful has none.
  const auto groups = profiled(kHealth);
  auto units = counted(groups, 5);
  EXPECT_EQ(units->terms(), 1u) << "only blood pressure is in 5 questions";
}

}  // namespace
}  // namespace paa::topics::stages
