#include "paa/text/phrase_pattern.hpp"

#include <gtest/gtest.h>

using paa::text::PhrasePattern;

namespace {

bool m(std::string_view pattern, std::vector<std::string_view> words) {
  return PhrasePattern::parse(pattern).matches(words);
}

}  // namespace

TEST(PhrasePattern, WordsMatchInARowAnywhere) {
  EXPECT_TRUE(m("difference between", {"what", "is", "the", "difference", "between", "a", "and", "b"}));
  EXPECT_FALSE(m("difference between", {"difference", "is", "between"}));
  EXPECT_FALSE(m("vs", {"versus"}));
}

TEST(PhrasePattern, CaretAnchorsAtTheFirstWord) {
  EXPECT_TRUE(m("^is", {"is", "coffee", "good"}));
  EXPECT_FALSE(m("^is", {"why", "is", "coffee", "good"}));
  EXPECT_TRUE(m("^ is", {"is", "coffee"}));
  EXPECT_FALSE(m("^ is", {"coffee", "is"}));
}

TEST(PhrasePattern, GapMatchesAnyNumberOfWordsIncludingNone) {
  EXPECT_TRUE(m("^how much ... cost", {"how", "much", "does", "a", "machine", "cost"}));
  EXPECT_TRUE(m("^how much ... cost", {"how", "much", "cost"}));
  EXPECT_FALSE(m("^how much ... cost", {"how", "much", "is", "it"}));
}

TEST(PhrasePattern, OneWordWildcardAndPrefixes) {
  EXPECT_TRUE(m("_ or _", {"coffee", "or", "tea"}));
  EXPECT_FALSE(m("_ or _", {"or", "tea"}));
  EXPECT_FALSE(m("_ or _", {"coffee", "or"}));
  EXPECT_TRUE(m("review*", {"best", "reviews"}));
  EXPECT_TRUE(m("review*", {"review"}));
  EXPECT_FALSE(m("review*", {"preview"}));
}

TEST(PhrasePattern, PatternWordsFoldAndSplitAsTheTokenizerSplitsAQuestion) {
  EXPECT_TRUE(m("Qu'est-ce que", {"qu", "est", "ce", "que", "le", "cafe"}));
  EXPECT_TRUE(m("cuánto cuesta", {"cuanto", "cuesta"}));
  EXPECT_TRUE(m("l’eau", {"l", "eau"}));
}

TEST(PhrasePattern, MalformedPatternsAreRejectedWithWhatIsWrong) {
  EXPECT_THROW(PhrasePattern::parse(""), std::invalid_argument);
  EXPECT_THROW(PhrasePattern::parse("... cost"), std::invalid_argument);
  EXPECT_THROW(PhrasePattern::parse("how ..."), std::invalid_argument);
  EXPECT_THROW(PhrasePattern::parse("how ^ much"), std::invalid_argument);
  try {
    PhrasePattern::parse("* cost");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("lone '*'"), std::string::npos) << e.what();
  }
}
