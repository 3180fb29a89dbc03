#include "paa/text/language.hpp"
#include "paa/text/tokenizer.hpp"
#include "paa/question/question_shape.hpp"
#include "paa/question/question_type.hpp"
#include "support/files.hpp"

#include <gtest/gtest.h>
#include <gmock/gmock.h>

#include <algorithm>
#include <map>
#include <sstream>

using namespace paa::question;

namespace {

struct Example {
  std::string question, type, intent;
  int line = 0;
};

// tests/fixtures/topics/<hl>.tsv: question, type, intent, as a person following the precedence
// in docs/topics.md assigns them.
std::vector<Example> examples(const std::string& hl) {
  std::istringstream in(paa::test::read_file(paa::test::fixture_path("topics/" + hl + ".tsv")));
  std::vector<Example> out;
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (n == 1 || line.empty()) continue;
    Example e;
    e.line = n;
    std::istringstream fields(line);
    std::getline(fields, e.question, '\t');
    std::getline(fields, e.type, '\t');
    std::getline(fields, e.intent, '\t');
    out.push_back(e);
  }
  return out;
}

class TypesAndIntents : public ::testing::TestWithParam<std::string> {};

// The type as the profile reads it: the opening from the words after a topic's colon.
QuestionType type_of(paa::text::Tokenizer& tokenizer, std::string_view question, std::string_view hl,
                     const paa::text::LanguageTables* tables) {
  return classify_type(tokenizer.words(opening_clause(question), hl), tokenizer.words(question, hl),
                       written_as_question(question), tables);
}

}  // namespace

TEST_P(TypesAndIntents, EachExampleGetsTheTypeAndIntentAPersonGaveIt) {
  const std::string hl = GetParam();
  const auto rows = examples(hl);
  const std::size_t minimum = (hl == "en" || hl == "es" || hl == "de" || hl == "fr") ? 20 : 10;
  ASSERT_GE(rows.size(), minimum);
  paa::text::Tokenizer tokenizer;
  const auto* tables = paa::text::language_tables(hl);
  ASSERT_NE(tables, nullptr);
  std::map<std::string, int> types_seen;
  for (const auto& e : rows) {
    ASSERT_TRUE(question_type_named(e.type)) << hl << ".tsv:" << e.line << ": unknown type " << e.type;
    ASSERT_TRUE(intent_named(e.intent)) << hl << ".tsv:" << e.line << ": unknown intent " << e.intent;
    const auto words = tokenizer.words(e.question, hl);
    EXPECT_EQ(name(type_of(tokenizer, e.question, hl, tables)), e.type) << hl << ".tsv:" << e.line << ": " << e.question;
    EXPECT_EQ(name(classify_intent(words, tables)), e.intent) << hl << ".tsv:" << e.line << ": " << e.question;
    ++types_seen[e.type];
  }
  if (minimum == 20) {
    for (QuestionType t : kQuestionTypes) EXPECT_GE(types_seen[std::string(name(t))], 2) << hl << ": " << name(t);
  }
}

INSTANTIATE_TEST_SUITE_P(Languages, TypesAndIntents, ::testing::Values("en", "es", "de", "fr", "it", "pt", "nl"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

TEST(TypesAndIntents, EveryCompiledInTableNamesOnlyKnownKinds) {
  for (const auto& hl : paa::text::languages_with_tables()) {
    const auto* t = paa::text::language_tables(hl);
    ASSERT_NE(t, nullptr);
    EXPECT_FALSE(t->stop_words.empty()) << hl;
    for (const auto& [section, patterns] : t->sections) {
      const auto space = section.find(' ');
      const std::string kind = section.substr(0, space), what = section.substr(space + 1);
      if (kind == "type") {
        EXPECT_TRUE(question_type_named(what) && what != "other") << hl << ": [" << section << "]";
      } else if (kind == "shape") {
        EXPECT_NE(std::find(kShapeOrder.begin(), kShapeOrder.end(), what), kShapeOrder.end()) << hl << ": [" << section << "]";
        for (std::size_t i = 0; i < patterns.size(); ++i) {
          EXPECT_EQ(patterns[i].source().front(), '^') << hl << ": [" << section << "] " << patterns[i].source()
                                                       << ": a shape is an opening, anchored";
        }
      } else {
        EXPECT_EQ(kind, "intent") << hl << ": [" << section << "]";
        EXPECT_TRUE(intent_named(what) && what != "informational") << hl << ": [" << section << "]";
      }
    }
    for (QuestionType type : kQuestionTypes) {
      // Only an opening asks for a quantity or a consequence: no keyword phrase does.
      if (type != QuestionType::other && type != QuestionType::quantity && type != QuestionType::consequence) {
        EXPECT_FALSE(t->patterns(section_of(type)).empty()) << hl << ": " << name(type);
      }
    }
  }
}

TEST(TypesAndIntents, EveryShapeIsAType) {
  for (std::string_view shape : kShapeOrder) EXPECT_TRUE(question_type_named(shape)) << shape;
}

TEST(TypesAndIntents, PrecedenceIsTheDocumentedOrder) {
  paa::text::Tokenizer tokenizer;
  const auto* en = paa::text::language_tables("en");
  ASSERT_NE(en, nullptr);
  auto type = [&](std::string_view q) { return name(type_of(tokenizer, q, "en", en)); };
  auto intent = [&](std::string_view q) { return name(classify_intent(tokenizer.words(q, "en"), en)); };
  EXPECT_EQ(type("How much does an espresso machine cost?"), "cost");      // cost before how
  EXPECT_EQ(type("How long does an espresso machine last?"), "time");      // time before how
  EXPECT_EQ(type("What is the best espresso machine?"), "list");           // list before definition
  EXPECT_EQ(type("Which is better, Nespresso or Keurig?"), "comparison");  // comparison first
  EXPECT_EQ(type("Is coffee good for you?"), "yes_no");
  EXPECT_EQ(intent("Where to buy the best espresso machine?"), "transactional");  // before commercial
  EXPECT_EQ(intent("Is coffee good for you?"), "informational");
  // A language paa has no tables for: never a failure.
  EXPECT_EQ(name(type_of(tokenizer, "Wie viel kostet", "xx", nullptr)), "other");
  EXPECT_EQ(name(classify_intent(tokenizer.words("buy", "xx"), nullptr)), "informational");
}
