#include "term_units.hpp"

#include "paa/question/variant_words.hpp"
#include "paa/text/fold.hpp"
#include "paa/text/language.hpp"

#include "../record_fields.hpp"

#include <algorithm>
#include <cstring>

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
  auto& needs = needs_[counting_];
  const text::LanguageTables* tables = text::language_tables(counting_);
  // A term is kept as its words' stems: "side effects" is also found as "side effect".
  for (const Term& t : finder_->terms()) {
    std::string key;
    const std::vector<text::Word> words = tokenizer_.words(t.text, counting_);  // its words, as folded
    for (const text::Word& w : words) {
      if (!key.empty()) key += ' ';
      key += stem(w, counting_);
    }
    if (!chosen.insert(std::move(key)).second) continue;
    // A group's stems are read after the [variants] rewrites; the term is found in the words as
    // written. So a word a rewrite may drop or change is not needed ("high" of "high blood
    // pressure"); a term of only such words is looked for by any of its stems.
    std::vector<text::Word> kept;
    for (const auto& w : words) {
      if (!question::named_by_a_rewrite(text::without_apostrophes(w.match), tables)) kept.push_back(w);
    }
    std::vector<std::string> content;
    for (auto& c : tokenizer_.content_words(kept, counting_)) content.push_back(std::move(c.stem));
    if (content.empty()) {
      for (auto& c : tokenizer_.content_words(words, counting_)) {
        needs.by_first[c.stem].push_back(needs.stems.size());
        needs.stems.push_back({std::move(c.stem)});
      }
      if (needs.stems.empty()) needs.always = true;
      continue;
    }
    needs.by_first[content.front()].push_back(needs.stems.size());
    needs.stems.push_back(std::move(content));
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

bool TermUnits::may_hold(const Needs& needs, const GroupRecord& group) const {
  if (needs.always) return true;
  auto has = [&](std::string_view stem) { return std::find(group.stems.begin(), group.stems.end(), stem) != group.stems.end(); };
  std::string probe;
  for (std::string_view first : group.stems) {
    probe.assign(first);
    const auto it = needs.by_first.find(probe);
    if (it == needs.by_first.end()) continue;
    for (const std::size_t t : it->second) {
      const auto& stems = needs.stems[t];
      if (std::all_of(stems.begin() + 1, stems.end(), has)) return true;
    }
  }
  return false;
}

Result<const GroupRecord*> TermUnits::of(const GroupRecord& group) {
  const auto found = terms_.find(std::string(group.hl));
  if (found == terms_.end() || found->second.empty()) return &group;
  const auto& terms = found->second;
  // Most groups hold no term: they are not read again.
  if (!may_hold(needs_[found->first], group)) return &group;
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
  if (keys.empty()) return &group;
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
  if (reading_) return make_error(errc::io, "multi-word terms: a group read after the second pass began (a bug in paa)");
  if (!written_) {
    auto created = extmem::ScratchFile::create("paa-term-units");
    if (!created) return created.error();
    written_ = std::move(*created);
  }
  record_.clear();
  const std::uint32_t n = static_cast<std::uint32_t>(unit_.stems.size());
  for (std::size_t i = 0; i < n; ++i) {
    detail::put_string(record_, unit_.stems[i]);
    detail::put_string(record_, unit_.surfaces[i]);
  }
  const std::uint32_t header[3] = {group.number, n, static_cast<std::uint32_t>(record_.size())};
  written_->out().append({reinterpret_cast<const char*>(header), sizeof header});
  written_->out().append(record_);
  return &unit_;
}

Result<const GroupRecord*> TermUnits::replay(const GroupRecord& group) {
  if (!written_) return &group;  // of() changed no group
  if (!reading_) {
    if (auto flushed = written_->flush(); !flushed) return flushed.error();
    reading_ = std::make_unique<extmem::ScratchReader>(*written_);
  }
  if (!has_pending_ && !reading_->done()) {
    std::uint32_t header[3];
    auto bytes = reading_->take(sizeof header);
    if (!bytes) return bytes.error();
    std::memcpy(header, bytes->data(), sizeof header);
    auto body = reading_->take(header[2]);
    if (!body) return body.error();
    replayed_.assign(*body);  // the reader's view lasts until its next take
    pending_number_ = header[0];
    pending_count_ = header[1];
    pending_ = replayed_;
    has_pending_ = true;
  }
  if (has_pending_ && pending_number_ < group.number) {
    return make_error(errc::io, "multi-word terms: the second pass went by group " + std::to_string(pending_number_) +
                                    " unread (a bug in paa)");
  }
  if (!has_pending_ || pending_number_ != group.number) return &group;
  has_pending_ = false;
  const std::size_t n = pending_count_;
  unit_ = group;
  unit_.stems.assign(n, {});
  unit_.surfaces.assign(n, {});
  for (std::size_t i = 0; i < n; ++i) {
    if (!detail::get_string(pending_, unit_.stems[i]) || !detail::get_string(pending_, unit_.surfaces[i])) {
      return make_error(errc::io, "the multi-word terms' scratch file is damaged");
    }
  }
  return &unit_;
}

}  // namespace paa::topics::stages
