// Types and variant groups measured on real questions that nobody here wrote (issue 45):
// tests/fixtures/questions/ holds public questions labelled by hand (README.md there says what,
// where from and how), split by id into a half the rules are tuned on and a half they are held
// on. Each test prints its figures for both halves and asserts them on the hold half.
//
// The floors below are what the rules reach today, so that no change makes them worse; issue
// 45's targets (types >= 0.92 overall and >= 0.8 per type with 20 examples; variant recall >=
// 0.85 with no false merge) replace them as the rules meet them.
#include "paa/question/question_profile.hpp"
#include "paa/topics/term_finder.hpp"
#include "paa/question/question_type.hpp"
#include "support/files.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace paa::question {
namespace {

// One row of a labelled TSV, its fields by the header's names.
struct Row {
  std::map<std::string, std::string> field;
  std::string where;  // file:line
  const std::string& at(const std::string& name) const {
    static const std::string kNone;
    auto it = field.find(name);
    return it == field.end() ? kNone : it->second;
  }
};

std::vector<Row> read_tsv(const std::string& name) {
  const std::string text = test::read_file(test::fixture_path("questions/" + name));
  EXPECT_FALSE(text.empty()) << "tests/fixtures/questions/" << name << " is missing";
  std::istringstream in(text);
  std::vector<std::string> header;
  std::vector<Row> rows;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty()) continue;
    std::vector<std::string> cells;
    std::istringstream fields(line);
    for (std::string cell; std::getline(fields, cell, '\t');) cells.push_back(cell);
    if (header.empty()) {
      header = cells;
      continue;
    }
    EXPECT_EQ(cells.size(), header.size()) << name << ":" << n << ": " << cells.size() << " fields, the header has "
                                           << header.size();
    Row row;
    row.where = name + ":" + std::to_string(n);
    for (std::size_t i = 0; i < cells.size() && i < header.size(); ++i) row.field[header[i]] = cells[i];
    rows.push_back(std::move(row));
  }
  return rows;
}

// The half a row belongs to, by its id alone (FNV-1a), so adding rows never moves others.
bool in_hold_half(const std::string& id) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : id) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return (h & 1u) != 0;
}

struct Tally {
  std::size_t right = 0, total = 0;
  void add(bool ok) {
    right += ok ? 1 : 0;
    ++total;
  }
  double share() const { return total == 0 ? 1.0 : static_cast<double>(right) / static_cast<double>(total); }
};

std::string figure(const Tally& t) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(3) << t.share() << " (" << t.right << "/" << t.total << ")";
  return s.str();
}

// Agreement with the labels, overall and per labelled type, per half.
struct TypeScores {
  Tally overall[2];
  std::map<std::string, Tally> per_type[2];
  std::map<std::pair<std::string, std::string>, std::size_t> confusions;  // hold half: label -> answer
};

void print(const std::string& title, const TypeScores& s) {
  std::cout << title << "\n  tune: " << figure(s.overall[0]) << "\n  hold: " << figure(s.overall[1]) << "\n";
  for (const auto& [type, t] : s.per_type[1]) {
    std::cout << "    " << std::left << std::setw(12) << type << " hold " << figure(t) << ", tune "
              << figure(s.per_type[0].count(type) ? s.per_type[0].at(type) : Tally{}) << "\n";
  }
  std::cout << "  commonest disagreements on the hold half (label -> rules):\n";
  std::vector<std::pair<std::size_t, std::string>> top;
  for (const auto& [pair, n] : s.confusions) top.emplace_back(n, pair.first + " -> " + pair.second);
  std::sort(top.rbegin(), top.rend());
  for (std::size_t i = 0; i < top.size() && i < 8; ++i) std::cout << "    " << top[i].first << "  " << top[i].second << "\n";
}

const std::set<std::string> kLanguages{"en", "de", "es", "fr"};

