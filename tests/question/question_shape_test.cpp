// Types from the opening (question_shape.hpp), step by step per language: each opening gives its
// type, a phrase inside the question's body never overrides it, and a question without a known
// opening has no shape. The examples are written by hand; real_questions_test measures the
// rules on real questions.
#include "paa/question/question_shape.hpp"
#include "paa/text/language.hpp"
#include "paa/text/tokenizer.hpp"

#include <gtest/gtest.h>

#include <string>

namespace paa::question {
namespace {

std::string shape_of(std::string_view question, std::string_view hl) {
  static text::Tokenizer tokenizer;
  const auto* tables = text::language_tables(hl);
  if (tables == nullptr) return "no tables";
  const auto shape = shape_type(tokenizer.words(opening_clause(question), hl), *tables);
  return shape ? std::string(*shape) : "none";
}

TEST(QuestionShape, TheTopicBeforeAColonIsNotTheOpening) {
  EXPECT_EQ(opening_clause("Espresso vs coffee: what is the difference?"), "what is the difference?");
  EXPECT_EQ(opening_clause("Ratio: 1:2?"), "Ratio: 1:2?");  // a lone word after the colon
  EXPECT_EQ(opening_clause("What does 1:1 mean on Instagram?"), "What does 1:1 mean on Instagram?");
  EXPECT_EQ(opening_clause("Droit d'accès : c'est gratuit ?"), "c'est gratuit ?");
  EXPECT_EQ(opening_clause("What is it:"), "What is it:");
  EXPECT_EQ(opening_clause("How long does coffee last?"), "How long does coffee last?");
}

TEST(QuestionShape, EnglishOpeningsDecideAndEmbeddedPhrasesDoNot) {
  EXPECT_EQ(shape_of("Why is how to make cold brew so popular?", "en"), "why");
  EXPECT_EQ(shape_of("Can you use best espresso machine every day?", "en"), "yes_no");
  EXPECT_EQ(shape_of("How long does espresso vs latte last?", "en"), "time");
  EXPECT_EQ(shape_of("How much does the best espresso machine cost?", "en"), "cost");
  EXPECT_EQ(shape_of("How much caffeine is in an espresso?", "en"), "quantity");
  EXPECT_EQ(shape_of("What happens if you drink coffee every day?", "en"), "consequence");
  EXPECT_EQ(shape_of("What causes migraines?", "en"), "why");
  EXPECT_EQ(shape_of("What is the most common side effect of sertraline?", "en"), "list");
  EXPECT_EQ(shape_of("What foods can you not eat with Nexplanon?", "en"), "list");
  EXPECT_EQ(shape_of("Which medication is generally recommended to be avoided in the elderly?", "en"), "list");
  EXPECT_EQ(shape_of("What is a French press?", "en"), "definition");
  EXPECT_EQ(shape_of("What year was espresso invented?", "en"), "time");
  EXPECT_EQ(shape_of("What country drinks the most coffee?", "en"), "place");
  EXPECT_EQ(shape_of("What is the capital of Italy?", "en"), "place");
  EXPECT_EQ(shape_of("What company makes Nespresso?", "en"), "who");
  EXPECT_EQ(shape_of("Is tea better than coffee?", "en"), "comparison");
  EXPECT_EQ(shape_of("Espresso vs coffee: what is the difference?", "en"), "comparison");
  EXPECT_EQ(shape_of("How do you descale an espresso machine?", "en"), "how");
  EXPECT_EQ(shape_of("What's the difference between a latte and a flat white?", "en"), "comparison");
  EXPECT_EQ(shape_of("Who's the owner of Starbucks?", "en"), "who");
  EXPECT_EQ(shape_of("Don't baristas drink espresso?", "en"), "yes_no");
  EXPECT_EQ(shape_of("What does 1:1 mean on Instagram?", "en"), "definition");
  EXPECT_EQ(shape_of("What is the best way to lose weight?", "en"), "list");
  EXPECT_EQ(shape_of("What is the number of calories in a latte?", "en"), "definition");
  EXPECT_EQ(shape_of("espresso vs coffee difference", "en"), "none");  // a keyword form: the caller decides
}

TEST(QuestionShape, GermanOpenings) {
  EXPECT_EQ(shape_of("Wie lange hält Kaffee?", "de"), "time");
  EXPECT_EQ(shape_of("Wie viel kostet eine Espressomaschine?", "de"), "cost");
  EXPECT_EQ(shape_of("Warum ist der beste Kaffee so teuer?", "de"), "why");
  EXPECT_EQ(shape_of("Welche Länder trinken den meisten Kaffee?", "de"), "place");
  EXPECT_EQ(shape_of("Kann man Kaffee einfrieren?", "de"), "yes_no");
  EXPECT_EQ(shape_of("Was ist ein Flat White?", "de"), "definition");
  EXPECT_EQ(shape_of("Welcher Tag ist der beste für die Ernte?", "de"), "time");
  EXPECT_EQ(shape_of("Kann man mit Kaffee schneller abnehmen?", "de"), "yes_no");
}

TEST(QuestionShape, SpanishOpenings) {
  EXPECT_EQ(shape_of("¿Cuánto cuesta una cafetera?", "es"), "cost");
  EXPECT_EQ(shape_of("¿Por qué el mejor café es caro?", "es"), "why");
  EXPECT_EQ(shape_of("¿Qué documentos son necesarios para obtener un pasaporte?", "es"), "list");
  EXPECT_EQ(shape_of("¿Qué es un cortado?", "es"), "definition");
  EXPECT_EQ(shape_of("¿Se puede congelar el café?", "es"), "yes_no");
  EXPECT_EQ(shape_of("¿Hace cuánto tiempo se inventó el café?", "es"), "none");
}

TEST(QuestionShape, FrenchOpeningsAndInversion) {
  EXPECT_EQ(shape_of("Combien coûte une machine à espresso ?", "fr"), "cost");
  EXPECT_EQ(shape_of("Pourquoi le meilleur café est-il cher ?", "fr"), "why");
  EXPECT_EQ(shape_of("Qu'est-ce qu'un expresso ?", "fr"), "definition");
  EXPECT_EQ(shape_of("Un mineur peut-il avoir un compte bancaire ?", "fr"), "yes_no");
  EXPECT_EQ(shape_of("Règlement européen : quand faut-il notifier une violation ?", "fr"), "time");
  EXPECT_EQ(shape_of("Que faut-il faire en cas de fraude ?", "fr"), "how");
  EXPECT_NE(shape_of("À quelle température servir un expresso ?", "fr"), "yes_no");
}

TEST(QuestionShape, ItalianPortugueseAndDutchOpenings) {
  EXPECT_EQ(shape_of("Quanto costa una macchina da caffè?", "it"), "cost");
  EXPECT_EQ(shape_of("Perché il miglior caffè è amaro?", "it"), "why");
  EXPECT_EQ(shape_of("Cos'è un caffè ristretto?", "it"), "definition");
  EXPECT_EQ(shape_of("Si può congelare il caffè?", "it"), "yes_no");
  EXPECT_EQ(shape_of("Quanto tempo dura il caffè macinato?", "it"), "time");
  EXPECT_EQ(shape_of("Quanto custa uma máquina de café?", "pt"), "cost");
  EXPECT_EQ(shape_of("Por que o melhor café é caro?", "pt"), "why");
  EXPECT_EQ(shape_of("O que é um café coado?", "pt"), "definition");
  EXPECT_EQ(shape_of("Quantas xícaras de café por dia?", "pt"), "quantity");
  EXPECT_EQ(shape_of("Quantas vezes por dia posso tomar café?", "pt"), "time");
  EXPECT_EQ(shape_of("Wat kost een espressomachine?", "nl"), "cost");
  EXPECT_EQ(shape_of("Waarom is de beste koffie duur?", "nl"), "why");
  EXPECT_EQ(shape_of("Hoe lang blijft koffie goed?", "nl"), "time");
  EXPECT_EQ(shape_of("Kun je koffie invriezen?", "nl"), "yes_no");
  EXPECT_EQ(shape_of("Welke landen drinken de meeste koffie?", "nl"), "place");
}

}  // namespace
}  // namespace paa::question
