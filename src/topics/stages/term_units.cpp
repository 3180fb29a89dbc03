#include "term_units.hpp"

#include "paa/text/fold.hpp"
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

void TermUnits::close_language() {
  if (!finder_) return;
  auto& chosen = terms_[counting_];
  auto& words = words_[counting_];
  for (const Term& t : finder_->terms()) {
    chosen.insert(t.text);
    for (std::size_t at = 0; at <= t.text.size();) {
      const std::size_t space = std::min(t.text.find(' ', at), t.text.size());
      words.insert(t.text.substr(at, space - at));
      at = space + 1;
    }
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
  // Most groups hold no term's word: they are not read again.
  const auto& term_words = words_[found->first];
  std::string folded;
  const bool may_hold = std::any_of(group.surfaces.begin(), group.surfaces.end(), [&](std::string_view w) {
    // Terms are kept in matching form (accents folded too); most words are ASCII, left as they are.
    const bool ascii = std::all_of(w.begin(), w.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    folded = ascii ? std::string(w) : text::fold_for_matching(w);
    return term_words.contains(folded);
  });
  if (!may_hold) return group;
  const std::vector<text::Word> words = tokenizer_.words(group.representative, group.hl);
  std::vector<std::string> keys, shown;  // the terms held: matching forms, and as written
  std::vector<bool> inside(words.size(), false);
  std::string key, surface;
  for (std::size_t i = 0; i < words.size();) {
    std::size_t taken = 0;
    for (const std::size_t n : {std::size_t{3}, std::size_t{2}}) {  // the longest term first
      if (i + n > words.size()) continue;
      key = words[i].match;
      for (std::size_t k = 1; k < n; ++k) key += ' ' + words[i + k].match;
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
  // The group's other stems stay; a stem whose word stands only inside terms goes.
  auto only_inside = [&](std::string_view written) {
    bool in = false, out = false;
    for (std::size_t w = 0; w < words.size(); ++w) {
      if (words[w].cased != written && words[w].match != written) continue;
      (inside[w] ? in : out) = true;
    }
    return in && !out;
  };
  owned_.clear();
  std::vector<std::pair<std::size_t, std::size_t>> kept;  // (stem, surface) indexes into owned_
  for (std::size_t s = 0; s < group.stems.size(); ++s) {
    const std::string_view written = s < group.surfaces.size() ? group.surfaces[s] : group.stems[s];
    if (only_inside(written)) continue;
    owned_.emplace_back(group.stems[s]);
    owned_.emplace_back(written);
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
