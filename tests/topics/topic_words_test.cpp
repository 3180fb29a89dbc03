// Which content words may link questions and name topics (topic_words.hpp), on the words of the
// labels issue 45 found wrong ("azithromycin, 2, diabetes", "furosemide, 20, mg", "prednisone,
// done, take", "valacyclovir, long, contagious", "headache, naproxen, over").
#include "paa/topics/topic_words.hpp"

#include <gtest/gtest.h>

namespace paa::topics {
namespace {

TEST(TopicWords, NumbersFunctionWordsAndUnitsAreNotTopicWords) {
  const auto* en = text::language_tables("en");
  ASSERT_NE(en, nullptr);
  for (const char* w : {"2", "20", "1;2", "10", "take", "done", "long", "over", "much", "make", "mg", "ml"}) {
    EXPECT_FALSE(is_topic_word(w, en)) << w;
  }
  for (const char* w : {"azithromycin", "diabetes", "furosemide", "contagious", "headache", "b12", "mp3", "covid"}) {
    EXPECT_TRUE(is_topic_word(w, en)) << w;
  }
}

TEST(TopicWords, EachLanguageHasItsOwnFunctionWordsAndAccentsAreFolded) {
  EXPECT_FALSE(is_topic_word("machen", text::language_tables("de")));
  EXPECT_FALSE(is_topic_word("beaucoup", text::language_tables("fr")));
  EXPECT_FALSE(is_topic_word("más", text::language_tables("es")));  // folded: mas
  EXPECT_TRUE(is_topic_word("kaffee", text::language_tables("de")));
  // A language without tables keeps every word with a letter.
  EXPECT_TRUE(is_topic_word("take", nullptr));
  EXPECT_FALSE(is_topic_word("42", nullptr));
  EXPECT_TRUE(is_topic_word("кофе", nullptr));
}

}  // namespace
}  // namespace paa::topics
