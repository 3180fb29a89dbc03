#include "paa/text/language.hpp"

#include <gtest/gtest.h>
#include <gmock/gmock.h>

#include <array>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

using paa::text::parse_language_tables;

TEST(LanguageTables, ParsesStopWordsElisionsAndNamedPatternSections) {
  const auto t = parse_language_tables("xx.txt",
                                       "# a comment\n"
                                       "[stop]\n"
                                       "the a  An\n"
                                       "\n"
                                       "[elision]\n"
                                       "l' qu\n"
                                       "[type how]\n"
                                       "  ^how  \n"
                                       "[intent commercial]\n"
                                       "best\n"
                                       "review*\n");
  EXPECT_EQ(t.stop_words, (std::unordered_set<std::string>{"the", "a", "an"}));
  EXPECT_EQ(t.elisions, (std::unordered_set<std::string>{"l", "qu"}));
  ASSERT_EQ(t.patterns("type how").size(), 1u);
  EXPECT_EQ(t.patterns("type how")[0].source(), "^how");
  EXPECT_EQ(t.patterns("intent commercial").size(), 2u);
  EXPECT_TRUE(t.patterns("type why").empty());
}

TEST(LanguageTables, AWordListStandsForOnePatternPerWordEveryCombination) {
  const auto t = parse_language_tables("xx.txt",
                                       "[words person]\n"
                                       "man Woman\n"
                                       "[words auxiliary]\n"
                                       "is was\n"
                                       "[shape who]\n"
                                       "^what @person\n"
                                       "^@auxiliary ... @person here\n");
  EXPECT_EQ(t.word_lists.at("person"), (std::vector<std::string>{"man", "woman"}));
  EXPECT_TRUE(t.in_list("auxiliary", "was"));
  EXPECT_FALSE(t.in_list("auxiliary", "man"));
  EXPECT_FALSE(t.in_list("nothing", "man"));
  const auto prefixes = parse_language_tables("xx.txt", "[words auxiliary]\nis isn*\n");
  EXPECT_TRUE(prefixes.in_list("auxiliary", "isn't"));
  EXPECT_FALSE(prefixes.in_list("auxiliary", "island"));
  const auto& who = t.patterns("shape who");
  ASSERT_EQ(who.size(), 6u);
  EXPECT_EQ(who[0].source(), "^what man");
  EXPECT_EQ(who[1].source(), "^what woman");
  EXPECT_EQ(who[2].source(), "^is ... man here");
  EXPECT_EQ(who[5].source(), "^was ... woman here");
  EXPECT_TRUE(who.matches({"was", "the", "woman", "here"}));
  EXPECT_FALSE(who.matches({"the", "woman", "was", "here"}));
}

