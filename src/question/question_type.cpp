#include "paa/question/question_type.hpp"

#include "paa/question/question_shape.hpp"
#include "paa/question/variant_words.hpp"

#include "section_cache.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace paa::question {

std::string_view name(QuestionType type) {
  switch (type) {
    case QuestionType::comparison: return "comparison";
    case QuestionType::consequence: return "consequence";
    case QuestionType::cost: return "cost";
    case QuestionType::time: return "time";
    case QuestionType::quantity: return "quantity";
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

namespace {

// The section names, made once: classifying asks them for every question.
template <class Kind, std::size_t N>
std::string_view section_name(const std::array<Kind, N>& kinds, Kind kind, std::string_view prefix) {
  static const std::array<std::string, N> names = [&] {
    std::array<std::string, N> out;
    for (Kind k : kinds) out[static_cast<std::size_t>(k)] = std::string(prefix) + std::string(name(k));
    return out;
  }();
  return names[static_cast<std::size_t>(kind)];
}

}  // namespace

std::string_view section_of(QuestionType type) { return section_name(kQuestionTypes, type, "type "); }
std::string_view section_of(Intent intent) { return section_name(kIntents, intent, "intent "); }

std::vector<std::string_view> matched_words(const std::vector<text::Word>& words) {
  std::vector<std::string_view> matched;
  matched.reserve(words.size());
  for (const auto& w : words) matched.push_back(w.match);
  return matched;
}

namespace {

// The first kind, in precedence order, one of whose patterns the words match; `fallback` (the
// last kind, which has no patterns) otherwise. The kinds' sections are one merged set (one
// lookup per word for all of them), kept per tables.
template <class Kind, std::size_t N>
Kind first_match(const std::array<Kind, N>& kinds, const text::PreparedWords& prepared,
                 const text::LanguageTables* tables) {
  const Kind fallback = kinds.back();
  if (tables == nullptr) return fallback;
  static const std::array<std::string_view, N - 1> names = [&] {
    std::array<std::string_view, N - 1> out;
    for (std::size_t i = 0; i + 1 < N; ++i) out[i] = section_of(kinds[i]);
    return out;
  }();
  thread_local detail::SectionCache sections(names);
  const auto tag = sections.of(*tables).first_tag(prepared);
  return tag ? kinds[*tag] : fallback;
}

}  // namespace

bool written_as_question(std::string_view question) {
  return question.find('?') != std::string_view::npos || question.find("\xC2\xBF") != std::string_view::npos ||
         question.find("\xEF\xBC\x9F") != std::string_view::npos;
}

QuestionType classify_type(const std::vector<text::Word>& opening, const std::vector<text::Word>& words, bool asked,
                           const text::LanguageTables* tables) {
  const auto matched = matched_words(words);
  return classify_type(opening, text::PreparedWords(matched), asked, tables);
}

QuestionType classify_type(const std::vector<text::Word>& opening, const text::PreparedWords& prepared, bool asked,
                           const text::LanguageTables* tables) {
  const auto& words = prepared.words();
  if (tables != nullptr) {
    if (auto shape = shape_type(without_fillers(opening, tables), *tables)) {
      auto type = question_type_named(*shape);
      if (!type) throw std::logic_error("shape_type named no type: " + std::string(*shape));
      // "Nespresso vs Lavazza: which to choose?": choosing among things the question itself
      // sets side by side is comparing them.
      static const std::array<std::string_view, 1> kComparison{section_of(QuestionType::comparison)};
      thread_local detail::SectionCache comparison(kComparison);
      if (*type == QuestionType::list && comparison.of(*tables).matches(prepared)) {
        return QuestionType::comparison;
      }
      return *type;
    }
  }
  const QuestionType by_phrase = first_match(kQuestionTypes, prepared, tables);
  if (by_phrase == QuestionType::other && asked && tables != nullptr && !words.empty() &&
      std::none_of(words.begin(), words.end(), [&](std::string_view w) { return tables->in_list("interrogative", w); })) {
    return QuestionType::yes_no;
  }
  return by_phrase;
}

Intent classify_intent(const std::vector<text::Word>& words, const text::LanguageTables* tables) {
  const auto matched = matched_words(words);
  return classify_intent(text::PreparedWords(matched), tables);
}

Intent classify_intent(const text::PreparedWords& prepared, const text::LanguageTables* tables) {
  return first_match(kIntents, prepared, tables);
}

}  // namespace paa::question
