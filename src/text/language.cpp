#include "paa/text/language.hpp"

#include "embedded_languages.hpp"
#include "paa/text/fold.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace paa::text {

const PatternSet& LanguageTables::patterns(std::string_view section) const {
  static const PatternSet none;
  auto it = sections.find(section);
  return it == sections.end() ? none : it->second;
}

const PatternSet& LanguageTables::merged(std::span<const std::string_view> names) const {
  std::string key;
  for (const auto n : names) (key += n) += '\n';
  const std::lock_guard lock(merged_sets->mutex);
  auto& set = merged_sets->sets[key];
  if (!set) {
    set = std::make_unique<PatternSet>();
    for (std::uint32_t tag = 0; tag < names.size(); ++tag) {
      const PatternSet& section = patterns(names[tag]);
      for (std::size_t i = 0; i < section.size(); ++i) set->add(section[i], tag);
    }
  }
  return *set;
}

bool LanguageTables::in_list(std::string_view list, std::string_view word) const {
  auto it = word_sets.find(list);
  if (it == word_sets.end()) return false;
  // "isn*" stands for every word it starts, as in a pattern.
  return it->second.words.contains(std::string(word)) ||
         std::any_of(it->second.prefixes.begin(), it->second.prefixes.end(),
                     [&](const std::string& prefix) { return word.starts_with(prefix); });
}

namespace {

// A pattern line with its `@list` words replaced by each word of the list, every combination
// (a list names words, so "^what @person" is "^what man", "^what woman", ...).
// A list the line names but the file has not given (yet), or an empty one, throws
// std::invalid_argument; the caller adds the file and line.
std::vector<std::string> expand_lists(std::string_view line, const LanguageTables& t) {
  std::vector<std::string> out{""};
  std::size_t i = 0;
  while (i < line.size()) {
    std::size_t j = line.find_first_of(" \t", i);
    if (j == std::string_view::npos) j = line.size();
    std::string_view token = line.substr(i, j - i);
    // "^@auxiliary" is "^ @auxiliary": the anchor may be written against the list.
    const std::string anchor = token.starts_with("^@") ? "^" : "";
    if (!anchor.empty()) token.remove_prefix(1);
    std::vector<std::string> next;
    if (token.size() > 1 && token.front() == '@') {
      auto list = t.word_lists.find(token.substr(1));
      if (list == t.word_lists.end() || list->second.empty()) {
        throw std::invalid_argument("'" + std::string(token) + "': no [words " + std::string(token.substr(1)) +
                                    "] with words above it");
      }
      for (const auto& prefix : out) {
        for (const auto& word : list->second) next.push_back(prefix + anchor + word + " ");
      }
    } else {
      for (const auto& prefix : out) next.push_back(prefix + std::string(token) + " ");
    }
    out = std::move(next);
    i = line.find_first_not_of(" \t", j);
    if (i == std::string_view::npos) break;
  }
  for (auto& one : out) one.pop_back();  // the space after the last word
  return out;
}

}  // namespace

