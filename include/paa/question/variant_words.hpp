#pragma once
// The words a question's variant group is read from (docs/topics.md "Variant groups"): its
// words with its language's `[variants]` rewrites applied, so that forms a reader calls the same
// question give the same content stems ("Who cannot take losartan?" and "Who should not take
// losartan?" both read "not take losartan"; "very best" reads "best"). Type and intent are read
// from the words as written. Pure: words and tables in, words out.
#include "paa/text/language.hpp"
#include "paa/text/tokenizer.hpp"

#include <string_view>
#include <vector>

namespace paa::question {

// At each word, the longest rewrite whose `from` matches there (the first in the file among
// equals) replaces the words it matched; a rewritten word is not read again. No tables, or none
// matching: the words unchanged. `changed`, when given, is set when a rewrite applied.
std::vector<text::Word> variant_words(const std::vector<text::Word>& words, const text::LanguageTables* tables,
                                      bool* changed = nullptr);
// Whether some rewrite names `word` (as the tables spell it: folded, without apostrophes) in
// its `from`, so that a question's variant words may lack it.
bool named_by_a_rewrite(std::string_view word, const text::LanguageTables* tables);
// The same with only the rewrites that drop words (fillers: "What usually causes ..." asks what
// "What causes ..." asks), which is how a question's opening is read (question_type.hpp).
std::vector<text::Word> without_fillers(const std::vector<text::Word>& words, const text::LanguageTables* tables);

}  // namespace paa::question
