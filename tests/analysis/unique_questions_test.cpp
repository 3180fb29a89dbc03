// The unique questions of a selection, from the analysis pass: checked against a tally
// computed here with plain maps (no sort, no reducer), on hand-made and random trees, in
// memory and with the sort spilled to many runs.
#include "paa/analysis/unique_questions.hpp"

#include "paa/model/query_key.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace paa::analysis {
namespace {

struct Tree {
  StoredResult stored;
  std::vector<Question> roots;
  std::string seed;  // "" = none
  std::optional<std::uint64_t> volume;
};

Question node(std::string text, std::vector<Question> children = {}) {
  Question q;
  q.question = std::move(text);
  q.answer = "ans " + q.question;
  q.url = "https://u/" + q.question;
  q.title = "T " + q.question;
  q.children = std::move(children);
  return q;
}

Tree tree(std::string q, std::int64_t since, std::vector<Question> roots) {
  Tree t;
  t.stored.q = std::move(q);
  t.stored.hl = "en";
  t.stored.gl = "us";
  t.stored.key = t.stored.q + "|en|us";
  t.stored.fetched_at_ms = since + 5;  // a refresh that returned the same answer later
  t.stored.unchanged_since_ms = since;
  t.roots = std::move(roots);
  return t;
}

struct Row {
  std::string question, answer, url, title;
  std::uint64_t count;
  std::string first_q;
  std::uint64_t volume;
  bool operator==(const Row&) const = default;
};

std::ostream& operator<<(std::ostream& os, const Row& r) {
  return os << "{" << r.question << "|" << r.answer << "|" << r.count << "|" << r.first_q << "|" << r.volume << "}";
}

std::vector<Row> unique_questions(const std::vector<Tree>& trees, std::size_t memory = QuestionPass::kDefaultMemory) {
  QuestionPass pass(memory);
  for (const Tree& t : trees) {
    EXPECT_TRUE(pass.add_tree(t.stored, t.roots, {t.seed, t.volume, {}}));
  }
  auto unique = UniqueQuestions::create();
  EXPECT_TRUE(unique);
  EXPECT_TRUE(pass.run({unique->get()}));
  std::vector<Row> rows;
  auto visited = (*unique)->for_each([&](const UniqueQuestion& u) -> Result<void> {
    rows.push_back({std::string(u.question), std::string(u.answer), std::string(u.url), std::string(u.title), u.count,
                    std::string(u.first_q), u.volume});
    return {};
  });
  EXPECT_TRUE(visited);
  return rows;
}

// The definition, computed the plain way: per folded question, the trees holding it (once per
// tree), the first one by (unchanged-since time, order given), the distinct seeds' volumes.
std::vector<Row> expected_rows(const std::vector<Tree>& trees) {
  struct Acc {
    std::uint64_t count = 0;
    const Question* node = nullptr;
    const Tree* tree = nullptr;
    std::map<std::string, std::uint64_t> seeds;
    std::tuple<std::int64_t, std::size_t> first{std::numeric_limits<std::int64_t>::max(), 0};
  };
  std::map<std::string, Acc> acc;
  for (std::size_t i = 0; i < trees.size(); ++i) {
    const Tree& t = trees[i];
    std::set<std::string> seen;
    walk_preorder(t.roots, [&](const QuestionVisit& v) {
      const std::string folded = *fold_text(v.node.question);
      if (folded.empty() || !seen.insert(folded).second) return;
      Acc& a = acc[folded];
      ++a.count;
      const std::tuple<std::int64_t, std::size_t> rank{t.stored.unchanged_since_ms, i};
      if (rank < a.first) a.first = rank, a.node = &v.node, a.tree = &t;
      if (t.volume && !t.seed.empty()) a.seeds[t.seed] = *t.volume;
    });
  }
  std::vector<std::pair<std::string, Row>> rows;
  for (const auto& [folded, a] : acc) {
    std::uint64_t volume = 0;
    for (const auto& [seed, v] : a.seeds) volume = v > UINT64_MAX - volume ? UINT64_MAX : volume + v;
    rows.push_back({folded, {a.node->question, a.node->answer.value_or(""), a.node->url, a.node->title, a.count,
                             a.tree->stored.q, volume}});
  }
  std::stable_sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) { return x.second.count > y.second.count; });
  std::vector<Row> out;
  for (auto& [folded, row] : rows) out.push_back(row);
  return out;
}

TEST(UniqueQuestions, EachTreeCountsAQuestionOnceMostFrequentFirstTiesInFoldedOrder) {
  const std::vector<Tree> trees{
      tree("first", 100, {node("b"), node("a", {node("B")}), node("c")}),
      tree("second", 200, {node("b"), node("C"), node("d"), node("  "), node("")}),
  };
  const auto rows = unique_questions(trees);
  EXPECT_EQ(rows, (std::vector<Row>{{"b", "ans b", "https://u/b", "T b", 2, "first", 0},
                                    {"c", "ans c", "https://u/c", "T c", 2, "first", 0},
                                    {"a", "ans a", "https://u/a", "T a", 1, "first", 0},
                                    {"d", "ans d", "https://u/d", "T d", 1, "second", 0}}))
      << "blank questions are no question";
  EXPECT_EQ(rows, expected_rows(trees));
}

