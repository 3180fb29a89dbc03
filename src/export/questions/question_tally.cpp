#include "paa/export/questions/question_tally.hpp"

#include "paa/model/query_key.hpp"

#include <algorithm>

namespace paa::exporting {

void QuestionTally::add_tree(const StoredResult& tree, const std::vector<Question>& roots) {
  in_tree_.clear();
  bool first_for_some = false;
  const auto tree_index = static_cast<std::uint32_t>(trees_.size());
  walk_preorder(roots, [&](const QuestionVisit& v) {
    const Question& node = v.node;
    std::string folded = fold_or_raw(node.question);
    if (!in_tree_.insert(folded).second) return;  // count once per tree
    auto [it, inserted] = entries_.try_emplace(std::move(folded));
    Entry& e = it->second;
    if (inserted) {
      e.question = node.question;
      e.answer = node.answer.value_or(std::string());
      e.url = node.url;
      e.title = node.title;
      e.first_tree = tree_index;
      first_for_some = true;
    }
    ++e.count;
  });
  if (first_for_some) trees_.push_back({tree.q, tree.hl, tree.gl, tree.city});
}

Result<void> QuestionTally::assign_volumes(QuestionVolumes& volumes) {
  std::vector<Entry*> rows;
  rows.reserve(entries_.size());
  for (auto& [folded, entry] : entries_) {
    if (auto added = volumes.add_row(question_id(folded), {rows.size(), 0, 0}); !added) return added;
    rows.push_back(&entry);
  }
  return volumes.for_each_row([&](const QuestionVolumes::Handle& row, std::uint64_t volume) -> Result<void> {
    rows[row[0]]->volume = volume;
    return {};
  });
}

void QuestionTally::for_each_sorted(const std::function<void(const QuestionRow&)>& visit) const {
  std::vector<const std::pair<const std::string, Entry>*> order;
  order.reserve(entries_.size());
  for (const auto& kv : entries_) order.push_back(&kv);
  std::sort(order.begin(), order.end(), [](const auto* a, const auto* b) {
    if (a->second.count != b->second.count) return a->second.count > b->second.count;
    return a->first < b->first;
  });
  for (const auto* kv : order) {
    const Entry& e = kv->second;
    visit({e.question, e.answer, e.url, e.title, e.count, &trees_[e.first_tree], e.volume});
  }
}

}  // namespace paa::exporting
