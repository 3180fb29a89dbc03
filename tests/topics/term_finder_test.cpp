// The term finder (issue 45 step 3) on questions written by hand, where the test knows which
// word runs are terms: frequent and bound together, or not.
#include "paa/topics/term_finder.hpp"
#include "paa/text/language.hpp"
#include "paa/text/tokenizer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace paa::topics {
namespace {

const text::LanguageTables kTables = text::parse_language_tables("en.txt",
                                                                  "[stop]\n"
                                                                  "what is the a does do how can you i of for with in\n"
                                                                  "[words function]\n"
                                                                  "take long much\n");

std::vector<std::string> texts(const std::vector<Term>& terms) {
  std::vector<std::string> out;
  for (const auto& t : terms) out.push_back(t.text);
  return out;
}

std::vector<Term> terms_of(const std::vector<std::string>& questions, TermOptions options = {}) {
  text::Tokenizer tokenizer;
  TermFinder finder(&kTables, options);
  for (const auto& q : questions) finder.add_question(tokenizer.words(q, "en"));
  return finder.terms();
}

// Questions about several drugs: "blood pressure" always together after several verbs, "blood"
// and "pressure" rarely apart; "coffee" beside many words but never the same one five times.
std::vector<std::string> health() {
  std::vector<std::string> q;
  const std::vector<std::string> pressure{"Does {} lower blood pressure?", "Can {} raise blood pressure?",
                                          "Is {} good for blood pressure?"};
  std::size_t i = 0;
  for (const std::string drug : {"losartan", "amlodipine", "lisinopril", "metoprolol", "atenolol", "valsartan"}) {
    std::string p = pressure[i++ % pressure.size()];
    q.push_back(p.replace(p.find("{}"), 2, drug));
    q.push_back("Can I take " + drug + " with ibuprofen?");
    q.push_back("How long does " + drug + " take to work?");
    q.push_back("What are the side effects of " + drug + "?");
  }
  q.push_back("Is blood thinner than water?");
  q.push_back("What is cabin pressure?");
  for (const std::string thing : {"beans", "machine", "grinder", "filter"}) q.push_back("What coffee " + thing + " is best?");
  return q;
}

TEST(TermFinder, WordsBoundTogetherOftenAreATerm) {
  const auto found = texts(terms_of(health()));
  EXPECT_NE(std::find(found.begin(), found.end(), "blood pressure"), found.end());
  EXPECT_NE(std::find(found.begin(), found.end(), "side effects"), found.end());
  for (const auto& t : found) {
    EXPECT_EQ(t.find("coffee"), std::string::npos) << t << ": fewer than min_count questions";
    EXPECT_EQ(t.find("take"), std::string::npos) << t << ": a function word never begins or ends a term";
    EXPECT_EQ(t.find("long"), std::string::npos) << t;
  }
}

TEST(TermFinder, AWordInEveryQuestionBindsToNothing) {
  // "espresso" is the seed, in every question; "machine" follows it in half of them.
  std::vector<std::string> q;
  for (int i = 0; i < 10; ++i) {
    q.push_back("How do I clean an espresso machine " + std::string(1, static_cast<char>('a' + i)) + "?");
    q.push_back("Is espresso strong " + std::string(1, static_cast<char>('a' + i)) + "?");
  }
  for (const auto& t : terms_of(q)) EXPECT_NE(t.text, "espresso machine") << "association " << t.association;
}

TEST(TermFinder, AThreeWordTermTakesItsPartsAndANumberStandsOnlyInside) {
  std::vector<std::string> q;
  for (const std::string s : {"Can you reverse", "What causes", "How to manage", "Is coffee good for", "Diet for",
                              "Symptoms of", "What is"}) {
    q.push_back(s + " type 2 diabetes?");
  }
  q.push_back("What is a type of tea?");
  q.push_back("How many types of diabetes are there?");
  q.push_back("What is the 10 3 2 1 0 rule for sleep?");
  const auto found = terms_of(q);
  ASSERT_FALSE(found.empty());
  EXPECT_EQ(found[0].text, "type 2 diabetes");
  EXPECT_EQ(found[0].words, 3u);
  EXPECT_EQ(found[0].count, 7u);
  for (const auto& t : found) {
    EXPECT_NE(t.text, "type 2") << "a part of the 3-word term, and it ends with a number";
    EXPECT_NE(t.text, "2 diabetes") << "begins with a number";
  }
}

TEST(TermFinder, ANumberNeverEndsOrBeginsATerm) {
  std::vector<std::string> q;
  for (const std::string s : {"Is Windows 10 free", "How to reset Windows 10", "Windows 10 release date",
                              "Can Windows 10 run Office", "Why is Windows 10 slow", "Windows 10 or Linux"}) {
    q.push_back(s + "?");
  }
  for (const auto& t : terms_of(q)) {
    EXPECT_NE(t.text, "windows 10");
    EXPECT_NE(t.text.substr(0, 3), "10 ") << t.text;
  }
}

TEST(TermFinder, BoundedCountersStillFindTheFrequentTerms) {
  auto q = health();
  for (int i = 0; i < 400; ++i) q.push_back("What is rare" + std::to_string(i) + " word" + std::to_string(i) + "?");
  TermOptions small;
  small.capacity = 64;
  const auto found = texts(terms_of(q, small));
  EXPECT_NE(std::find(found.begin(), found.end(), "blood pressure"), found.end());
  EXPECT_NE(std::find(found.begin(), found.end(), "side effects"), found.end());
}

TEST(TermFinder, NoQuestionsNoTerms) {
  TermFinder finder(nullptr);
  EXPECT_TRUE(finder.terms().empty());
}

}  // namespace
}  // namespace paa::topics
