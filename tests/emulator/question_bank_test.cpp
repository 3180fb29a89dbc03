// The emulator's questions as people write them: each shape filled with a subject, and the
// subject read back from a question, worked out here by hand.
#include "paa/emulator/question_bank.hpp"
#include "paa/emulator/tree_generator.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace paa::emulator {
namespace {

TEST(QuestionBank, AShapeTakesTheSubjectAndItsModifierInTheirPlaces) {
  EXPECT_EQ(natural_question("How long {do} {s} last?", "espresso machine", "{q} at home"),
            "How long does espresso machine last at home?");
  EXPECT_EQ(natural_question("How much {do} {s} cost?", "running shoes", "cheap {q}"),
            "How much do cheap running shoes cost?");
  EXPECT_EQ(natural_question("{Be} {s} worth it?", "french press", "{q}"), "Is french press worth it?");
  EXPECT_EQ(natural_question("{Be} {s} worth it?", "cheap espresso", "cheap {q}"), "Is cheap espresso worth it?")
      << "a subject narrowed already keeps its word once";
  EXPECT_EQ(natural_question("{Be} {s} worth it?", "trail shoes", "{q}"), "Are trail shoes worth it?");
  EXPECT_EQ(natural_question("Combien coûte {s} ?", "café", "{q} bio"), "Combien coûte café bio ?");
  EXPECT_EQ(natural_question("¿Cuánto cuesta {s}?", "café", "{q} barato"), "¿Cuánto cuesta café barato?");
}

TEST(QuestionBank, ASubjectIsReadBackFromAQuestionOfTheBank) {
  EXPECT_EQ(question_subject("How long does espresso machine last at home?", "en"), "espresso machine");
  EXPECT_EQ(question_subject("How much do cheap running shoes cost?", "en"), "cheap running shoes");
  // The longest shape wins: not "the best espresso machine" from "What is {s}?".
  EXPECT_EQ(question_subject("What is the best espresso machine?", "en"), "espresso machine");
  EXPECT_EQ(question_subject("¿Cuánto cuesta café barato?", "es"), "café");
  EXPECT_EQ(question_subject("Combien coûte café bio ?", "fr-FR"), "café");
  EXPECT_EQ(question_subject("Wie lange hält günstiges Espresso?", "de"), "günstiges Espresso");
}

TEST(QuestionBank, AnotherQuestionAsksAboutWhatFollowsItsOpeningAndAKeywordAboutItself) {
  EXPECT_EQ(question_subject("Does anxiety cause high blood pressure?", "en"), "anxiety cause high blood pressure");
  EXPECT_EQ(question_subject("how to make cold brew", "en"), "cold brew");
  EXPECT_EQ(question_subject("  best espresso machine ", "en"), "espresso machine") << "what the best is of";
  EXPECT_EQ(question_subject("what is a flat white", "de"), "flat white") << "an English query in a German locale";
  EXPECT_EQ(question_subject("why is my espresso bitter", "en"), "espresso bitter");
  EXPECT_EQ(question_subject("espresso vs latte", "en"), "espresso vs latte");
  EXPECT_EQ(question_subject("What?", "en"), "What") << "nothing after its opening: the question without its mark";
}

TEST(QuestionBank, EveryShapeAndModifierOfEveryLanguageGivesItsSubjectBack) {
  for (const char* hl : {"en", "es", "de", "fr"}) {
    const QuestionBank& bank = question_bank(hl);
    for (const auto shape : bank.shapes) {
      for (const auto modifier : bank.modifiers) {
        for (const char* subject : {"espresso", "running shoes", "moka pot"}) {
          const std::string q = natural_question(shape, subject, modifier);
          const std::string before(modifier.substr(0, modifier.find("{q}")));
          EXPECT_EQ(question_subject(q, hl), before + subject) << hl << ": " << q;
        }
      }
    }
  }
}

// Issue 45: "How long does cheap How much does cheap espresso vs latte cost? last?". A question
// used as a query (expansion) gives questions about its subject, none nested in another.
// Every question of a generated tree, in pre-order.
std::vector<std::string> questions_of(const TreeOptions& options, const std::string& query) {
  const auto tree = boost::json::parse(TreeGenerator(options).result_json({query, "en", "us", std::nullopt}));
  std::vector<std::string> out;
  auto walk = [&](auto&& self, const boost::json::value& nodes) -> void {
    if (!nodes.is_array()) return;
    for (const auto& n : nodes.as_array()) {
      out.emplace_back(n.at("question").as_string());
      if (const auto* c = n.as_object().if_contains("children")) self(self, *c);
    }
  };
  walk(walk, tree.at("children"));
  return out;
}

TEST(QuestionBank, ATreeForAQuestionAsksAboutItsSubjectNotTheQuestion) {
  TreeOptions options;
  options.seed = 7;
  const std::string query = "How much does cheap espresso vs latte cost?";
  const auto natural = questions_of(options, query);
  ASSERT_FALSE(natural.empty());
  for (const auto& q : natural) {
    EXPECT_EQ(std::count(q.begin(), q.end(), '?'), 1) << q;
    EXPECT_NE(q.find("espresso vs latte"), std::string::npos) << q << ": about the subject";
  }
  // The legacy style, kept for the bench, nests the query as before, in a tree of the same shape.
  options.style = QuestionStyle::legacy;
  const auto legacy = questions_of(options, query);
  EXPECT_EQ(legacy.size(), natural.size());
  for (const auto& q : legacy) EXPECT_EQ(std::count(q.begin(), q.end(), '?'), 2) << q;
}

}  // namespace
}  // namespace paa::emulator
