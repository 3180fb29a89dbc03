#pragma once
// A question's type and its searcher's intent (docs/topics.md "Types and intents"), from its
// words and its language's tables. The type is its opening's (question_shape.hpp) when the
// tables know the opening; a keyword form's ("espresso vs coffee difference") is the first type,
// in the fixed order below, one of whose `[type X]` phrases it holds. The intent is the first
// intent, in that order, one of whose patterns matches. A language without tables is `other`
// and `informational`.
#include "paa/text/language.hpp"
#include "paa/text/pattern_set.hpp"
#include "paa/text/tokenizer.hpp"

#include <array>
#include <optional>
#include <string_view>
#include <vector>

namespace paa::question {

enum class QuestionType {
  comparison, consequence, cost, time, quantity, list, definition, how, why, place, who, yes_no, other
};
// In enum order, which is the keyword forms' precedence: the first whose phrases match wins
// (quantity and consequence have none: only an opening asks for them).
inline constexpr std::array<QuestionType, 13> kQuestionTypes{
    QuestionType::comparison, QuestionType::consequence, QuestionType::cost,   QuestionType::time,
    QuestionType::quantity,   QuestionType::list,        QuestionType::definition, QuestionType::how,
    QuestionType::why,        QuestionType::place,       QuestionType::who,    QuestionType::yes_no,
    QuestionType::other};

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

// `words` are a question's words from text::Tokenizer (elisions included); `opening` the words
// of its opening_clause (the same words when it has no topic before a colon). `asked`: it is
// written as a question (a question mark), so that, when neither its opening nor a phrase gives
// a type and it holds no word of `[words interrogative]`, it asks yes or no ("¿El chocolate es
// venenoso para los perros?", "Mir geht's gut, brauche ich einen Test?").
QuestionType classify_type(const std::vector<text::Word>& opening, const std::vector<text::Word>& words, bool asked,
                           const text::LanguageTables* tables);
// Whether `question` is written as one: a question mark ("?", "¿", the full-width "？").
bool written_as_question(std::string_view question);
Intent classify_intent(const std::vector<text::Word>& words, const text::LanguageTables* tables);

// The same with `words` prepared once for every section asked (text::PreparedWords of their
// `match` forms): a profile asks the type's and the intent's sections of one question.
QuestionType classify_type(const std::vector<text::Word>& opening, const text::PreparedWords& words, bool asked,
                           const text::LanguageTables* tables);
Intent classify_intent(const text::PreparedWords& words, const text::LanguageTables* tables);
// A question's words as the sections read them (their `match` forms).
std::vector<std::string_view> matched_words(const std::vector<text::Word>& words);

}  // namespace paa::question