// Today's figures on the hold half, as floors (see the top of this file).
// Before issue 45 (a phrase anywhere; no [variants]): types 0.631, answer types 0.655, variant
// recall 0.222. Types from the opening and the [variants] rewrites: 0.894, 0.819, 0.352.
constexpr double kTypeFloor = 0.89;
constexpr double kIntentFloor = 0.91;
constexpr double kAnswerTypeFloor = 0.81;
constexpr double kVariantRecallFloor = 0.35;

// The labels' names: issue 45's types.
const std::set<std::string> kTypeLabels{"comparison", "cost", "time", "quantity", "consequence", "list", "definition",
                                        "how",        "why",  "place", "who",     "yes_no",      "other"};
const std::set<std::string> kIntentLabels{"transactional", "commercial", "navigational", "informational"};

TEST(RealQuestions, TypesAgreeWithAPersonsLabels) {
  QuestionProfiler profiler;
  text::Tokenizer tokenizer;
  TypeScores types, intents;
  std::map<std::string, std::size_t> per_language;
  for (const std::string& hl : kLanguages) {
    for (const Row& row : read_tsv("types-" + hl + ".tsv")) {
      const bool hold = in_hold_half(row.at("id"));
      ASSERT_EQ(row.at("lang"), hl) << row.where;
      ASSERT_TRUE(kTypeLabels.contains(row.at("type"))) << row.where << ": type " << row.at("type");
      ASSERT_TRUE(kIntentLabels.contains(row.at("intent"))) << row.where << ": intent " << row.at("intent");
      const auto profile = profiler.profile(row.at("question"), hl);
      const std::string type(name(profile.type)), intent(name(profile.intent));
      types.overall[hold].add(type == row.at("type"));
      types.per_type[hold][row.at("type")].add(type == row.at("type"));
      intents.overall[hold].add(intent == row.at("intent"));
      intents.per_type[hold][row.at("intent")].add(intent == row.at("intent"));
      if (hold && type != row.at("type")) ++types.confusions[{row.at("type"), type}];
      if (hold && intent != row.at("intent")) ++intents.confusions[{row.at("intent"), intent}];
      // Tuning reads the tune half's misses (PAA_CORPUS_MISSES=1); the hold half stays unread.
      if (!hold && type != row.at("type") && std::getenv("PAA_CORPUS_MISSES") != nullptr) {
        std::cout << "miss\t" << row.where << "\t" << row.at("type") << "\t" << type << "\t" << row.at("question") << "\n";
      }
      ++per_language[hl];
    }
  }
  for (const auto& [hl, n] : per_language) std::cout << hl << ": " << n << " questions\n";
  // The corpus issue 45 asks for: 1,500 English questions, 100 in each other language.
  for (const auto& [hl, n] : per_language) EXPECT_GE(n, hl == "en" ? 1500u : 100u) << hl;
  print("Types, agreement with the labels", types);
  print("Intents, agreement with the labels", intents);
  EXPECT_GE(types.overall[1].share(), kTypeFloor);
  EXPECT_GE(intents.overall[1].share(), kIntentFloor);
}

// TREC's answer types (Li and Roth's question classification: people labelled each question
// with the kind of answer it asks for), as the types that ask for that kind. Classes with no
// one type (DESC:desc, ENTY:*, NUM:other, ...) are not scored.
const std::map<std::string, std::string> kAnswerTypes{
    {"HUM:ind", "who"},        {"HUM:gr", "who"},         {"LOC:city", "place"},      {"LOC:country", "place"},
    {"LOC:state", "place"},    {"LOC:mount", "place"},    {"LOC:other", "place"},     {"NUM:money", "cost"},
    {"NUM:date", "time"},      {"NUM:period", "time"},    {"NUM:count", "quantity"},  {"NUM:dist", "quantity"},
    {"NUM:weight", "quantity"}, {"NUM:speed", "quantity"}, {"NUM:temp", "quantity"},  {"NUM:volsize", "quantity"},
    {"NUM:perc", "quantity"},  {"DESC:reason", "why"},    {"DESC:def", "definition"}, {"DESC:manner", "how"},
};

