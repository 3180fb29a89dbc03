#include "paa/question/question_profile.hpp"

#include "paa/text/language.hpp"

#include "paa/question/field_hash.hpp"
#include "paa/question/question_shape.hpp"
#include "paa/question/variant_words.hpp"

#include <algorithm>
#include <cstdio>
#include <string_view>

namespace paa::question {

std::uint64_t variant_group_id(QuestionType type, std::string_view hl, const std::vector<std::string>& stems) {
  FieldHash h;
  h.add(name(type)).add(hl);
  std::vector<std::string_view> bag(stems.begin(), stems.end());
  std::sort(bag.begin(), bag.end());
  for (const auto& s : bag) h.add(s);
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
  // The opening's words: the question's own, or (a topic before a colon) its clause's.
  std::vector<text::Word> clause;
  const std::vector<text::Word>& opening_words =
      opening.size() == question.size() ? words : (clause = tokenizer_.words(opening, p.hl));
  const auto matched = matched_words(words);
  const text::PreparedWords prepared(matched);  // hashed once for the type's and intent's sections
  p.type = classify_type(opening_words, prepared, asked, tables);
  p.intent = classify_intent(prepared, tables);
  bool rewrote = false;
  const auto variant = variant_words(words, tables, &rewrote);
  // The group is read from the rewritten words, its type too: "What is the fastest way to sell
  // a car?" reads "how to fast sell car" and joins "How can I sell my car fast?". The type shown
  // stays the one the question was written with.
  QuestionType group_type = p.type;
  if (rewrote && &opening_words == &words) group_type = classify_type(variant, variant, asked, tables);
  if (rewrote && &opening_words != &words) group_type = classify_type(variant_words(opening_words, tables), variant, asked, tables);
  for (auto& w : tokenizer_.content_words(variant, p.hl)) {
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
  p.group = variant_group_id(group_type, p.hl, p.stems);
  return p;
}

}  // namespace paa::question
