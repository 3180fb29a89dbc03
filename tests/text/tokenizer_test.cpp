#include "paa/text/fold.hpp"
#include "paa/text/spelled_words.hpp"
#include "paa/text/tokenizer.hpp"

#include <gtest/gtest.h>
#include <gmock/gmock.h>

using paa::text::Tokenizer;
using paa::text::Word;
using ::testing::ElementsAre;

namespace {

std::vector<std::string> matches(const std::vector<Word>& words) {
  std::vector<std::string> out;
  for (const auto& w : words) out.push_back(w.match);
  return out;
}

}  // namespace

TEST(Fold, CaseAndAccentsFoldForMatchingButTheStemmersInputKeepsAccents) {
  EXPECT_EQ(paa::text::fold_for_matching("Crème Brûlée"), "creme brulee");
  EXPECT_EQ(paa::text::fold_for_matching("Straße"), "strasse");
  EXPECT_EQ(paa::text::fold_for_matching("Cuánto CUESTA"), "cuanto cuesta");
  EXPECT_EQ(paa::text::fold_case("Crème"), "crème");
}

TEST(Tokenizer, SplitsAtWordBoundariesAndDropsPunctuation) {
  Tokenizer t;
  EXPECT_THAT(matches(t.words("Espresso machine: how long does it last?", "en")),
              ElementsAre("espresso", "machine", "how", "long", "does", "it", "last"));
}

TEST(Tokenizer, SplitsFrenchAndItalianElisionsButNotEnglishContractions) {
  Tokenizer t;
  EXPECT_THAT(matches(t.words("Qu'est-ce que l'espresso ?", "fr")), ElementsAre("qu", "est", "ce", "que", "l", "espresso"));
  EXPECT_THAT(matches(t.words("Qu’est-ce que l’espresso ?", "fr")), ElementsAre("qu", "est", "ce", "que", "l", "espresso"));
  EXPECT_THAT(matches(t.words("Com'è fatto l'espresso dell'Italia?", "it")),
              ::testing::IsSupersetOf({"l", "espresso", "dell", "italia"}));
  EXPECT_THAT(matches(t.words("Why don't espresso machines work?", "en")), ::testing::Contains("don't"));
  const auto words = t.words("l'eau", "fr");
  ASSERT_EQ(words.size(), 2u);
  EXPECT_EQ(words[0].kind, Word::Kind::elision);
  EXPECT_EQ(words[1].kind, Word::Kind::letters);
}

TEST(Tokenizer, YearsAreNotContentWordsButOtherNumbersAre) {
  Tokenizer t;
  EXPECT_TRUE(paa::text::is_year("1900"));
  EXPECT_TRUE(paa::text::is_year("2099"));
  EXPECT_FALSE(paa::text::is_year("1899"));
  EXPECT_FALSE(paa::text::is_year("2100"));
  EXPECT_FALSE(paa::text::is_year("202"));
  EXPECT_EQ(t.content_stems("best espresso machine 2026", "en"), t.content_stems("best espresso machine", "en"));
  EXPECT_NE(t.content_stems("Is the iPhone 15 waterproof?", "en"), t.content_stems("Is the iPhone 16 waterproof?", "en"));
  EXPECT_THAT(t.content_stems("Is the iPhone 15 waterproof?", "en"), ::testing::Contains("15"));
}

TEST(Tokenizer, AccentsFoldForMatchingSoSpellingsWithAndWithoutThemAreOneStem) {
  Tokenizer t;
  EXPECT_EQ(t.content_stems("café crème", "fr"), t.content_stems("CAFE CREME", "fr"));
  EXPECT_EQ(t.content_stems("¿Cuánto cuesta una cafetera?", "es"), t.content_stems("cuanto cuesta una cafetera", "es"));
}

TEST(Tokenizer, StemsEachLanguageSnowballHas) {
  Tokenizer t;
  auto stem = [&](std::string_view word, std::string_view hl) { return t.content_stems(word, hl); };
  EXPECT_EQ(stem("machines", "en"), stem("machine", "en"));
  EXPECT_EQ(stem("Maschinen", "de"), stem("Maschine", "de"));
  EXPECT_EQ(stem("cafeteras", "es"), stem("cafetera", "es"));
  EXPECT_EQ(stem("machines", "fr"), stem("machine", "fr"));
  EXPECT_EQ(stem("macchine", "it"), stem("macchina", "it"));
  EXPECT_EQ(stem("máquinas", "pt"), stem("máquina", "pt"));
  EXPECT_EQ(stem("apparaten", "nl"), stem("apparaat", "nl"));  // not "machines": Dutch -s plurals stay
  EXPECT_EQ(stem("машины", "ru"), stem("машина", "ru"));  // Snowball has it; paa has no tables
  EXPECT_TRUE(t.has_stemmer("pt-BR"));
  EXPECT_TRUE(t.has_stemmer("EN"));
  EXPECT_FALSE(t.has_stemmer("xx"));
  EXPECT_FALSE(t.has_stemmer(""));
}

TEST(Tokenizer, LanguagesWithoutAStemmerOrTablesPassThroughAndNeverFail) {
  Tokenizer t;
  EXPECT_THAT(t.content_stems("Machines anyway", "xx"), ElementsAre("anyway", "machines"));
  EXPECT_TRUE(t.content_stems("", "en").empty());
  EXPECT_TRUE(t.content_stems("?!", "de").empty());
  // Invalid UTF-8 is read as ICU reads it, never an error.
  EXPECT_NO_THROW(t.content_stems(std::string("caf\xC3", 4), "fr"));
}

TEST(Tokenizer, ChineseAndJapanesePassThroughAsICUsDictionaryWords) {
  Tokenizer t;
  const auto zh = t.words("咖啡机多少钱", "zh-CN");
  ASSERT_FALSE(zh.empty());
  for (const auto& w : zh) EXPECT_EQ(w.kind, Word::Kind::ideographic) << w.match;
  std::string joined;
  for (const auto& w : zh) joined += w.match;
  EXPECT_EQ(joined, "咖啡机多少钱");
  EXPECT_GT(zh.size(), 1u) << "ICU's dictionary splits the words";
  EXPECT_FALSE(t.content_stems("コーヒーメーカーの価格", "ja").empty());
}

// The tables spell a contraction without its apostrophe; the other words are read in place.
TEST(SpelledWords, OnlyAWordWithAnApostropheIsSpelledAnew) {
  Tokenizer t;
  const auto words = t.words("What's the best café? Don’t ask", "en");
  const paa::text::SpelledWords spelled(words);
  EXPECT_THAT(spelled.views(), ElementsAre("whats", "the", "best", "cafe", "dont", "ask"));
  EXPECT_EQ(spelled.views()[1].data(), words[1].match.data()) << "a view of the word, not a copy";
}
