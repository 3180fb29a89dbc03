// Expansion levels: which keys a level admits, in which order, under which caps.
#include "paa/expand/level_builder.hpp"

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

Question node(std::string text, std::vector<Question> children = {}) {
  Question q;
  q.question = std::move(text);
  q.children = std::move(children);
  return q;
}

Envelope tree(std::vector<Question> roots, std::vector<std::string> related = {}) {
  Envelope e;
  e.result.children = std::move(roots);
  e.result.related = std::move(related);
  return e;
}

std::vector<std::string> texts(const std::vector<DiscoveredKey>& keys) {
  std::vector<std::string> out;
  for (const auto& k : keys) out.push_back(k.query.q + "/" + std::string(via_name(k.via)));
  return out;
}

Query parent(const std::string& q, const std::string& hl = "en", const std::string& gl = "us",
             const std::string& city = "") {
  return make_query(q, hl, gl, city).value();
}

TEST(ExpansionCandidates, QuestionsInPreOrderThenRelatedInTheServicesOrder) {
  ExpandSpec spec;
  spec.from_related = true;
  const auto e = tree({node("A?", {node("A1?", {node("A11?")}), node("A2?")}), node("B?")}, {"r1", "r2"});
  std::vector<std::string> got;
  for (const auto& c : expansion_candidates(e, spec)) got.push_back(c.text + "/" + std::string(via_name(c.via)));
  EXPECT_THAT(got, ElementsAre("A?/question", "A1?/question", "A11?/question", "A2?/question", "B?/question",
                               "r1/related", "r2/related"));
  spec.from_questions = false;
  EXPECT_EQ(expansion_candidates(e, spec).size(), 2u);
}

TEST(ExpansionCandidates, IncludeAndExcludeCompareFoldedText) {
  ExpandSpec spec;
  spec.include = {"coffee"};
  spec.exclude = {"decaf"};
  const auto e = tree({node("Is COFFEE healthy?"), node("Is tea healthy?"), node("Is decaf Coffee ok?")});
  const auto got = expansion_candidates(e, spec);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].text, "Is COFFEE healthy?") << "spelled as the service wrote it";
}

TEST(LevelBuilder, KeysInTheParentsLocaleSpelledAsWrittenAndNeverKnownTwice) {
  ExpandSpec spec;
  spec.depth = 1;
  SetOfKeys known;
  known.add(encode_key(parent("coffee", "de", "de", "Berlin").key));  // the seed itself
  LevelBuilder level(spec, 1, 0);
  const auto first = std::vector<Candidate>{{"Ist Kaffee gesund?", Via::question}, {"coffee", Via::question},
                                            {"  ist KAFFEE   gesund? ", Via::question}, {"   ", Via::question}};
  const auto got = level.admit(parent("coffee", "de", "de", "Berlin"), first, known);
  ASSERT_EQ(got.size(), 1u) << "the seed is known; a second spelling is the same key; blank is no query";
  EXPECT_EQ(got[0].query.q, "Ist Kaffee gesund?");
  EXPECT_EQ(got[0].query.hl, "de");
  EXPECT_EQ(got[0].query.city, "Berlin");
  EXPECT_EQ(got[0].level, 1u);
  EXPECT_TRUE(known.contains(got[0].encoded));
  // A later parent offering the same question admits nothing: the first parent in order won it.
  EXPECT_TRUE(level.admit(parent("tea", "de", "de", "Berlin"), first, known).empty());
}

TEST(LevelBuilder, PerResultCountsOnlyNewQueriesInOrder) {
  ExpandSpec spec;
  spec.depth = 1;
  spec.per_result = 2;
  SetOfKeys known;
  known.add(encode_key(parent("a?").key));
  LevelBuilder level(spec, 1, 0);
  const std::vector<Candidate> offered{{"a?", Via::question}, {"b?", Via::question}, {"c?", Via::question},
                                       {"d?", Via::related}};
  EXPECT_THAT(texts(level.admit(parent("seed"), offered, known)), ElementsAre("b?/question", "c?/question"));
  spec.per_result = 0;  // all
  LevelBuilder all(spec, 1, 0);
  SetOfKeys fresh;
  EXPECT_EQ(all.admit(parent("seed"), offered, fresh).size(), 4u);
}

TEST(LevelBuilder, MaxKeysCountsEveryLevelAndStopsAtTheFirstKeysInOrder) {
  ExpandSpec spec;
  spec.depth = 3;
  spec.per_result = 0;
  spec.max_keys = 5;
  SetOfKeys known;
  LevelBuilder level(spec, 2, 3);  // three keys discovered at level 1 already
  const std::vector<Candidate> offered{{"x?", Via::question}, {"y?", Via::question}, {"z?", Via::question}};
  EXPECT_THAT(texts(level.admit(parent("p1"), offered, known)), ElementsAre("x?/question", "y?/question"));
  EXPECT_TRUE(level.full());
  EXPECT_TRUE(level.admit(parent("p2"), {{{"w?", Via::question}}}, known).empty());
  EXPECT_EQ(level.admitted(), 2u);
}

TEST(LevelBuilder, TheSameParentsInTheSameOrderGiveTheSameLevel) {
  ExpandSpec spec;
  spec.depth = 1;
  spec.per_result = 3;
  spec.max_keys = 7;
  const std::vector<std::vector<Candidate>> trees{
      {{"q1", Via::question}, {"q2", Via::question}, {"shared", Via::question}, {"q3", Via::question}},
      {{"shared", Via::question}, {"q4", Via::question}, {"q1", Via::related}, {"q5", Via::question}},
      {{"q6", Via::question}, {"q7", Via::question}}};
  auto build = [&] {
    SetOfKeys known;
    LevelBuilder level(spec, 1, 0);
    std::vector<std::string> all;
    for (std::size_t i = 0; i < trees.size(); ++i) {
      for (auto& t : texts(level.admit(parent("p" + std::to_string(i)), trees[i], known))) all.push_back(t);
    }
    return all;
  };
  const auto once = build();
  EXPECT_THAT(once, ElementsAre("q1/question", "q2/question", "shared/question", "q4/question", "q5/question",
                                "q6/question", "q7/question"));
  EXPECT_EQ(build(), once);
}

}  // namespace
}  // namespace paa
