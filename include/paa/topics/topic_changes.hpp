#pragma once
// Per topic, how many of its questions are new or gone since an earlier point (`--since`,
// docs/watch.md "Per topic"): over the keys stored at both points, a (key, question) is new when
// the key's current tree has it and its tree then did not, gone the other way round (as
// stability and `paa diff` compare questions). New questions are in the current trees, so the
// analysis pass carries them as marked occurrences (this is its reducer); a gone question is in
// no current tree, so it counts for the topic of its variant group when that group is still in
// the map, else as gone from every topic. Memory: one number per new question and one per gone
// (key, question).
#include "paa/analysis/question_pass.hpp"
#include "paa/error.hpp"
#include "paa/model/envelope.hpp"
#include "paa/topics/question_groups.hpp"
#include "paa/question/question_profile.hpp"
#include "paa/topics/topic_map.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

namespace paa::topics {

class TopicChanges final : public analysis::QuestionReducer {
 public:
  // One key at both points: returns its new questions (fold_text), for QuestionPass::add_tree's
  // `marked`; remembers its gone ones. `hl`: the key's language (a gone question's group).
  std::unordered_set<std::string> compare(const SearchResult& earlier, const SearchResult& now, std::string_view hl);

  Result<void> begin_question(std::string_view folded, std::uint64_t index) override;
  Result<void> occurrence(const analysis::Occurrence& o) override;
  Result<void> end_question() override;

  // After the map is built: each topic's figures. Call once.
  Result<void> finish(const QuestionGroups& groups, const TopicMap& map);

  std::uint64_t added(std::uint32_t topic) const { return topic < added_.size() ? added_[topic] : 0; }
  std::uint64_t gone(std::uint32_t topic) const { return topic < gone_.size() ? gone_[topic] : 0; }
  std::uint64_t added_total() const { return added_total_; }
  std::uint64_t gone_total() const { return gone_ids_.size(); }
  // Gone questions whose variant group is in no current tree.
  std::uint64_t gone_elsewhere() const { return gone_elsewhere_; }
  std::uint64_t keys() const { return keys_; }

 private:
  question::QuestionProfiler profiler_;
  std::uint64_t keys_ = 0;
  std::uint64_t index_ = 0;
  std::uint32_t count_ = 0;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> marked_;  // question index, new (key, question)s
  std::vector<std::uint64_t> gone_ids_;                          // variant group ids
  std::vector<std::uint64_t> added_, gone_;
  std::uint64_t added_total_ = 0, gone_elsewhere_ = 0;
};

}  // namespace paa::topics
