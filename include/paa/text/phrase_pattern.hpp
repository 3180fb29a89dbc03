#pragma once
// A phrase pattern of the language tables (docs/topics.md "The language tables"): words that must
// appear in a row of a question's folded words. `^` first anchors it at the first word, `...`
// matches any number of words (none included), `_` exactly one, and a word ending in `*` any word
// that starts with it. Words are compared after case and accent folding.
#include <string>
#include <string_view>
#include <vector>

namespace paa::text {

class PhrasePattern {
 public:
  // Parses one line of a table; an empty or malformed pattern (`...` at either end, a lone `*`)
  // throws std::invalid_argument naming what is wrong: the tables ship with paa, so it is a bug.
  static PhrasePattern parse(std::string_view line);

  bool matches(const std::vector<std::string_view>& words) const;
  const std::string& source() const { return source_; }
  // `^`: it can only match at the first word.
  bool anchored() const { return anchored_; }
  // Its whole words (not `_`, `...` nor `word*`): a question without one of them is no match.
  std::vector<std::string_view> whole_words() const {
    std::vector<std::string_view> out;
    for (const auto& t : tokens_) {
      if (t.kind == Kind::word) out.emplace_back(t.text);
    }
    return out;
  }
  // The word a match must start with, when the pattern starts with a whole word ("" otherwise):
  // a table can index its patterns by it.
  std::string_view first_word() const {
    return !tokens_.empty() && tokens_.front().kind == Kind::word ? std::string_view(tokens_.front().text)
                                                                  : std::string_view();
  }
  // The word right after it, when the pattern starts with two whole words ("" otherwise).
  std::string_view second_word() const {
    return tokens_.size() >= 2 && tokens_[0].kind == Kind::word && tokens_[1].kind == Kind::word
               ? std::string_view(tokens_[1].text)
               : std::string_view();
  }

 private:
  enum class Kind { word, prefix, one, gap };
  struct Token {
    Kind kind;
    std::string text;
  };
  bool match_from(const std::vector<std::string_view>& words, std::size_t w, std::size_t t) const;

  std::string source_;
  bool anchored_ = false;
  std::vector<Token> tokens_;
};

}  // namespace paa::text
