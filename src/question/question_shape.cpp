#include "paa/question/question_shape.hpp"

namespace paa::question {

std::string_view opening_clause(std::string_view question) {
  const auto colon = question.rfind(':');
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
  std::vector<std::string_view> words;
  words.reserve(clause.size());
  for (const auto& w : clause) words.push_back(w.match);
  for (std::string_view type : kShapeOrder) {
    std::string section = "shape ";
    section += type;
    if (tables.patterns(section).matches(words)) return type;
  }
  if (words.size() >= 2 && tables.in_list("determiner", words[0]) && !tables.in_list("auxiliary", words[1]) &&
      !tables.stop_words.contains(std::string(words[1]))) {
    return "list";
  }
  return std::nullopt;
}

}  // namespace paa::question
