#include "paa/emulator/json_text.hpp"
#include "paa/emulator/tree_generator.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace paa::emulator {
namespace {

namespace json = boost::json;

json::object generate(const TreeOptions& o, std::string_view q, std::string_view hl = "en", std::string_view gl = "us",
                      std::optional<std::string_view> city = std::nullopt) {
  std::string text = TreeGenerator(o).result_json(TreeQuery{q, hl, gl, city});
  return json::parse(text).as_object();
}

// Max depth of a children array (1 = top-level questions only).
int depth_of(const json::array& children) {
  int best = 0;
  for (const auto& c : children) {
    const auto& o = c.as_object();
    int d = 1;
    if (auto* ch = o.if_contains("children")) d += depth_of(ch->as_array());
    best = std::max(best, d);
  }
  return best;
}

TEST(TreeGenerator, SameInputGivesTheSameBytes) {
  TreeOptions o{7, 3, 0};
  TreeQuery q{"coffee", "en", "us", std::nullopt};
  EXPECT_EQ(TreeGenerator(o).result_json(q), TreeGenerator(o).result_json(q));
}

TEST(TreeGenerator, EveryInputPartChangesTheTree) {
  TreeOptions o{7, 3, 0};
  TreeGenerator g(o);
  std::string base = g.result_json({"coffee", "en", "us", std::nullopt});
  EXPECT_NE(base, TreeGenerator({8, 3, 0}).result_json({"coffee", "en", "us", std::nullopt}));
  EXPECT_NE(base, g.result_json({"coffee", "en", "uk", std::nullopt}));
  EXPECT_NE(base, g.result_json({"coffee", "en", "us", std::string_view("London")}));
  EXPECT_NE(base, g.result_json({"coffee", "en", "us", std::string_view("")}));
}

TEST(TreeGenerator, ResultQuestionIsTheQueryAsReceived) {
  std::string q = "caf\xC3\xA9 \"latte\" & <milk>";
  auto r = generate({}, q);
  EXPECT_EQ(r.at("question").as_string(), q);
}

TEST(TreeGenerator, ShapeIsWithinTheDocumentedBounds) {
  for (int i = 0; i < 200; ++i) {
    std::string q = "query " + std::to_string(i);
    auto r = generate({1, 3, 0}, q, "en", "us", i % 2 ? std::optional<std::string_view>("Berlin") : std::nullopt);
    const auto& top = r.at("children").as_array();
    EXPECT_GE(top.size(), 3u);
    EXPECT_LE(top.size(), 8u);
    const auto& related = r.at("related").as_array();
    EXPECT_GE(related.size(), 4u);
    EXPECT_LE(related.size(), 9u);  // 4-8, plus one for the city
    for (const auto& t : top) EXPECT_TRUE(t.as_object().contains("children")) << "top-level entries carry children";
    EXPECT_EQ(depth_of(top), 3);
  }
}

TEST(TreeGenerator, DepthKnobSetsTheDeepestLevel) {
  for (int depth : {1, 2, 5, 12}) {
    auto r = generate({3, depth, 0}, "coffee");
    EXPECT_EQ(depth_of(r.at("children").as_array()), depth) << depth;
  }
}

TEST(TreeGenerator, EveryAllowedVariantAppearsOverASampleOfQueries) {
  bool answer_absent = false, answer_null = false, answer_empty = false, answer_text = false;
  bool children_omitted = false, children_empty = false, repeated = false;
  for (int i = 0; i < 100; ++i) {
    auto r = generate({5, 3, 0}, "topic " + std::to_string(i));
    std::vector<std::pair<const json::object*, bool>> stack;  // node, is top-level
    std::multiset<std::string> questions;
    for (const auto& t : r.at("children").as_array()) stack.emplace_back(&t.as_object(), true);
    while (!stack.empty()) {
      auto [node, top] = stack.back();
      const json::object& n = *node;
      stack.pop_back();
      questions.insert(std::string(n.at("question").as_string()));
      const json::value* a = n.if_contains("answer");
      if (!a) answer_absent = true;
      else if (a->is_null()) answer_null = true;
      else if (a->as_string().empty()) answer_empty = true;
      else answer_text = true;
      const json::value* c = n.if_contains("children");
      if (!c && !top) children_omitted = true;
      if (c && c->as_array().empty() && !top) children_empty = true;
      if (c)
        for (const auto& child : c->as_array()) stack.emplace_back(&child.as_object(), false);
    }
    for (const auto& q : questions) repeated = repeated || questions.count(q) > 1;
  }
  EXPECT_TRUE(answer_absent);
  EXPECT_TRUE(answer_null);
  EXPECT_TRUE(answer_empty);
  EXPECT_TRUE(answer_text);
  EXPECT_TRUE(children_omitted);
  EXPECT_TRUE(children_empty);
  EXPECT_TRUE(repeated);
}

TEST(TreeGenerator, TextIsInTheLanguageOfHlAndValidUtf8) {
  auto text = [](std::string_view hl) { return TreeGenerator({2, 3, 0}).result_json({"café", hl, "fr", std::nullopt}); };
  EXPECT_NE(text("es").find("¿"), std::string::npos);
  EXPECT_NE(text("fr").find(" ?"), std::string::npos);
  std::string de = TreeGenerator({2, 3, 0}).result_json({"Kaffee", "de", "de", std::nullopt});
  EXPECT_TRUE(de.find("ä") != std::string::npos || de.find("ß") != std::string::npos || de.find("ö") != std::string::npos ||
              de.find("ü") != std::string::npos);
  // Unknown languages fall back to English (the tree differs, hl is part of the seed).
  std::string xx = text("xx");
  EXPECT_EQ(xx.find("¿"), std::string::npos);
  bool english = false;
  for (auto stem : {"What ", "How ", "Is ", "Why ", "Where ", "Can ", "Who "}) english = english || xx.find(stem) != std::string::npos;
  EXPECT_TRUE(english) << xx;
  for (auto hl : {"en", "es", "de", "fr"}) EXPECT_TRUE(is_valid_utf8(text(hl))) << hl;
}

TEST(TreeGenerator, TreeKbPadsTheBodyToAboutNKiB) {
  for (std::size_t kb : {1u, 8u, 64u}) {
    for (auto hl : {"en", "de"}) {
      std::string text = TreeGenerator({4, 3, kb}).result_json({"coffee", hl, "us", std::nullopt});
      std::string natural = TreeGenerator({4, 3, 0}).result_json({"coffee", hl, "us", std::nullopt});
      double size = static_cast<double>(text.size() + envelope_overhead_bytes);
      double target = static_cast<double>(kb * 1024);
      if (natural.size() + envelope_overhead_bytes >= target) {
        EXPECT_EQ(text, natural) << "a tree already larger than N KiB is not padded";
      } else {
        EXPECT_GT(size, target * 0.97) << kb << hl;
        EXPECT_LT(size, target * 1.03) << kb << hl;
      }
      EXPECT_TRUE(is_valid_utf8(text));
      EXPECT_NO_THROW(boost::json::parse(text));
    }
  }
}

TEST(TreeGeneratorRevision, ARevisionChangesAboutAThirdOfTheKeysInEveryWayAndLeavesTheRestAsTheyWere) {
  const TreeOptions original{7, 3, 0};
  TreeOptions revised = original;
  revised.revision = 1;
  int changed = 0;
  for (int i = 0; i < 300; ++i) {
    const std::string q = "query " + std::to_string(i);
    const TreeQuery tq{q, "en", "us", std::nullopt};
    const std::string before = TreeGenerator(original).result_json(tq);
    const std::string after = TreeGenerator(revised).result_json(tq);
    if (!revision_changes(revised, tq, 1)) {
      EXPECT_EQ(before, after) << q << ": a key the revision did not pick keeps its bytes";
      continue;
    }
    ++changed;
    const auto b = json::parse(before).as_object();
    const auto a = json::parse(after).as_object();
    const auto& bt = b.at("children").as_array();
    const auto& at = a.at("children").as_array();
    ASSERT_EQ(bt.size(), at.size());
    EXPECT_EQ(at[0].as_object().at("question"), bt[1].as_object().at("question")) << q << ": the first two swap";
    EXPECT_NE(std::string(at.back().as_object().at("question").as_string()).find("(update 1)"), std::string::npos);
    EXPECT_NE(std::string(at[0].as_object().at("url").as_string()).find("-r1"), std::string::npos);
    const auto& related = a.at("related").as_array();
    EXPECT_EQ(related.back(), json::value(q + " update 1"));
    EXPECT_NE(related.front(), b.at("related").as_array().front()) << "one related search replaced";
  }
  EXPECT_GT(changed, 60);
  EXPECT_LT(changed, 120) << "about 30% of 300";
  revised.revision = 2;
  const TreeQuery first{"query 0", "en", "us", std::nullopt};
  TreeOptions one = original;
  one.revision = 1;
  if (!revision_changes(revised, first, 2)) {
    EXPECT_EQ(TreeGenerator(revised).result_json(first), TreeGenerator(one).result_json(first))
        << "revisions accumulate: revision 2 is revision 1 plus its own changes";
  }
}

std::vector<std::string> top_questions(const json::object& result) {
  std::vector<std::string> out;
  for (const auto& c : result.at("children").as_array()) out.emplace_back(c.as_object().at("question").as_string());
  return out;
}

TEST(TreeGeneratorRevision, AKeyPickedAtOneAndTwoHasItsOriginalLastQuestionBackAtTwo) {
  TreeOptions at[3];
  for (std::uint32_t r = 0; r < 3; ++r) at[r] = TreeOptions{.seed = 7, .depth = 3, .tree_kb = 0, .revision = r};
  int both = 0, second_only = 0;
  for (int i = 0; i < 300; ++i) {
    const std::string q = "query " + std::to_string(i);
    const TreeQuery tq{q, "en", "us", std::nullopt};
    const bool one = revision_changes(at[1], tq, 1), two = revision_changes(at[2], tq, 2);
    const auto t0 = generate(at[0], q), t1 = generate(at[1], q), t2 = generate(at[2], q);
    const auto q0 = top_questions(t0), q1 = top_questions(t1), q2 = top_questions(t2);
    ASSERT_EQ(q0.size(), q2.size());
    if (!two) {
      EXPECT_EQ(TreeGenerator(at[2]).result_json(tq), TreeGenerator(at[1]).result_json(tq))
          << q << ": a key revision 2 does not pick keeps its bytes";
      continue;
    }
    if (!one) {
      ++second_only;
      EXPECT_EQ(t1, t0);
      EXPECT_NE(q2.back().find("(update 2)"), std::string::npos) << q << ": replaced as at any revision";
      EXPECT_EQ(q2.back(), "Is " + q + " (update 2) worth it?");
      continue;
    }
    ++both;
    EXPECT_EQ(q1.back(), "How does " + q + " (update 1) work?") << q;
    EXPECT_EQ(q2.back(), q0.back()) << q << ": the question revision 1 took away is back";
    for (const auto& question : q2) EXPECT_EQ(question.find("(update"), std::string::npos) << q << ": " << question;
    EXPECT_EQ(q2[0], q0[0]) << q << ": swapped twice";
    EXPECT_EQ(q2[1], q0[1]) << q;
    for (std::size_t k = 2; k + 1 < q2.size(); ++k) EXPECT_EQ(q2[k], q0[k]) << q;
    // The other changes of revision 2 are made: a new source for the first question, a related
    // search replaced.
    EXPECT_NE(std::string(t2.at("children").as_array()[0].as_object().at("url").as_string()).find("-r2"),
              std::string::npos);
    EXPECT_EQ(t2.at("related").as_array().back(), json::value(q + " update 2"));
    EXPECT_NE(t2, t0);
  }
  EXPECT_GT(both, 10) << "about 9% of 300";
  EXPECT_GT(second_only, 30);
  // Revision 3 replaces again, revision 4 restores again when it follows 3.
  TreeOptions three{.seed = 7, .depth = 3, .tree_kb = 0, .revision = 3};
  TreeOptions four{.seed = 7, .depth = 3, .tree_kb = 0, .revision = 4};
  int restored = 0;
  for (int i = 0; i < 300; ++i) {
    const std::string q = "query " + std::to_string(i);
    const TreeQuery tq{q, "en", "us", std::nullopt};
    if (!revision_changes(three, tq, 3) || !revision_changes(four, tq, 4)) continue;
    ++restored;
    EXPECT_EQ(top_questions(generate(four, q)).back(), top_questions(generate(at[2], q)).back()) << q;
  }
  EXPECT_GT(restored, 10);
}

}  // namespace
}  // namespace paa::emulator
