// Variant groups and hubs from the analysis pass, checked against what was planted: trees made
// here from known groups (spellings of one question), with the group statistics counted here
// with plain sets, never from paa's own output; in memory and with every sort spilled to runs.
#include "paa/analysis/unique_questions.hpp"
#include "paa/question/question_type.hpp"
#include "paa/topics/question_groups.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace paa::topics {
namespace {

struct Tree {
  StoredResult stored;
  std::vector<Question> roots;
  std::string root;  // the level-0 key it descends from; "" = itself
};

Question node(std::string text) {
  Question q;
  q.question = std::move(text);
  return q;
}

Tree tree(int n, std::string gl, std::vector<std::string> questions, std::string root = "") {
  Tree t;
  t.stored.q = "query " + std::to_string(n);
  t.stored.hl = "en";
  t.stored.gl = std::move(gl);
  t.stored.key = t.stored.q + "|en|" + t.stored.gl;
  t.stored.fetched_at_ms = 1000 + n;
  // The first half nested under the first question, as a PAA tree nests.
  for (std::size_t i = 0; i < questions.size(); ++i) {
    if (i > 0 && i % 2 == 0 && !t.roots.empty()) {
      t.roots.front().children.push_back(node(questions[i]));
    } else {
      t.roots.push_back(node(questions[i]));
    }
  }
  t.root = std::move(root);
  return t;
}

struct Row {
  std::string question;
  std::uint64_t count;
  QuestionGroup g;
  std::string representative;
};

std::vector<Row> run(const std::vector<Tree>& trees, std::size_t memory = analysis::QuestionPass::kDefaultMemory) {
  analysis::QuestionPass pass(memory);
  for (const Tree& t : trees) EXPECT_TRUE(pass.add_tree(t.stored, t.roots, {{}, {}, t.root}));
  auto unique = analysis::UniqueQuestions::create();
  auto groups = QuestionGroups::create(memory);
  EXPECT_TRUE(unique && groups);
  EXPECT_TRUE(pass.run({unique->get(), groups->get()}));
  EXPECT_TRUE((*groups)->finish());
  std::vector<Row> rows;
  EXPECT_TRUE((*unique)->for_each([&](const analysis::UniqueQuestion& u) -> Result<void> {
    auto g = (*groups)->of(u.index);
    EXPECT_TRUE(g);
    Row r{std::string(u.question), u.count, g ? *g : QuestionGroup{}, {}};
    r.representative = std::string(r.g.representative);
    rows.push_back(r);
    return {};
  }));
  return rows;
}

const std::vector<std::string> kEspresso = {"How long does an espresso machine last?", "how long do espresso machines last",
                                            "Espresso machine: how long does it last in 2026?"};

TEST(QuestionGroups, SpellingsOfOneQuestionAreOneGroupCountedOverTheirTrees) {
  const std::vector<Tree> trees = {
      tree(1, "us", {kEspresso[0], "How long does an espresso grinder last?"}),
      tree(2, "us", {kEspresso[1], "Is coffee good for you?"}, "query 1|en|us"),  // discovered from tree 1's key
      tree(3, "uk", {kEspresso[0], kEspresso[2]}),                                // two variants, one tree
      tree(4, "us", {kEspresso[0], "Is coffee bad for you?"}),
  };
  const auto rows = run(trees);
  std::map<std::string, Row> by;
  for (const auto& r : rows) by[r.question] = r;
  ASSERT_EQ(rows.size(), 6u);
  for (const auto& q : kEspresso) {
    const auto& g = by.at(q).g;
    EXPECT_EQ(g.trees, 4u) << q;    // trees 1-4 each hold a variant; tree 3 counts once
    EXPECT_EQ(g.seeds, 3u) << q;    // tree 2 descends from tree 1's key
    EXPECT_EQ(g.locales, 2u) << q;  // en/us, en/uk
    EXPECT_EQ(g.members, 3u) << q;
    EXPECT_EQ(g.type, question::QuestionType::time) << q;
    EXPECT_EQ(by.at(q).representative, kEspresso[0]) << q;  // in 3 trees
    EXPECT_EQ(g.is_representative, q == kEspresso[0]) << q;
  }
  EXPECT_NE(by.at(kEspresso[0]).g.group, by.at("How long does an espresso grinder last?").g.group);
  EXPECT_EQ(by.at("How long does an espresso grinder last?").g.trees, 1u);
  EXPECT_NE(by.at("Is coffee good for you?").g.group, by.at("Is coffee bad for you?").g.group);
  EXPECT_EQ(by.at("Is coffee good for you?").g.type, question::QuestionType::yes_no);
  EXPECT_TRUE(by.at("Is coffee good for you?").g.is_representative);
}

TEST(QuestionGroups, ARepresentativeTieGoesToTheSpellingFetchedFirst) {
  // Two questions without a year, one tree each: the natural forms tie.
  const std::vector<Tree> trees = {tree(2, "us", {kEspresso[0]}), tree(1, "us", {"How long do espresso machines last?"})};
  const auto rows = run(trees);
  ASSERT_EQ(rows.size(), 2u);
  for (const auto& r : rows) EXPECT_EQ(r.representative, "How long do espresso machines last?") << "tree 1 was fetched first";
}

TEST(QuestionGroups, AnEmptyPassHasNoGroups) {
  EXPECT_TRUE(run({}).empty());
}

// Many planted groups over random trees, counted here with sets; the same figures with every
// sort spilled to small runs.
TEST(QuestionGroups, PlantedGroupsOverRandomTreesInMemoryAndSpilled) {
  const std::vector<std::string> nouns = {"kettle", "toaster", "blender", "mixer", "heater", "grinder", "juicer",
                                          "freezer", "oven", "dishwasher", "fridge", "fryer", "vacuum", "printer",
                                          "router", "laptop", "lamp", "sofa", "drill", "tyre"};
  struct Planted {
    std::vector<std::string> spellings;
  };
  std::vector<Planted> planted;
  std::map<std::string, std::size_t> group_of;
  for (const auto& n : nouns) {
    std::string cap = n;
    cap[0] = static_cast<char>(cap[0] - 'a' + 'A');
    planted.push_back({{"How long does a " + n + " last?", "how long do " + n + "s last",
                        cap + ": how long does it last in 2025?"}});
    for (const auto& s : planted.back().spellings) group_of[s] = planted.size() - 1;
  }
  std::mt19937 rng(7);
  std::vector<Tree> trees;
  const char* gls[] = {"us", "uk", "ca"};
  for (int i = 0; i < 400; ++i) {
    std::vector<std::string> qs;
    std::set<std::string> in;
    for (int k = 0; k < 6; ++k) {
      const auto& p = planted[rng() % planted.size()];
      const auto& s = p.spellings[rng() % p.spellings.size()];
      if (in.insert(s).second) qs.push_back(s);
    }
    const int seed = static_cast<int>(rng() % 60);
    trees.push_back(tree(i, gls[rng() % 3], qs, seed < 30 ? "seed " + std::to_string(seed) : ""));
  }
  // The truth, counted here.
  struct Truth {
    std::set<int> trees;
    std::set<std::string> roots, locales;
    std::map<std::string, std::pair<int, int>> spelling_trees;  // spelling -> (trees, first tree)
  };
  std::vector<Truth> truth(planted.size());
  for (int i = 0; i < static_cast<int>(trees.size()); ++i) {
    const Tree& t = trees[static_cast<std::size_t>(i)];
    std::set<std::string> seen;
    auto visit = [&](const std::string& q) {
      if (!seen.insert(q).second) return;
      Truth& tr = truth[group_of.at(q)];
      tr.trees.insert(i);
      tr.roots.insert(t.root.empty() ? t.stored.key : t.root);
      tr.locales.insert(t.stored.gl);
      auto [it, fresh] = tr.spelling_trees.try_emplace(q, 0, i);
      ++it->second.first;
    };
    for (const auto& r : t.roots) {
      visit(r.question);
      for (const auto& c : r.children) visit(c.question);
    }
  }
  for (std::size_t memory : {analysis::QuestionPass::kDefaultMemory, std::size_t{4096}}) {
    const auto rows = run(trees, memory);
    std::set<std::uint64_t> ids;
    std::map<std::size_t, std::uint64_t> id_of_group;
    for (const auto& r : rows) {
      const std::size_t gi = group_of.at(r.question);
      const Truth& tr = truth[gi];
      EXPECT_EQ(r.g.trees, tr.trees.size()) << r.question;
      EXPECT_EQ(r.g.seeds, tr.roots.size()) << r.question;
      EXPECT_EQ(r.g.locales, tr.locales.size()) << r.question;
      EXPECT_EQ(r.g.members, tr.spelling_trees.size()) << r.question;
      // The most natural spelling: a question mark, then no year (the planted ones are 2025),
      // then the most trees, then the first tree.
      auto natural = [](const std::string& s) {
        return std::make_pair(s.find('?') != std::string::npos, s.find("2025") == std::string::npos);
      };
      std::string best;
      std::pair<int, int> best_score{-1, 0};
      for (const auto& [s, score] : tr.spelling_trees) {
        const bool better_form = !best.empty() && natural(s) != natural(best) ? natural(s) > natural(best) : false;
        const bool same_form = best.empty() || natural(s) == natural(best);
        if (better_form || (same_form && (score.first > best_score.first ||
                                          (score.first == best_score.first && score.second < best_score.second)))) {
          best = s;
          best_score = score;
        }
      }
      EXPECT_EQ(r.representative, best) << r.question;
      auto [it, fresh] = id_of_group.try_emplace(gi, r.g.group);
      EXPECT_EQ(it->second, r.g.group) << r.question << ": one planted group, one id";
      ids.insert(r.g.group);
    }
    EXPECT_EQ(ids.size(), id_of_group.size()) << "no two planted groups share an id";
  }
}

// of() reads the per-question records through a window (the rows ask in question order within
// a count): any order of asking, across windows, gives each question's group.
TEST(QuestionGroups, AQuestionsGroupIsTheSameWhateverOrderItIsAskedIn) {
  std::vector<Tree> trees;
  for (int i = 0; i < 120; ++i) {
    std::vector<std::string> qs;
    for (int k = 0; k < 5; ++k) qs.push_back("What is thing " + std::to_string(i * 5 + k) + "?");
    qs.push_back("What is thing " + std::to_string(i % 7) + "?");  // shared: groups across trees
    trees.push_back(tree(i, "us", qs));
  }
  analysis::QuestionPass pass;
  for (const Tree& t : trees) ASSERT_TRUE(pass.add_tree(t.stored, t.roots, {{}, {}, t.root}));
  auto groups = QuestionGroups::create();
  ASSERT_TRUE(groups);
  ASSERT_TRUE(pass.run({groups->get()}));
  ASSERT_TRUE((*groups)->finish());
  std::vector<std::uint32_t> truth;
  ASSERT_TRUE((*groups)->for_each_question([&](std::uint64_t index, std::uint32_t group) -> Result<void> {
    EXPECT_EQ(index, truth.size());
    truth.push_back(group);
    return {};
  }));
  ASSERT_EQ(truth.size(), 600u);  // more than two windows of 170
  EXPECT_EQ((*groups)->question_count(), truth.size());
  std::vector<std::uint64_t> order(truth.size());
  for (std::uint64_t i = 0; i < order.size(); ++i) order[i] = i;
  std::vector<std::vector<std::uint64_t>> orders{order, {order.rbegin(), order.rend()}, order};
  std::shuffle(orders[2].begin(), orders[2].end(), std::mt19937(11));
  for (const auto& asked : orders) {
    for (const std::uint64_t index : asked) {
      auto g = (*groups)->of(index);
      ASSERT_TRUE(g) << index;
      EXPECT_EQ(g->number, truth[index]) << index;
    }
  }
}

}  // namespace
}  // namespace paa::topics