TEST(LanguageTables, AMistakeNamesTheFileAndLine) {
  auto error_of = [](std::string_view text) {
    try {
      parse_language_tables("de.txt", text);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_THAT(error_of("vs\n"), ::testing::HasSubstr("de.txt:1: text before the first section"));
  EXPECT_THAT(error_of("[stop]\nder\n[typo]\n"), ::testing::HasSubstr("de.txt:3: unknown section [typo]"));
  EXPECT_THAT(error_of("[type how]\n^wie\n\n[type how]\n"), ::testing::HasSubstr("de.txt:4: section [type how] appears twice"));
  EXPECT_THAT(error_of("[type cost]\n... kostet\n"), ::testing::HasSubstr("de.txt:2: phrase pattern '... kostet'"));
  EXPECT_THAT(error_of("[type cost\n"), ::testing::HasSubstr("de.txt:1: a section header ends with ']'"));
  EXPECT_EQ(error_of("[shape who]\n^wer\n^welche @person\n"),
            "de.txt:3: '@person': no [words person] with words above it");
  EXPECT_EQ(error_of("[words person]\n[shape who]\n^welche @person\n"),
            "de.txt:3: '@person': no [words person] with words above it");
  EXPECT_THAT(error_of("[words person]\nmann\n[words person]\n"), ::testing::HasSubstr("de.txt:3: section [words person] appears twice"));
  EXPECT_THAT(error_of("[variants]\nnicht\n"), ::testing::HasSubstr("de.txt:2: a [variants] line is 'words => words'"));
  EXPECT_THAT(error_of("[variants]\n=> nicht\n"), ::testing::HasSubstr("de.txt:2: a [variants] line names the words"));
  EXPECT_THAT(error_of("[variants]\nkein => nicht*\n"), ::testing::HasSubstr("de.txt:2: a [variants] line's words after"));
}

TEST(LanguageTables, VariantRewritesAreReadLongestFirstAndIndexedByTheirFirstWord) {
  const auto t = parse_language_tables("xx.txt",
                                       "[variants]\n"
                                       "can't => not\n"
                                       "Very =>\n"
                                       "should not => not\n"
                                       "cuff* => monitor\n");
  ASSERT_EQ(t.rewrites.size(), 4u);
  EXPECT_EQ(t.rewrites[0].from, (std::vector<std::string>{"should", "not"}));  // the longest first
  EXPECT_EQ(t.rewrites[1].from, (std::vector<std::string>{"cant"}));           // then the file's order
  EXPECT_EQ(t.rewrites[2].from, (std::vector<std::string>{"very"}));           // folded
  EXPECT_TRUE(t.rewrites[2].to.empty());
  EXPECT_EQ(t.rewrites[3].to, (std::vector<std::string>{"monitor"}));
  EXPECT_EQ(t.rewrites_by_first.at("should"), (std::vector<std::size_t>{0}));
  EXPECT_EQ(t.rewrites_by_first.at("cant"), (std::vector<std::size_t>{1}));
  EXPECT_EQ(t.rewrites_by_prefix, (std::vector<std::size_t>{3}));
  EXPECT_FALSE(t.rewrites_by_first.contains("cuff"));
}

TEST(LanguageTables, EveryLanguageTheIssueNamesIsCompiledIn) {
  EXPECT_THAT(paa::text::languages_with_tables(), ::testing::IsSupersetOf({"de", "en", "es", "fr", "it", "nl", "pt"}));
  ASSERT_NE(paa::text::language_tables("pt-BR"), nullptr);
  EXPECT_EQ(paa::text::language_tables("pt-BR")->hl, "pt");
  EXPECT_EQ(paa::text::language_tables("xx"), nullptr);
  EXPECT_EQ(paa::text::primary_language("EN-gb"), "en");
}

// Sections merged in precedence order: the first section that matches wins wherever in the
// question its pattern matches, as asking each section in turn did.
TEST(LanguageTables, MergedSectionsGiveTheFirstSectionThatMatches) {
  const auto t = parse_language_tables("xx.txt",
                                       "[type a]\n"
                                       "cold brew\n"
                                       "^what is ... best\n"
                                       "[type b]\n"
                                       "^how\n"
                                       "how long\n"
                                       "[type c]\n"
                                       "_ cost*\n");
  const std::array<std::string_view, 3> names{"type a", "type b", "type c"};
  const auto& merged = t.merged(names);
  EXPECT_EQ(&merged, &t.merged(names)) << "made once";
  auto first = [&](std::vector<std::string_view> words) { return merged.first_tag(paa::text::PreparedWords(words)); };
  EXPECT_EQ(first({"how", "long", "does", "cold", "brew", "last"}), 0u) << "a later word of an earlier section wins";
  EXPECT_EQ(first({"how", "much", "does", "it", "cost"}), 1u);
  EXPECT_EQ(first({"does", "it", "costs", "much"}), 2u);
  EXPECT_EQ(first({"what", "is", "the", "best", "how"}), 0u);
  EXPECT_EQ(first({"what", "is", "it"}), std::nullopt);
  // The other order asks the sections in that order.
  const std::array<std::string_view, 3> reversed{"type c", "type b", "type a"};
  EXPECT_EQ(t.merged(reversed).first_tag(paa::text::PreparedWords(std::vector<std::string_view>{"how", "long", "does", "cold", "brew", "cost"})), 0u);
  // The same as matching each section in turn, on every question here.
  for (const auto& q : std::vector<std::vector<std::string_view>>{{"how", "long"}, {"cold", "brew", "cost"}, {"what", "is", "best"}, {"x"}}) {
    const paa::text::PreparedWords p(q);
    std::optional<std::uint32_t> by_section;
    for (std::uint32_t i = 0; i < names.size() && !by_section; ++i) {
      if (t.patterns(names[i]).matches(p)) by_section = i;
    }
    EXPECT_EQ(merged.first_tag(p), by_section);
  }
}

TEST(PatternSet, TagsAreAddedInPrecedenceOrder) {
  paa::text::PatternSet set;
  set.add(paa::text::PhrasePattern::parse("how"), 1);
  EXPECT_THROW(set.add(paa::text::PhrasePattern::parse("why"), 0), std::logic_error);
}
