#include "paa/question/question_profile.hpp"

#include "paa/text/language.hpp"

#include "paa/question/field_hash.hpp"
#include "paa/question/question_shape.hpp"
#include "paa/question/variant_words.hpp"

#include <cstdio>

namespace paa::question {

std::uint64_t variant_group_id(QuestionType type, std::string_view hl, const std::vector<std::string>& stems) {
  FieldHash h;
  h.add(name(type)).add(hl);
  for (const auto& s : stems) h.add(s);
  return h.value();
}

std::string variant_group_hex(std::uint64_t id) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(id));
  return buf;
}

QuestionProfile QuestionProfiler::profile(std::string_view question, std::string_view hl) {
  QuestionProfile p;
  p.hl = text::primary_language(hl);
  const auto words = tokenizer_.words(question, p.hl);
  const text::LanguageTables* tables = text::language_tables(p.hl);
  const std::string_view opening = opening_clause(question);
  const bool asked = written_as_question(question);
  p.type = opening.size() == question.size() ? classify_type(words, words, asked, tables)
                                             : classify_type(tokenizer_.words(opening, p.hl), words, asked, tables);
  p.intent = classify_intent(words, tables);
  for (auto& w : tokenizer_.content_words(variant_words(words, tables), p.hl)) {
    p.stems.push_back(std::move(w.stem));
    p.surfaces.push_back(std::move(w.surface));
  }
  if (p.stems.empty()) {
    // "What is it?": no content word to tell it from "What is this?"; only the same words are
    // the same question.
    for (const auto& w : words) {
      p.stems.push_back(w.match);
      p.surfaces.push_back(w.cased);
    }
  }
  p.group = variant_group_id(p.type, p.hl, p.stems);
  return p;
}

}  // namespace paa::question
