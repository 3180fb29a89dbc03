#include "term_units.hpp"

#include "paa/text/language.hpp"

#include <algorithm>

namespace paa::topics::stages {

TermUnits::TermUnits(TermOptions options, const std::vector<LanguageRange>& languages) : options_(options) {
  for (const auto& l : languages) stride_[l.hl] = std::max<std::uint64_t>(1, (l.count + kMostCounted - 1) / kMostCounted);
}

void TermUnits::count(const GroupRecord& group) {
  if (!finder_ || group.hl != counting_) {
    close_language();
    counting_ = std::string(group.hl);
    const auto stride = stride_.find(counting_);
    counting_stride_ = stride == stride_.end() ? 1 : stride->second;
    finder_ = std::make_unique<TermFinder>(text::language_tables(counting_), options_);
  }
  // The sample: every k-th group by id (ids are hashes: an even spread of the language).
  if (counting_stride_ > 1 && group.id % counting_stride_ != 0) return;
  finder_->add_question(tokenizer_.words(group.representative, group.hl));
}

std::string TermUnits::stem(const text::Word& word, std::string_view hl) {
  if (word.kind == text::Word::Kind::number) return word.match;
  return tokenizer_.stem(word, hl);
}

void TermUnits::close_language() {
  if (!finder_) return;
  auto& chosen = terms_[counting_];
  auto& stems = words_[counting_];
  // A term is kept as its words' stems: "side effects" is also found as "side effect".
  for (const Term& t : finder_->terms()) {
    std::string key;
    for (const text::Word& w : tokenizer_.words(t.text, counting_)) {  // its words, as folded
      const std::string s = stem(w, counting_);
      stems.insert(s);
      if (!key.empty()) key += ' ';
      key += s;
    }
    chosen.insert(std::move(key));
  }
  chosen_ += chosen.size();
  finder_.reset();
}

void TermUnits::choose() { close_language(); }

std::vector<std::string> TermUnits::terms_of(const std::string& hl) const {
  const auto it = terms_.find(hl);
  if (it == terms_.end()) return {};
  std::vector<std::string> out(it->second.begin(), it->second.end());
  std::sort(out.begin(), out.end());
  return out;
}

const GroupRecord& TermUnits::of(const GroupRecord& group) {
  const auto found = terms_.find(std::string(group.hl));
  if (found == terms_.end() || found->second.empty()) return group;
  const auto& terms = found->second;
  // Most groups hold no term's stem: they are not read again.
  const auto& term_stems = words_[found->first];
  std::string probe;
  const bool may_hold = std::any_of(group.stems.begin(), group.stems.end(), [&](std::string_view s) {
    probe.assign(s);
    return term_stems.contains(probe);
  });
  if (!may_hold) return group;
  const std::vector<text::Word> words = tokenizer_.words(group.representative, group.hl);
  // Each word's stem: the profile's (its surface is the word), else the stemmer's.
  std::vector<std::string> stems;
  stems.reserve(words.size());
  for (const auto& w : words) {
    std::string s;
    for (std::size_t k = 0; k < group.stems.size() && k < group.surfaces.size(); ++k) {
      if (group.surfaces[k] == w.cased || group.surfaces[k] == w.match) {
        s.assign(group.stems[k]);
        break;
      }
    }
    stems.push_back(s.empty() ? stem(w, group.hl) : std::move(s));
  }
  std::vector<std::string> keys, shown;  // the terms held: their words' stems, and as written
  std::vector<bool> inside(words.size(), false);
  std::string key, surface;
  for (std::size_t i = 0; i < words.size();) {
    std::size_t taken = 0;
    for (const std::size_t n : {std::size_t{3}, std::size_t{2}}) {  // the longest term first
      if (i + n > words.size()) continue;
      key = stems[i];
      for (std::size_t k = 1; k < n; ++k) key += ' ' + stems[i + k];
      if (terms.contains(key)) {
        taken = n;
        break;
      }
    }
    if (taken == 0) {
      ++i;
      continue;
    }
    surface = words[i].cased;
    for (std::size_t k = 1; k < taken; ++k) surface += ' ' + words[i + k].cased;
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
      keys.push_back(key);
      shown.push_back(surface);
    }
    std::fill(inside.begin() + static_cast<std::ptrdiff_t>(i), inside.begin() + static_cast<std::ptrdiff_t>(i + taken), true);
    i += taken;
  }
  if (keys.empty()) return group;
  // The group's other stems stay; a stem whose words stand only inside terms goes.
  auto only_inside = [&](std::string_view stem) {
    bool in = false, out = false;
    for (std::size_t w = 0; w < words.size(); ++w) {
      if (stems[w] != stem) continue;
      (inside[w] ? in : out) = true;
    }
    return in && !out;
  };
  owned_.clear();
  std::vector<std::pair<std::size_t, std::size_t>> kept;  // (stem, surface) indexes into owned_
  for (std::size_t s = 0; s < group.stems.size(); ++s) {
    if (only_inside(group.stems[s])) continue;
    owned_.emplace_back(group.stems[s]);
    owned_.emplace_back(s < group.surfaces.size() ? group.surfaces[s] : group.stems[s]);
    kept.emplace_back(owned_.size() - 2, owned_.size() - 1);
  }
  for (std::size_t t = 0; t < keys.size(); ++t) {
    owned_.push_back(std::move(keys[t]));
    owned_.push_back(std::move(shown[t]));
    kept.emplace_back(owned_.size() - 2, owned_.size() - 1);
  }
  unit_ = group;
  unit_.stems.clear();
  unit_.surfaces.clear();
  for (const auto& [stem, written] : kept) {
    unit_.stems.emplace_back(owned_[stem]);
    unit_.surfaces.emplace_back(owned_[written]);
  }
  return unit_;
}

}  // namespace paa::topics::stages
