#pragma once
// A question's type and its searcher's intent (docs/topics.md "Types and intents"), from its
// words and its language's tables: the first kind, in the fixed order below, one of whose
// patterns matches. A language without tables is `other` and `informational`.
#include "paa/text/language.hpp"
#include "paa/text/tokenizer.hpp"

#include <array>
#include <optional>
#include <string_view>
#include <vector>

namespace paa::question {

enum class QuestionType { comparison, cost, time, list, definition, how, why, place, who, yes_no, other };
// In precedence order: the first that matches wins.
inline constexpr std::array<QuestionType, 11> kQuestionTypes{
    QuestionType::comparison, QuestionType::cost, QuestionType::time,  QuestionType::list,
    QuestionType::definition, QuestionType::how,  QuestionType::why,   QuestionType::place,
    QuestionType::who,        QuestionType::yes_no, QuestionType::other};

enum class Intent { transactional, commercial, navigational, informational };
inline constexpr std::array<Intent, 4> kIntents{Intent::transactional, Intent::commercial, Intent::navigational,
                                                Intent::informational};

std::string_view name(QuestionType type);
std::string_view name(Intent intent);
std::optional<QuestionType> question_type_named(std::string_view name);
std::optional<Intent> intent_named(std::string_view name);

// The section of a language file that lists a kind's patterns: "type how", "intent commercial".
std::string_view section_of(QuestionType type);
std::string_view section_of(Intent intent);

// `words` are a question's words from text::Tokenizer (elisions included).
QuestionType classify_type(const std::vector<text::Word>& words, const text::LanguageTables* tables);
Intent classify_intent(const std::vector<text::Word>& words, const text::LanguageTables* tables);

}  // namespace paa::question
