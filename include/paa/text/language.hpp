#pragma once
// One language's tables (src/text/languages/<hl>.txt, compiled into paa; docs/topics.md): its
// stop words, the elisions split off a word (French l', qu'), named lists of phrase patterns
// (`[type how]`, `[intent commercial]`, `[shape time]`) that the question module gives a
// meaning, named word lists (`[words person]`) that a pattern names as `@person`: the
// pattern stands for one pattern per word of the list (a list is written before its use), and
// `[variants]`, the words a variant group reads in place of others ("cannot => not").
#include "paa/text/pattern_set.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace paa::text {

// One line of `[variants]`: `from` (one or more words; "cuff*" stands for every word it starts)
// is read as `to` (no word: dropped).
struct VariantRewrite {
  std::vector<std::string> from;  // folded for matching, without apostrophes
  std::vector<std::string> to;
};

struct LanguageTables {
  std::string hl;
  std::unordered_set<std::string> stop_words;  // folded for matching
  std::unordered_set<std::string> elisions;    // folded for matching, without the apostrophe
  // "[type how]" -> its patterns, in the file's order.
  std::map<std::string, PatternSet, std::less<>> sections;
  // "person" (from "[words person]") -> its words, folded for matching, in the file's order.
  std::map<std::string, std::vector<std::string>, std::less<>> word_lists;
  // The same lists for in_list: the whole words hashed, the "isn*" entries apart (few).
  struct WordSet {
    std::unordered_set<std::string> words;
    std::vector<std::string> prefixes;
  };
  std::map<std::string, WordSet, std::less<>> word_sets;

  std::vector<VariantRewrite> rewrites;  // longest `from` first, then in the file's order
  // Of `rewrites`, the indexes of those whose first word is this one, in `rewrites`' order (a
  // question's words are looked up, not every rewrite tried at every word), and of those whose
  // first word ends with '*' (few).
  struct WordHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view w) const { return std::hash<std::string_view>{}(w); }
  };
  std::unordered_map<std::string, std::vector<std::size_t>, WordHash, std::equal_to<>> rewrites_by_first;
  std::vector<std::size_t> rewrites_by_prefix;

  const PatternSet& patterns(std::string_view section) const;
  // Several sections as one set, each pattern tagged with its section's place in `sections`
  // (PatternSet::first_tag: the first in precedence order that matches, one lookup per word).
  // Made on first use for each list of names and kept with the tables (thread-safe).
  const PatternSet& merged(std::span<const std::string_view> sections) const;
  // Unique to each parse: a caller that keeps what merged() gave per tables keys it by this
  // too, as another table may later live at the same address (a test's).
  std::uint64_t serial = 0;
  struct MergedSets {
    std::mutex mutex;
    std::map<std::string, std::unique_ptr<PatternSet>, std::less<>> sets;
  };
  std::shared_ptr<MergedSets> merged_sets = std::make_shared<MergedSets>();
  // Whether `word` (folded) is in the list (an entry "isn*" holds every word it starts); false
  // when there is no such list.
  bool in_list(std::string_view list, std::string_view word) const;
};

// Parses a table; a mistake throws std::invalid_argument with `name:line: what is wrong`.
LanguageTables parse_language_tables(std::string_view name, std::string_view text);

// The tables compiled into paa for `hl`'s primary language ("pt-BR" -> pt), or nullptr when paa
// has none for it: such a language is tokenised and stemmed (when Snowball has it) but has no
// stop words, types or intents.
const LanguageTables* language_tables(std::string_view hl);
// Every language paa has tables for, in hl order.
std::vector<std::string> languages_with_tables();

// "pt-BR" -> "pt", "EN" -> "en": the part of an hl the tables and stemmers are chosen by.
std::string primary_language(std::string_view hl);

}  // namespace paa::text
