#include "paa/topics/topic_changes.hpp"

#include "paa/watch/distinct_questions.hpp"

#include <algorithm>

namespace paa::topics {

std::unordered_set<std::string> TopicChanges::compare(const SearchResult& earlier, const SearchResult& now,
                                                      std::string_view hl) {
  ++keys_;
  std::unordered_set<std::string> then;
  std::vector<std::pair<std::string, const Question*>> then_order;
  for (auto& d : watch::distinct_questions(earlier.children)) {
    then_order.emplace_back(d.folded, d.node);
    then.insert(std::move(d.folded));
  }
  std::unordered_set<std::string> current, added;
  for (auto& d : watch::distinct_questions(now.children)) {
    if (!then.contains(d.folded)) added.insert(d.folded);
    current.insert(std::move(d.folded));
  }
  for (const auto& [folded, node] : then_order) {
    if (!current.contains(folded)) gone_ids_.push_back(profiler_.profile(node->question, hl).group);
  }
  return added;
}

Result<void> TopicChanges::begin_question(std::string_view, std::uint64_t index) {
  index_ = index;
  count_ = 0;
  return {};
}

Result<void> TopicChanges::occurrence(const analysis::Occurrence& o) {
  if (o.marked) ++count_;
  return {};
}

Result<void> TopicChanges::end_question() {
  if (count_ > 0) marked_.emplace_back(index_, count_);
  return {};
}

Result<void> TopicChanges::finish(const QuestionGroups& groups, const TopicMap& map) {
  added_.assign(map.size(), 0);
  gone_.assign(map.size(), 0);
  // Both in question index order.
  std::size_t next = 0;
  auto mapped = groups.for_each_question([&](std::uint64_t index, std::uint32_t group) -> Result<void> {
    while (next < marked_.size() && marked_[next].first < index) ++next;
    if (next < marked_.size() && marked_[next].first == index) {
      added_[map.topic_of(group)] += marked_[next].second;
      added_total_ += marked_[next].second;
    }
    return {};
  });
  if (!mapped) return mapped;
  std::sort(gone_ids_.begin(), gone_ids_.end());
  std::uint64_t found = 0;
  auto joined = groups.for_each_group([&](const GroupRecord& g) -> Result<void> {
    const auto [lo, hi] = std::equal_range(gone_ids_.begin(), gone_ids_.end(), g.id);
    if (lo != hi) {
      gone_[map.topic_of(g.number)] += static_cast<std::uint64_t>(hi - lo);
      found += static_cast<std::uint64_t>(hi - lo);
    }
    return {};
  });
  if (!joined) return joined;
  gone_elsewhere_ = gone_ids_.size() - found;
  return {};
}

}  // namespace paa::topics
