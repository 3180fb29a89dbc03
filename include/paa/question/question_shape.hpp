#pragma once
// A question's type from its structure (issue 45 step 1): its opening, the interrogative or the
// auxiliary and what it asks about, decides; a phrase inside the question's body never
// overrides it, so "Why is how to make cold brew so popular?" asks why and "Can you use best
// espresso machine every day?" asks yes or no.
//
// Each language's tables give, per type, the openings that ask for it (`[shape time]`:
// "^how long", "^what @time", ...), tried in kShapeOrder; a question whose opening none of them
// knows (a keyword form such as "espresso vs coffee difference", a statement) has no shape, and
// the caller decides. Pure: words in, a type's name out.
#include "paa/text/language.hpp"
#include "paa/text/tokenizer.hpp"

#include <array>
#include <optional>
#include <string_view>
#include <vector>

namespace paa::question {

// The order the shapes are tried in: a more specific opening before the one it refines
// ("how much ... cost" is cost before "how much" is quantity before "how" is how).
// `other` names openings that ask for none of the types ("What is X like?", "What color ...").
inline constexpr std::array<std::string_view, 13> kShapeOrder{
    "comparison", "consequence", "other", "cost", "time",       "quantity", "why",
    "place",      "who",         "how",   "list", "definition", "yes_no"};

// The part of a question its opening is read from: after a topic written before a colon and a
// space ("Espresso vs coffee: what is the difference?" reads "what is the difference?"), when
// more than one word follows it; the whole question otherwise ("What does 1:1 mean?").
std::string_view opening_clause(std::string_view question);

// The first type of kShapeOrder one of whose `[shape TYPE]` patterns matches the clause's words
// (the patterns are anchored at its first word); then a determiner of `[words determiner]`
// ("what", "which") before a word that is neither an auxiliary nor a stop word asks to choose
// among things of that kind: `list`. nullopt when none applies.
std::optional<std::string_view> shape_type(const std::vector<text::Word>& clause, const text::LanguageTables& tables);

}  // namespace paa::question
