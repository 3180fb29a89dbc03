#include "paa/question/variant_words.hpp"

#include "paa/text/spelled_words.hpp"

#include <algorithm>
#include <string>

namespace paa::question {

namespace {

bool all_digits(std::string_view word) {
  return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "#" is any number ("what are the # => what are the": a list's length is not what it asks);
// "word*" any word that starts so.
bool word_matches(const std::string& entry, std::string_view word) {
  if (entry == "#") return all_digits(word);
  return entry.ends_with('*') ? word.starts_with(std::string_view(entry).substr(0, entry.size() - 1)) : entry == word;
}

// Whether `r` matches at `at`: its words, one for one.
bool matches_at(const text::VariantRewrite& r, const std::vector<std::string_view>& spelled, std::size_t at) {
  if (at + r.from.size() > spelled.size()) return false;
  for (std::size_t i = 0; i < r.from.size(); ++i) {
    if (!word_matches(r.from[i], spelled[at + i])) return false;
  }
  return true;
}

std::vector<text::Word> rewritten(const std::vector<text::Word>& words, const text::LanguageTables* tables,
                                  bool drops_only, bool* changed) {
  if (tables == nullptr || tables->rewrites.empty()) return words;
  const text::SpelledWords spelling(words);
  const std::vector<std::string_view>& spelled = spelling.views();
  std::vector<text::Word> out;
  out.reserve(words.size());
  for (std::size_t at = 0; at < words.size();) {
    // The longest of the candidates (both lists are in `rewrites`' order, longest first).
    const text::VariantRewrite* best = nullptr;
    auto consider = [&](std::size_t i) {
      const auto& r = tables->rewrites[i];
      if (drops_only && !r.to.empty()) return;
      if ((best == nullptr || r.from.size() > best->from.size()) && matches_at(r, spelled, at)) best = &r;
    };
    if (auto it = tables->rewrites_by_first.find(spelled[at]); it != tables->rewrites_by_first.end()) {
      for (std::size_t i : it->second) consider(i);
    }
    for (std::size_t i : tables->rewrites_by_prefix) consider(i);
    if (best == nullptr) {
      out.push_back(words[at]);
      ++at;
      continue;
    }
    for (const auto& to : best->to) out.push_back(text::Word{to, to, text::Word::Kind::letters});
    at += best->from.size();
    if (changed != nullptr) *changed = true;
  }
  return out;
}

}  // namespace

std::vector<text::Word> variant_words(const std::vector<text::Word>& words, const text::LanguageTables* tables,
                                      bool* changed) {
  return rewritten(words, tables, false, changed);
}

bool named_by_a_rewrite(std::string_view word, const text::LanguageTables* tables) {
  if (tables == nullptr) return false;
  return std::any_of(tables->rewrites.begin(), tables->rewrites.end(), [&](const text::VariantRewrite& r) {
    return std::any_of(r.from.begin(), r.from.end(), [&](const std::string& entry) { return word_matches(entry, word); });
  });
}

std::vector<text::Word> without_fillers(const std::vector<text::Word>& words, const text::LanguageTables* tables) {
  return rewritten(words, tables, true, nullptr);
}

}  // namespace paa::question