std::string primary_language(std::string_view hl) {
  std::string out;
  for (char c : hl) {
    if (c == '-' || c == '_') break;
    out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out;
}

LanguageTables parse_language_tables(std::string_view name, std::string_view text) {
  static std::atomic<std::uint64_t> parsed{0};
  LanguageTables t;
  t.serial = ++parsed;
  t.hl = std::string(name);
  std::string section;
  std::size_t line_no = 0;
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument(std::string(name) + ":" + std::to_string(line_no) + ": " + what);
  };
  auto words_of = [](std::string_view line, auto&& each) {
    std::size_t i = 0;
    while (i < line.size()) {
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
      std::size_t j = i;
      while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
      if (j > i) each(line.substr(i, j - i));
      i = j;
    }
  };
  while (!text.empty()) {
    ++line_no;
    const auto nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line[first] == '#') continue;
    line = line.substr(first);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    if (line.front() == '[') {
      if (line.back() != ']') fail("a section header ends with ']'");
      section = std::string(line.substr(1, line.size() - 2));
      const bool plain = section == "stop" || section == "elision" || section == "variants";
      if (!plain && section.find(' ') == std::string::npos) {
        fail("unknown section [" + section + "]: [stop], [elision], [variants] or [<kind> <name>] such as [type how]");
      }
      if (!plain && t.sections.count(section) != 0) {
        fail("section [" + section + "] appears twice");
      }
      if (section.starts_with("words ")) {
        if (t.word_lists.count(section.substr(6)) != 0) fail("section [" + section + "] appears twice");
        t.word_lists[section.substr(6)];
        continue;
      }
      if (!plain) t.sections[section];
      continue;
    }
    if (section.empty()) fail("text before the first section");
    if (section == "stop") {
      words_of(line, [&](std::string_view w) { t.stop_words.insert(fold_for_matching(w)); });
    } else if (section.starts_with("words ")) {
      auto& list = t.word_lists[section.substr(6)];
      words_of(line, [&](std::string_view w) { list.push_back(fold_for_matching(w)); });
    } else if (section == "variants") {
      const auto arrow = line.find("=>");
      if (arrow == std::string_view::npos) fail("a [variants] line is 'words => words' (or 'words =>' to drop them)");
      VariantRewrite r;
      words_of(line.substr(0, arrow), [&](std::string_view w) { r.from.push_back(spelled_for_matching(w)); });
      words_of(line.substr(arrow + 2), [&](std::string_view w) { r.to.push_back(spelled_for_matching(w)); });
      if (r.from.empty()) fail("a [variants] line names the words it rewrites before '=>'");
      if (std::any_of(r.to.begin(), r.to.end(), [](const std::string& w) { return w.ends_with('*'); })) {
        fail("a [variants] line's words after '=>' are words, not prefixes ('*')");
      }
      t.rewrites.push_back(std::move(r));
    } else if (section == "elision") {
      words_of(line, [&](std::string_view w) {
        std::string f = fold_for_matching(w);
        while (!f.empty() && (f.back() == '\'')) f.pop_back();
        t.elisions.insert(f);
      });
    } else {
      try {
        if (line.find('@') == std::string_view::npos) {
          t.sections[section].add(PhrasePattern::parse(line));
        } else {
          for (const auto& one : expand_lists(line, t)) t.sections[section].add(PhrasePattern::parse(one));
        }
      } catch (const std::invalid_argument& e) {
        fail(e.what());
      }
    }
  }
  for (const auto& [list, words] : t.word_lists) {
    auto& set = t.word_sets[list];
    for (const auto& w : words) {
      if (w.ends_with('*')) {
        set.prefixes.push_back(w.substr(0, w.size() - 1));
      } else {
        set.words.insert(w);
      }
    }
  }
  // Longest first, so "should not" is read before "not" could be; stable keeps the file's
  // order among equals.
  std::stable_sort(t.rewrites.begin(), t.rewrites.end(),
                   [](const VariantRewrite& a, const VariantRewrite& b) { return a.from.size() > b.from.size(); });
  for (std::size_t i = 0; i < t.rewrites.size(); ++i) {
    const std::string& first = t.rewrites[i].from.front();
    if (first.ends_with('*') || first == "#") {
      t.rewrites_by_prefix.push_back(i);
    } else {
      t.rewrites_by_first[first].push_back(i);
    }
  }
  return t;
}

namespace {

struct Registry {
  std::vector<LanguageTables> tables;  // in hl order
};

const Registry& registry() {
  static const Registry r = [] {
    Registry out;
    for (std::size_t i = 0; i < detail::kEmbeddedLanguageCount; ++i) {
      const auto& e = detail::kEmbeddedLanguages[i];
      out.tables.push_back(parse_language_tables(std::string(e.hl) + ".txt", e.text));
      out.tables.back().hl = std::string(e.hl);
    }
    std::sort(out.tables.begin(), out.tables.end(),
              [](const LanguageTables& a, const LanguageTables& b) { return a.hl < b.hl; });
    return out;
  }();
  return r;
}

}  // namespace

const LanguageTables* language_tables(std::string_view hl) {
  const std::string lang = primary_language(hl);
  for (const auto& t : registry().tables) {
    if (t.hl == lang) return &t;
  }
  return nullptr;
}

std::vector<std::string> languages_with_tables() {
  std::vector<std::string> out;
  for (const auto& t : registry().tables) out.push_back(t.hl);
  return out;
}

}  // namespace paa::text