TEST(RealQuestions, TypesAskForTheAnswerPeopleSaidTheyAskFor) {
  QuestionProfiler profiler;
  TypeScores scores;
  for (const Row& row : read_tsv("answer-types.tsv")) {
    auto wanted = kAnswerTypes.find(row.at("fine_label"));
    if (wanted == kAnswerTypes.end()) continue;
    const bool hold = in_hold_half(row.at("id"));
    const std::string type(name(profiler.profile(row.at("question"), "en").type));
    scores.overall[hold].add(type == wanted->second);
    scores.per_type[hold][wanted->second].add(type == wanted->second);
    if (hold && type != wanted->second) ++scores.confusions[{wanted->second, type}];
  }
  print("Answer types (TREC), agreement", scores);
  EXPECT_GE(scores.overall[1].share(), kAnswerTypeFloor);
}

// What the term finder (topics/term_finder.hpp) makes of the English questions: the names and
// compounds a reader sees repeated in them, and no run of ordinary words.
TEST(RealQuestions, TermsAreTheCompoundsTheQuestionsRepeat) {
  text::Tokenizer tokenizer;
  topics::TermFinder finder(text::language_tables("en"));
  for (const Row& row : read_tsv("types-en.tsv")) finder.add_question(tokenizer.words(row.at("question"), "en"));
  std::set<std::string> found;
  std::cout << "Terms of the English questions:";
  for (const auto& t : finder.terms()) {
    std::cout << " " << t.text << " (" << t.count << ")";
    found.insert(t.text);
  }
  std::cout << "\n";
  EXPECT_TRUE(found.contains("electric car"));
  EXPECT_TRUE(found.contains("web hosting"));
}

TEST(RealQuestions, VariantGroupsJoinWhatAReaderCallsOneQuestionAndNothingElse) {
  QuestionProfiler profiler;
  Tally recall[2], apart[2];
  std::map<std::string, Tally> per_kind[2];
  std::vector<std::string> merged_near_misses;
  for (const Row& row : read_tsv("pairs.tsv")) {
    const bool hold = in_hold_half(row.at("id"));
    const std::string& hl = row.at("lang");
    ASSERT_TRUE(kLanguages.contains(hl)) << row.where;
    const bool joined = profiler.profile(row.at("a"), hl).group == profiler.profile(row.at("b"), hl).group;
    const std::string kind = row.at("kind").substr(0, row.at("kind").find('|'));
    if (row.at("label") == "same") {
      // Tuning reads the tune half's split pairs (PAA_CORPUS_MISSES=1); the hold half stays unread.
      if (!hold && !joined && std::getenv("PAA_CORPUS_MISSES") != nullptr) {
        std::cout << "split\t" << row.where << "\t" << row.at("kind") << "\t" << row.at("a") << "\t" << row.at("b") << "\n";
      }
      recall[hold].add(joined);
      per_kind[hold][kind].add(joined);
    } else {
      ASSERT_EQ(row.at("label"), "apart") << row.where;
      apart[hold].add(!joined);
      per_kind[hold][kind].add(!joined);
      if (joined) merged_near_misses.push_back(row.where + ": " + row.at("a") + " / " + row.at("b"));
    }
  }
  std::cout << "Variant pairs\n  same, joined (recall): tune " << figure(recall[0]) << ", hold " << figure(recall[1])
            << "\n  apart, kept apart: tune " << figure(apart[0]) << ", hold " << figure(apart[1]) << "\n";
  for (const auto& [kind, t] : per_kind[1]) std::cout << "    " << kind << ": hold " << figure(t) << "\n";
  for (const auto& m : merged_near_misses) std::cout << "  merged, apart by label: " << m << "\n";
  EXPECT_GE(recall[1].share(), kVariantRecallFloor);
  EXPECT_TRUE(merged_near_misses.empty()) << merged_near_misses.size() << " pairs labelled apart share a group";
}

}  // namespace
}  // namespace paa::question
