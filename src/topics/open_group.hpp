#pragma once
// Internal: one variant group as QuestionGroups::finish reads it from its sort by group: its
// members (one record per distinct question) and its trees (one record per tree holding any
// member, sorted by tree). What it answers is docs/topics.md "Variant groups"' rules.
#include "paa/analysis/question_pass.hpp"
#include "paa/question/question_type.hpp"
#include "paa/text/tokenizer.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace paa::topics::detail {

struct GroupMember {
  std::uint64_t index = 0;  // the pass's
  std::uint64_t count = 0;  // trees holding this spelling
  std::uint64_t since = 0;  // when its first tree was fetched (ordered as unsigned)
  std::uint64_t tree = 0;   // that tree
  std::uint8_t type = 0, intent = 0;
  std::string spelling, words;
};

class OpenGroup {
 public:
  void add_member(GroupMember member) { members_.push_back(std::move(member)); }
  // Trees come sorted within the group: a tree that holds two variants counts once. `seed`: the
  // key hash of the seed whose volume the tree counts (0 = none, analysis::Occurrence::seed).
  void add_tree(std::uint64_t tree, std::uint64_t root, std::uint64_t locale, std::uint64_t seed = 0,
                std::uint64_t volume = 0) {
    if (trees_ == 0 || tree != last_tree_) ++trees_;
    last_tree_ = tree;
    roots_.insert(root);
    locales_.insert(locale);
    if (seed != 0) seeds_.emplace(seed, volume);
  }
  // The most natural spelling (docs/topics.md "Variant groups"): a question (written with a
  // question mark) before a keyword form, one without a year before one with a year; then the
  // spelling in the most trees; ties by the one fetched first, then by its tree.
  const GroupMember& representative() const {
    const GroupMember* rep = &members_.front();
    auto rank = [](const GroupMember& m) {
      return std::make_pair(!question::written_as_question(m.spelling), has_year(m.spelling));
    };
    auto rep_rank = rank(*rep);
    for (const auto& m : members_) {
      const auto r = rank(m);
      if (r != rep_rank) {
        if (r < rep_rank) {
          rep = &m;
          rep_rank = r;
        }
        continue;
      }
      if (m.count > rep->count ||
          (m.count == rep->count && (m.since < rep->since || (m.since == rep->since && m.tree < rep->tree)))) {
        rep = &m;
      }
    }
    return *rep;
  }
  // Whether `text` holds a year, as the tokenizer reads one (text::is_year) in a run of digits
  // standing alone: "best espresso machine 2026".
  static bool has_year(std::string_view text) {
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    for (std::size_t i = 0; i < text.size();) {
      if (!digit(text[i])) {
        ++i;
        continue;
      }
      std::size_t end = i;
      while (end < text.size() && digit(text[end])) ++end;
      if (text::is_year(text.substr(i, end - i))) return true;
      i = end;
    }
    return false;
  }
  const std::vector<GroupMember>& members() const { return members_; }
  std::uint64_t trees() const { return trees_; }
  std::uint64_t seeds() const { return roots_.size(); }
  std::uint64_t locales() const { return locales_.size(); }
  // The group's demand (docs/topics.md "Demand"): each distinct seed's volume once, over the
  // group's trees; saturating. 0 when no tree's seed has a volume.
  std::uint64_t volume() const {
    std::uint64_t sum = 0;
    for (const auto& [seed, v] : seeds_) sum = analysis::add_volume(sum, v);
    return sum;
  }
  // (seed, volume) of each distinct seed with a volume, in no order.
  const std::unordered_map<std::uint64_t, std::uint64_t>& volume_seeds() const { return seeds_; }
  void clear() {
    members_.clear();
    seeds_.clear();
    roots_.clear();
    locales_.clear();
    trees_ = 0;
  }

 private:
  std::vector<GroupMember> members_;
  std::unordered_set<std::uint64_t> roots_, locales_;
  std::unordered_map<std::uint64_t, std::uint64_t> seeds_;  // seed -> its volume
  std::uint64_t trees_ = 0, last_tree_ = 0;
};

}  // namespace paa::topics::detail
