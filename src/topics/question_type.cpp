#include "paa/topics/question_type.hpp"

#include <string>

namespace paa::topics {

std::string_view name(QuestionType type) {
  switch (type) {
    case QuestionType::comparison: return "comparison";
    case QuestionType::cost: return "cost";
    case QuestionType::time: return "time";
    case QuestionType::list: return "list";
    case QuestionType::definition: return "definition";
    case QuestionType::how: return "how";
    case QuestionType::why: return "why";
    case QuestionType::place: return "place";
    case QuestionType::who: return "who";
    case QuestionType::yes_no: return "yes_no";
    case QuestionType::other: return "other";
  }
  return "other";
}

std::string_view name(Intent intent) {
  switch (intent) {
    case Intent::transactional: return "transactional";
    case Intent::commercial: return "commercial";
    case Intent::navigational: return "navigational";
    case Intent::informational: return "informational";
  }
  return "informational";
}

std::optional<QuestionType> question_type_named(std::string_view n) {
  for (QuestionType t : kQuestionTypes) {
    if (name(t) == n) return t;
  }
  return std::nullopt;
}

std::optional<Intent> intent_named(std::string_view n) {
  for (Intent i : kIntents) {
    if (name(i) == n) return i;
  }
  return std::nullopt;
}

std::string section_of(QuestionType type) { return "type " + std::string(name(type)); }
std::string section_of(Intent intent) { return "intent " + std::string(name(intent)); }

namespace {

std::vector<std::string_view> match_words(const std::vector<text::Word>& words) {
  std::vector<std::string_view> out;
  out.reserve(words.size());
  for (const auto& w : words) out.push_back(w.match);
  return out;
}

bool any_matches(const std::vector<text::PhrasePattern>& patterns, const std::vector<std::string_view>& words) {
  for (const auto& p : patterns) {
    if (p.matches(words)) return true;
  }
  return false;
}

}  // namespace

QuestionType classify_type(const std::vector<text::Word>& words, const text::LanguageTables* tables) {
  if (tables == nullptr) return QuestionType::other;
  const auto w = match_words(words);
  for (QuestionType t : kQuestionTypes) {
    if (t != QuestionType::other && any_matches(tables->patterns(section_of(t)), w)) return t;
  }
  return QuestionType::other;
}

Intent classify_intent(const std::vector<text::Word>& words, const text::LanguageTables* tables) {
  if (tables == nullptr) return Intent::informational;
  const auto w = match_words(words);
  for (Intent i : kIntents) {
    if (i != Intent::informational && any_matches(tables->patterns(section_of(i)), w)) return i;
  }
  return Intent::informational;
}

}  // namespace paa::topics
