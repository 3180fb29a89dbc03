#include "paa/topics/question_type.hpp"

#include <string>
#include <unordered_map>
#include <unordered_set>

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

// A section's patterns by the word they start with, so a question is tried only against the
// patterns one of its words can start (a million questions against every pattern at every word
// was most of the topic analysis's CPU, perf); patterns that start otherwise are always tried.
struct SectionIndex {
  std::unordered_map<std::string_view, std::vector<const text::PhrasePattern*>> by_first;
  std::vector<const text::PhrasePattern*> always;
};

struct LanguageIndex {
  std::vector<SectionIndex> types;    // by kQuestionTypes' order
  std::vector<SectionIndex> intents;  // by kIntents' order
};

SectionIndex index_of(const std::vector<text::PhrasePattern>& patterns) {
  SectionIndex out;
  for (const auto& p : patterns) {
    if (p.first_word().empty()) {
      out.always.push_back(&p);
    } else {
      out.by_first[p.first_word()].push_back(&p);
    }
  }
  return out;
}

// The compiled-in tables live as long as the program; tables made elsewhere (tests) are not
// indexed, only matched pattern by pattern.
const LanguageIndex* index_for(const text::LanguageTables* tables) {
  if (tables == nullptr || text::language_tables(tables->hl) != tables) return nullptr;
  thread_local std::unordered_map<const text::LanguageTables*, LanguageIndex> cache;
  auto it = cache.find(tables);
  if (it == cache.end()) {
    LanguageIndex li;
    for (QuestionType t : kQuestionTypes) li.types.push_back(index_of(tables->patterns(section_of(t))));
    for (Intent i : kIntents) li.intents.push_back(index_of(tables->patterns(section_of(i))));
    it = cache.emplace(tables, std::move(li)).first;
  }
  return &it->second;
}

bool section_matches(const SectionIndex& index, const std::vector<std::string_view>& words) {
  for (const auto* p : index.always) {
    if (p->matches(words)) return true;
  }
  if (index.by_first.empty()) return false;
  for (std::size_t i = 0; i < words.size(); ++i) {
    auto it = index.by_first.find(words[i]);
    if (it == index.by_first.end()) continue;
    bool seen = false;  // a word the question repeats was tried already
    for (std::size_t j = 0; j < i && !seen; ++j) seen = words[j] == words[i];
    if (seen) continue;
    for (const auto* p : it->second) {
      if (p->matches(words)) return true;
    }
  }
  return false;
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
  const LanguageIndex* index = index_for(tables);
  for (std::size_t k = 0; k < kQuestionTypes.size(); ++k) {
    const QuestionType t = kQuestionTypes[k];
    if (t == QuestionType::other) continue;
    if (index != nullptr ? section_matches(index->types[k], w) : any_matches(tables->patterns(section_of(t)), w)) {
      return t;
    }
  }
  return QuestionType::other;
}

Intent classify_intent(const std::vector<text::Word>& words, const text::LanguageTables* tables) {
  if (tables == nullptr) return Intent::informational;
  const auto w = match_words(words);
  const LanguageIndex* index = index_for(tables);
  for (std::size_t k = 0; k < kIntents.size(); ++k) {
    const Intent i = kIntents[k];
    if (i == Intent::informational) continue;
    if (index != nullptr ? section_matches(index->intents[k], w) : any_matches(tables->patterns(section_of(i)), w)) {
      return i;
    }
  }
  return Intent::informational;
}

}  // namespace paa::topics
