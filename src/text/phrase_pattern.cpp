#include "paa/text/phrase_pattern.hpp"

#include "paa/text/fold.hpp"

#include <stdexcept>

namespace paa::text {

PhrasePattern PhrasePattern::parse(std::string_view line) {
  PhrasePattern p;
  p.source_ = std::string(line);
  auto fail = [&](const char* what) {
    throw std::invalid_argument("phrase pattern '" + p.source_ + "': " + what);
  };
  // Words are split as the tokenizer splits a question: at spaces, apostrophes and hyphens, so
  // "qu'est-ce que" is the four words the tokenizer makes of it.
  std::vector<std::string> raw;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) raw.push_back(std::move(cur));
    cur.clear();
  };
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\'' || c == '-') {
      flush();
    } else if (line.compare(i, 3, "\xE2\x80\x99") == 0) {  // U+2019, the typographic apostrophe
      flush();
      i += 2;
    } else {
      cur += c;
    }
  }
  flush();
  for (std::size_t i = 0; i < raw.size(); ++i) {
    std::string_view r = raw[i];
    if (r.front() == '^') {
      if (i != 0) fail("'^' only at the start");
      p.anchored_ = true;
      r.remove_prefix(1);  // "^is" is "^ is": the anchor may be written against its word
      if (r.empty()) continue;
    }
    if (r == "...") {
      p.tokens_.push_back({Kind::gap, {}});
    } else if (r == "_") {
      p.tokens_.push_back({Kind::one, {}});
    } else if (r.size() > 1 && r.back() == '*') {
      p.tokens_.push_back({Kind::prefix, fold_for_matching(r.substr(0, r.size() - 1))});
    } else if (r == "*") {
      fail("a lone '*' (write the word's start before it)");
    } else {
      p.tokens_.push_back({Kind::word, fold_for_matching(r)});
    }
  }
  if (p.tokens_.empty()) fail("no words");
  if (p.tokens_.front().kind == Kind::gap || p.tokens_.back().kind == Kind::gap) {
    fail("'...' between words only (a pattern matches anywhere already)");
  }
  return p;
}

bool PhrasePattern::match_from(const std::vector<std::string_view>& words, std::size_t w, std::size_t t) const {
  if (t == tokens_.size()) return true;
  const Token& tok = tokens_[t];
  if (tok.kind == Kind::gap) {
    for (std::size_t k = w; k <= words.size(); ++k) {
      if (match_from(words, k, t + 1)) return true;
    }
    return false;
  }
  if (w == words.size()) return false;
  const std::string_view word = words[w];
  switch (tok.kind) {
    case Kind::word:
      if (word != tok.text) return false;
      break;
    case Kind::prefix:
      if (word.substr(0, tok.text.size()) != tok.text) return false;
      break;
    case Kind::one:
    case Kind::gap:
      break;
  }
  return match_from(words, w + 1, t + 1);
}

bool PhrasePattern::matches(const std::vector<std::string_view>& words) const {
  if (anchored_) return match_from(words, 0, 0);
  for (std::size_t start = 0; start < words.size(); ++start) {
    if (match_from(words, start, 0)) return true;
  }
  return false;
}

}  // namespace paa::text
