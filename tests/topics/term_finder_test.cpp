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
    q.push_back("Can you take ibuprofen with " + drug + "?");
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
    // "take ibuprofen" is in 6 questions, bound as tightly as "blood pressure", but "take" is a
    // function word.
    EXPECT_EQ(t.find("take"), std::string::npos) << t << ": a function word never begins or ends a term";
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
  for (const auto& t : terms_of(q)) EXPECT_NE(t.text, "windows 10");
}

TEST(TermFinder, APairFoundMostlyInsideATripleIsThatTriple) {
  std::vector<std::string> q;
  for (const std::string s : {"Is", "How big is", "Why is", "When was", "Where is", "Who runs", "What is cold in",
                              "Best food in", "Rent prices in", "Museums of"}) {
    q.push_back(s + " New York City?");
  }
  q.push_back("Is New York a state?");
  const auto others = health();  // questions that are not about it, as a store has
  q.insert(q.end(), others.begin(), others.end());
  const auto found = texts(terms_of(q));
  EXPECT_NE(std::find(found.begin(), found.end(), "new york city"), found.end());
  EXPECT_EQ(std::find(found.begin(), found.end(), "new york"), found.end()) << "10 of its 11 questions say new york city";
}

// Letters only: the tokenizer reads "rare12" as a number.
std::string letters(int i) {
  std::string s;
  for (int k = 0; k < 3; ++k, i /= 26) s += static_cast<char>('a' + i % 26);
  return s;
}

TEST(TermFinder, BoundedCountersFindTheFrequentTermsAndInventNone) {
  auto q = health();
  // 300 pairs seen once each overflow counters of 128: they evict one another and inherit counts
  // (about 3 by the end), which min_count 2 would take for terms if the finder trusted them.
  for (int i = 0; i < 300; ++i) q.push_back("Why rare" + letters(i) + " word" + letters(i) + "?");
  TermOptions small;
  small.capacity = 128;
  small.min_count = 2;
  const auto found = texts(terms_of(q, small));
  EXPECT_NE(std::find(found.begin(), found.end(), "blood pressure"), found.end());
  EXPECT_NE(std::find(found.begin(), found.end(), "side effects"), found.end());
  for (const auto& t : found) EXPECT_EQ(t.find("rare"), std::string::npos) << t << ": seen once";
}

TEST(TermFinder, NoQuestionsNoTerms) {
  TermFinder finder(nullptr);
  EXPECT_TRUE(finder.terms().empty());
}

}  // namespace
}  // namespace paa::topics