// "First" is the tree fetched first (its answer's unchanged-since time), whatever the order the
// pass is fed in (key order), which only breaks ties; within it, the first occurrence in
// pre-order.
TEST(UniqueQuestions, TheTextsAndSearchComeFromTheTreeFetchedFirst) {
  const std::vector<Tree> trees{
      tree("apple", 300, {node("Why?")}),
      tree("banana", 100, {node("WHY?", {node("why?")}), node("How?")}),
      tree("cherry", 100, {node("why?"), node("how?")}),
  };
  const auto rows = unique_questions(trees);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].question, "WHY?");
  EXPECT_EQ(rows[0].first_q, "banana");
  EXPECT_EQ(rows[0].count, 3u);
  EXPECT_EQ(rows[1].question, "How?");
  EXPECT_EQ(rows[1].first_q, "banana");
  EXPECT_EQ(rows, expected_rows(trees));
}

TEST(UniqueQuestions, VolumeSumsDistinctSeedsEachOnceAndOnlySeedsWithAVolume) {
  std::vector<Tree> trees{
      tree("a", 1, {node("Why?")}),   // seed A
      tree("a2", 2, {node("why?"), node("why?")}),  // a key discovered from A: A counts once
      tree("b", 3, {node("WHY?"), node("How?")}),   // seed B
      tree("c", 4, {node("How?"), node("When?")}),  // no volume
  };
  trees[0].seed = trees[1].seed = "A";
  trees[0].volume = trees[1].volume = 100;
  trees[2].seed = "B";
  trees[2].volume = 30;
  trees[3].seed = "C";
  const auto rows = unique_questions(trees);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].volume, 130u);
  EXPECT_EQ(rows[1].volume, 30u);
  EXPECT_EQ(rows[2].volume, 0u);
  EXPECT_EQ(rows, expected_rows(trees));
}

TEST(UniqueQuestions, VolumesSaturate) {
  std::vector<Tree> trees{tree("a", 1, {node("q")}), tree("b", 2, {node("q")})};
  trees[0].seed = "A";
  trees[0].volume = UINT64_MAX - 1;
  trees[1].seed = "B";
  trees[1].volume = 5;
  EXPECT_EQ(unique_questions(trees).at(0).volume, UINT64_MAX);
}

// Random trees over a small vocabulary (many repeats, case variants, nested repeats), random
// times and seeds: the pass agrees with the plain tally, in memory and spilled to many runs.
TEST(UniqueQuestions, AgreesWithAPlainTallyInMemoryAndSpilledToManyRuns) {
  std::mt19937 random(42);
  const std::vector<std::string> words{"why", "How", "when", "Who", "what is", "Is it", "\xc3\x89t\xc3\xa9", "\xc3\xa9t\xc3\xa9"};
  auto text = [&] {
    std::string t = words[random() % words.size()] + " " + std::to_string(random() % 40);
    if (random() % 3 == 0) std::transform(t.begin(), t.end(), t.begin(), ::toupper);
    return t;
  };
  std::vector<Tree> trees;
  for (int i = 0; i < 300; ++i) {
    std::vector<Question> roots;
    for (int r = 0; r < 4; ++r) roots.push_back(node(text(), {node(text(), {node(text())}), node(text())}));
    Tree t = tree("k" + std::to_string(i), static_cast<std::int64_t>(random() % 50) + 1, std::move(roots));
    if (random() % 2) {  // a seed has one volume, or none
      const unsigned seed = random() % 20;
      t.seed = "s" + std::to_string(seed);
      if (seed % 3 != 0) t.volume = seed * 37;
    }
    trees.push_back(std::move(t));
  }
  const auto expected = expected_rows(trees);
  ASSERT_GT(expected.size(), 100u);
  EXPECT_EQ(unique_questions(trees), expected);
  EXPECT_EQ(unique_questions(trees, 4096), expected);
}

// Every reducer of a pass sees every question and occurrence, in fold_text order.
TEST(QuestionPass, EveryReducerSeesTheSameStreamInFoldedOrder) {
  struct Recorder final : QuestionReducer {
    std::vector<std::string> events;
    Result<void> begin_question(std::string_view folded, std::uint64_t) override {
      events.push_back("[" + std::string(folded));
      return {};
    }
    Result<void> occurrence(const Occurrence& o) override {
      events.push_back(std::string(o.q) + "@" + std::to_string(o.since_ms));
      return {};
    }
    Result<void> end_question() override {
      events.push_back("]");
      return {};
    }
  };
  QuestionPass pass(4096);
  const std::vector<Tree> trees{tree("x", 7, {node("b"), node("A")}), tree("y", 3, {node("a")})};
  for (const Tree& t : trees) ASSERT_TRUE(pass.add_tree(t.stored, t.roots));
  Recorder one, two;
  ASSERT_TRUE(pass.run({&one, &two}));
  EXPECT_EQ(one.events, (std::vector<std::string>{"[a", "y@3", "x@7", "]", "[b", "x@7", "]"}));
  EXPECT_EQ(two.events, one.events);
  EXPECT_EQ(pass.stats().trees, 2u);
  EXPECT_EQ(pass.stats().occurrences, 3u);
}

}  // namespace
}  // namespace paa::analysis
