#include "paa/text/tokenizer.hpp"

#include "paa/text/fold.hpp"
#include "paa/text/language.hpp"

#include <libstemmer.h>
#include <unicode/brkiter.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <map>
#include <stdexcept>

namespace paa::text {

bool is_year(std::string_view w) {
  if (w.size() != 4 || !std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; })) return false;
  return (w[0] == '1' && w[1] == '9') || (w[0] == '2' && w[1] == '0');
}

struct Tokenizer::Impl {
  std::unique_ptr<icu::BreakIterator> words;
  std::map<std::string, sb_stemmer*, std::less<>> stemmers;  // nullptr: Snowball has none

  Impl() {
    UErrorCode status = U_ZERO_ERROR;
    words.reset(icu::BreakIterator::createWordInstance(icu::Locale::getRoot(), status));
    if (U_FAILURE(status) || !words) {
      throw std::runtime_error(std::string("ICU word iterator: ") + u_errorName(status));
    }
  }
  ~Impl() {
    for (auto& [lang, s] : stemmers) {
      if (s) sb_stemmer_delete(s);
    }
  }

  sb_stemmer* stemmer(std::string_view hl) {
    const std::string lang = primary_language(hl);
    auto it = stemmers.find(lang);
    if (it != stemmers.end()) return it->second;
    // libstemmer knows ISO 639-1 codes ("en", "de") as names of its algorithms. "porter" is
    // English's older algorithm, and not a language.
    sb_stemmer* s = lang.empty() || lang == "porter" ? nullptr : sb_stemmer_new(lang.c_str(), "UTF_8");
    stemmers.emplace(lang, s);
    return s;
  }
};

Tokenizer::Tokenizer() : impl_(std::make_unique<Impl>()) {}
Tokenizer::~Tokenizer() = default;

namespace {

// The typographic apostrophe as the plain one, so "l’eau" and "l'eau" are the same words.
std::string plain_apostrophes(std::string s) {
  if (s.find('\xE2') == std::string::npos) return s;  // most words: no typographic apostrophe
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\xE2' && s.compare(i, 3, "\xE2\x80\x99") == 0) {
      out += '\'';
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

Word make_word(std::string cased, Word::Kind kind) {
  Word w;
  w.cased = plain_apostrophes(std::move(cased));
  w.match = fold_for_matching(w.cased);
  w.kind = kind;
  return w;
}

}  // namespace

std::vector<Word> Tokenizer::words(std::string_view text, std::string_view hl) {
  const LanguageTables* tables = language_tables(hl);
  icu::UnicodeString s = icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
  s.foldCase(U_FOLD_CASE_DEFAULT);
  std::vector<Word> out;
  auto& it = *impl_->words;
  it.setText(s);
  int32_t start = it.first();
  for (int32_t end = it.next(); end != icu::BreakIterator::DONE; start = end, end = it.next()) {
    const int32_t status = it.getRuleStatus();
    if (status < UBRK_WORD_NONE_LIMIT) continue;  // spaces and punctuation
    std::string piece;
    s.tempSubStringBetween(start, end).toUTF8String(piece);
    if (status < UBRK_WORD_NUMBER_LIMIT) {
      out.push_back(make_word(std::move(piece), Word::Kind::number));
      continue;
    }
    if (status >= UBRK_WORD_KANA && status < UBRK_WORD_IDEO_LIMIT) {
      out.push_back(make_word(std::move(piece), Word::Kind::ideographic));
      continue;
    }
    Word w = make_word(std::move(piece), Word::Kind::letters);
    // An elision: "l'eau" -> "l" and "eau", when the language's table lists "l".
    const auto apostrophe = w.cased.find('\'');
    if (tables != nullptr && apostrophe != std::string::npos && apostrophe > 0 &&
        apostrophe + 1 < w.cased.size()) {
      Word head = make_word(w.cased.substr(0, apostrophe), Word::Kind::elision);
      if (tables->elisions.count(head.match) != 0) {
        Word rest = make_word(w.cased.substr(apostrophe + 1), Word::Kind::letters);
        out.push_back(std::move(head));
        out.push_back(std::move(rest));
        continue;
      }
    }
    out.push_back(std::move(w));
  }
  return out;
}

namespace {

// `s`: the language's stemmer, or nullptr (no stemming).
std::string stem_with(sb_stemmer* s, const Word& word) {
  if (word.kind != Word::Kind::letters || s == nullptr) return word.match;
  const sb_symbol* stemmed = sb_stemmer_stem(s, reinterpret_cast<const sb_symbol*>(word.cased.data()),
                                             static_cast<int>(word.cased.size()));
  if (stemmed == nullptr) return word.match;  // out of memory in Snowball: the word itself
  const std::string_view out(reinterpret_cast<const char*>(stemmed), static_cast<std::size_t>(sb_stemmer_length(s)));
  return fold_for_matching(out);
}

}  // namespace

std::string Tokenizer::stem(const Word& word, std::string_view hl) { return stem_with(impl_->stemmer(hl), word); }

bool Tokenizer::has_stemmer(std::string_view hl) { return impl_->stemmer(hl) != nullptr; }

std::vector<Tokenizer::ContentWord> Tokenizer::content_words(const std::vector<Word>& words, std::string_view hl) {
  const LanguageTables* tables = language_tables(hl);
  sb_stemmer* stemmer = impl_->stemmer(hl);  // once per question, not per word
  std::vector<ContentWord> out;
  for (const Word& w : words) {
    if (w.kind == Word::Kind::elision) continue;
    if (w.kind == Word::Kind::number && is_year(w.match)) continue;
    if (tables != nullptr && tables->stop_words.count(w.match) != 0) continue;
    std::string st = stem_with(stemmer, w);
    if (!st.empty()) out.push_back({std::move(st), w.cased});
  }
  // Stable: of two words with one stem, the first written stays.
  std::stable_sort(out.begin(), out.end(), [](const ContentWord& a, const ContentWord& b) { return a.stem < b.stem; });
  out.erase(std::unique(out.begin(), out.end(), [](const ContentWord& a, const ContentWord& b) { return a.stem == b.stem; }),
            out.end());
  return out;
}

std::vector<std::string> Tokenizer::content_stems(const std::vector<Word>& words, std::string_view hl) {
  std::vector<std::string> out;
  for (auto& w : content_words(words, hl)) out.push_back(std::move(w.stem));
  return out;
}

}  // namespace paa::text
