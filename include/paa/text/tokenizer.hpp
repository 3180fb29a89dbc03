#pragma once
// A question's words in its language (docs/topics.md "Words and stems"): ICU word boundaries
// (CJK and other scripts without spaces split by ICU's dictionaries, passed through unstemmed),
// case folding, elisions split off (French "l'eau" -> "l", "eau"), and the content stems that
// make two spellings of one question the same: stop words and years (1900-2099) dropped, other
// numbers kept ("iPhone 15" is not "iPhone 16"), the rest Snowball-stemmed when Snowball has the
// language, accents removed. Not thread-safe (ICU's iterator and the stemmers keep state): one
// per thread.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace paa::text {

struct Word {
  enum class Kind { letters, number, ideographic, elision };
  std::string cased;  // case folded, accents kept: what the stemmer is given
  std::string match;  // case and accents folded: what tables and stems are compared as
  Kind kind = Kind::letters;
};

class Tokenizer {
 public:
  Tokenizer();
  ~Tokenizer();
  Tokenizer(const Tokenizer&) = delete;
  Tokenizer& operator=(const Tokenizer&) = delete;

  // The words of `text` (invalid UTF-8 is read as ICU reads it: U+FFFD, never an error).
  std::vector<Word> words(std::string_view text, std::string_view hl);
  // The content stems of those words in `hl`: sorted, each once.
  std::vector<std::string> content_stems(const std::vector<Word>& words, std::string_view hl);
  // The same stems, each with the first word that gave it as it was written (case folded,
  // accents kept): what a topic's label shows of a stem ("machin" -> "machines").
  struct ContentWord {
    std::string stem;
    std::string surface;
  };
  std::vector<ContentWord> content_words(const std::vector<Word>& words, std::string_view hl);
  std::vector<std::string> content_stems(std::string_view text, std::string_view hl) {
    return content_stems(words(text, hl), hl);
  }
  // One content word's stem ("machines" -> "machin" in en), folded for matching.
  std::string stem(const Word& word, std::string_view hl);
  // Whether Snowball has a stemmer for hl's language.
  bool has_stemmer(std::string_view hl);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A year, which is not a content word: four digits from 1900 to 2099.
bool is_year(std::string_view word);

}  // namespace paa::text
