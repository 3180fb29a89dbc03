#pragma once
// Which of a question's content words may link it to other questions or name its topic (docs/
// topics.md "Topics"; issue 45 step 3): not a number ("2", "20", "1;2": no letter), not one of
// its language's `[words function]` (light verbs and quantity words: take, make, get, much,
// long, often, over, done, ...) nor `[words unit]` (mg, ml, kg). "azithromycin, 2, diabetes"
// and "prednisone, done, take" were labels before this rule. Pure.
#include "paa/text/language.hpp"

#include <string_view>

namespace paa::topics {

// `surface`: the word as the profile keeps it (case folded); `tables` may be null.
bool is_topic_word(std::string_view surface, const text::LanguageTables* tables);

}  // namespace paa::topics
