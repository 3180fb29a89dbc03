#include "paa/question/question_shape.hpp"

#include "paa/text/spelled_words.hpp"

#include "section_cache.hpp"

#include <array>
#include <string>

namespace paa::question {

std::string_view opening_clause(std::string_view question) {
  // The first colon a space follows: "1:1", "John 3:16" and urls are text, not a topic.
  std::size_t colon = question.find(':');
  while (colon != std::string_view::npos && colon + 1 < question.size() && question[colon + 1] != ' ' &&
         question[colon + 1] != '\t') {
    colon = question.find(':', colon + 1);
  }
  if (colon == std::string_view::npos) return question;
  const std::string_view after = question.substr(colon + 1);
  // "Topic:" then a question; a colon at the end or before a lone word is part of the text.
  const auto first = after.find_first_not_of(" \t");
  if (first == std::string_view::npos) return question;
  const std::string_view rest = after.substr(first);
  const auto space = rest.find(' ');
  if (space == std::string_view::npos || rest.find_first_not_of(" \t?", space) == std::string_view::npos) return question;
  return rest;
}

std::optional<std::string_view> shape_type(const std::vector<text::Word>& clause, const text::LanguageTables& tables) {
  if (clause.empty()) return std::nullopt;
  // The tokenizer keeps a contraction one word ("what's", "don't"); the tables spell it without
  // its apostrophe, as a pattern cannot hold one.
  const text::SpelledWords spelled(clause);
  const std::vector<std::string_view>& words = spelled.views();
  // The section names, made once (as question_type's section_of): every question asks them.
  static const std::array<std::string, kShapeOrder.size()> kSections = [] {
    std::array<std::string, kShapeOrder.size()> out;
    for (std::size_t i = 0; i < kShapeOrder.size(); ++i) out[i] = "shape " + std::string(kShapeOrder[i]);
    return out;
  }();
  static const std::array<std::string_view, kShapeOrder.size()> kNames = [] {
    std::array<std::string_view, kShapeOrder.size()> out;
    for (std::size_t i = 0; i < kShapeOrder.size(); ++i) out[i] = kSections[i];
    return out;
  }();
  // Each language's sections as one set in precedence order (one lookup, not one per section).
  thread_local detail::SectionCache shapes(kNames);
  const text::PreparedWords prepared(words);
  if (const auto tag = shapes.of(tables).first_tag(prepared)) return kShapeOrder[*tag];
  if (words.size() >= 2 && tables.in_list("determiner", words[0]) && !tables.in_list("auxiliary", words[1]) &&
      !tables.stop_words.contains(std::string(words[1]))) {
    return "list";
  }
  return std::nullopt;
}

}  // namespace paa::question
