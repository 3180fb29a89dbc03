// The [variants] rewrites, step by step on a table written here (what each rule does), then on
// en's own table for the forms issue 45 names (what the shipped words make of them).
#include "paa/question/question_profile.hpp"
#include "paa/question/variant_words.hpp"
#include "paa/text/language.hpp"
#include "paa/text/tokenizer.hpp"

#include <gtest/gtest.h>

#include <string>

namespace paa::question {
namespace {

std::string joined(const std::vector<text::Word>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w.match;
  return out;
}

class VariantWords : public ::testing::Test {
 protected:
  std::string read(std::string_view question) { return joined(variant_words(tokenizer_.words(question, "en"), &tables_)); }

  text::Tokenizer tokenizer_;
  text::LanguageTables tables_ = text::parse_language_tables("xx.txt",
                                                             "[variants]\n"
                                                             "cannot => not\n"
                                                             "can't => not\n"
                                                             "should not => not\n"
                                                             "very =>\n"
                                                             "right now =>\n"
                                                             "now =>\n"
                                                             "cuff* => monitor\n"
                                                             "rotator cuff* => rotator cuff\n"
                                                             "not => never\n"
                                                             "what are the # => what are the\n");
};

TEST_F(VariantWords, AHashMatchesANumberOnly) {
  EXPECT_EQ(read("what are the 3 plans"), "what are the plans");
  EXPECT_EQ(read("what are the three plans"), "what are the three plans");
  EXPECT_EQ(read("what are the 3g plans"), "what are the 3g plans");
}

TEST_F(VariantWords, SaysWhetherARewriteApplied) {
  bool changed = false;
  variant_words(tokenizer_.words("nothing here", "en"), &tables_, &changed);
  EXPECT_FALSE(changed);
  variant_words(tokenizer_.words("who cannot", "en"), &tables_, &changed);
  EXPECT_TRUE(changed);
}

TEST_F(VariantWords, AWordIsReadAsItsRewrite) { EXPECT_EQ(read("Who cannot take it"), "who not take it"); }

TEST_F(VariantWords, AContractionIsMatchedWithoutItsApostrophe) {
  EXPECT_EQ(read("Who can't take it"), "who not take it");
  EXPECT_EQ(read("Who can\u2019t take it"), "who not take it");
}

TEST_F(VariantWords, AnEmptyRewriteDropsTheWords) { EXPECT_EQ(read("the very best"), "the best"); }

TEST_F(VariantWords, TheLongestRewriteWins) {
  EXPECT_EQ(read("buy right now"), "buy");
  EXPECT_EQ(read("buy now right"), "buy right");
  EXPECT_EQ(read("rotator cuffs"), "rotator cuff");  // not "rotator monitor"
}

TEST_F(VariantWords, APrefixEntryReadsEveryWordItStarts) {
  EXPECT_EQ(read("home cuffs read higher"), "home monitor read higher");
  EXPECT_EQ(read("cuff"), "monitor");
  EXPECT_EQ(read("handcuffs"), "handcuffs");
}

TEST_F(VariantWords, ARewrittenWordIsNotReadAgain) {
  // "should not" gives "not", which a later "not => never" does not take; a "not" as written does.
  EXPECT_EQ(read("who should not"), "who not");
  EXPECT_EQ(read("who not"), "who never");
}

TEST_F(VariantWords, AnOpeningIsReadWithoutItsFillersOnly) {
  EXPECT_EQ(joined(without_fillers(tokenizer_.words("who very cannot take it now", "en"), &tables_)), "who cannot take it");
}

TEST(QuestionTypes, AFillerInTheOpeningDoesNotHideIt) {
  text::Tokenizer tokenizer;
  const auto* en = text::language_tables("en");
  const auto words = tokenizer.words("What usually causes cellulitis?", "en");
  EXPECT_EQ(name(classify_type(words, words, true, en)), "why");
}

TEST_F(VariantWords, NoTablesOrNoMatchLeavesTheWords) {
  const auto words = tokenizer_.words("Who cannot take it", "en");
  EXPECT_EQ(joined(variant_words(words, nullptr)), "who cannot take it");
  EXPECT_EQ(read("nothing here"), "nothing here");
}

// en's table on the forms issue 45 names: each pair shares a group; each near miss does not.
TEST(VariantGroups, EnglishReadsTheFormsAReaderCallsTheSame) {
  QuestionProfiler p;
  auto same = [&](std::string_view a, std::string_view b) { return p.profile(a, "en").group == p.profile(b, "en").group; };
  EXPECT_TRUE(same("Who cannot take losartan?", "Who should not take losartan?"));
  EXPECT_TRUE(same("Who can't take losartan?", "Who shouldn't take losartan?"));
  EXPECT_TRUE(same("What is the best inhaler to use for COPD?", "What is the very best inhaler to use for COPD?"));
  EXPECT_TRUE(same("What is the safest blood pressure pill?", "What is the safest high blood pressure pill?"));
  EXPECT_TRUE(same("Do home blood pressure cuffs read higher?", "Do home blood pressure monitors read higher?"));
  EXPECT_TRUE(same("Is Tesla stock a buy?", "Is Tesla stock a buy right now?"));
  // "The best way to" asks how; the group's type is read from the rewritten words, the shown
  // type from the written ones.
  EXPECT_TRUE(same("What is the fastest way to sell a car?", "How can I sell my car fast?"));
  EXPECT_TRUE(same("What's the best way to sell a car privately?", "How do you sell a car privately?"));
  EXPECT_EQ(p.profile("What is the fastest way to sell a car?", "en").type, QuestionType::list);
  EXPECT_TRUE(same("What are the 5 most common dental problems?", "What are the most common dental problems?"));
  EXPECT_TRUE(same("What are the 3 different Netflix plans?", "What are the different Netflix plans?"));
  EXPECT_FALSE(same("What are the 3 month CD rates?", "What are the 12 month CD rates?")) << "a number that is no list's length";
  EXPECT_FALSE(same("Is renting cheaper than buying?", "Is renting cheap than buying?")) << "a comparative stays";
  EXPECT_FALSE(same("How much does it cost to buy out a lease?", "How much does a lease cost?"));
  EXPECT_TRUE(same("Lease: what is the best way to end it?", "Lease: how to end it?")) << "a topic before the colon";
  EXPECT_TRUE(same("How much does an electric car cost on average?", "How much does it cost to buy an electric car?"));
  // Other languages' fillers.
  auto same_in = [&](std::string_view hl, std::string_view a, std::string_view b) {
    return p.profile(a, hl).group == p.profile(b, hl).group;
  };
  EXPECT_TRUE(same_in("de", "Ist Kaffee wirklich ungesund?", "Ist Kaffee ungesund?"));
  EXPECT_TRUE(same_in("es", "¿Es muy malo el café?", "¿Es malo el café?"));
  EXPECT_TRUE(same_in("fr", "Le café est-il vraiment mauvais ?", "Le café est-il mauvais ?"));
  EXPECT_FALSE(same_in("pt", "Tomar muito café faz mal?", "Tomar café faz mal?")) << "muito is also 'much'";
  // Antonyms and other things stay apart.
  EXPECT_FALSE(same("Can high blood pressure cause blue lips?", "Can low blood pressure cause blue lips?"));
  EXPECT_FALSE(same("Who can take losartan?", "Who cannot take losartan?"));
  EXPECT_FALSE(same("What is the safest blood pressure pill?", "What is the safest low blood pressure pill?"));
  EXPECT_FALSE(same("Is it illegal to sell a kitten?", "Is it illegal to sell dogs?"));
  EXPECT_FALSE(same("What is the fastest way to sell a car?", "How can I sell my car?"));
  EXPECT_FALSE(same("Is 20 mg of prednisone a lot?", "Is 40 mg of prednisone a lot?")) << "a dose is no list's length";
}

}  // namespace
}  // namespace paa::question
