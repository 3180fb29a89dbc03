#pragma once
// Topics (docs/topics.md "Topics"): the variant groups clustered on a weighted graph, after the
// analysis pass. Edges: two groups in one tree (parent and child 3, siblings 2, a question and
// its tree's top-level questions 1), answers linking to one page (answer_page.hpp; 2 shared
// among the page's groups, pages of more than 32 groups ignored), and shared content stems
// (each stem of at most 32 groups adds its idf / ln(groups of the language) to the pairs).
// Weights of one pair add up; a language's groups never link to another's.
//
// The graph is never held whole: its edges live in sorted scratch files, and it is cut into
// parts, each clustered alone with igraph's Leiden (modularity, --resolution, a fixed seed):
// the connected components of the strong edges (weight >= 2: siblings and closer, or a shared
// page), and a part of more than `max_part_edges` edges cut again by stronger edges (3, 4, 6,
// ... until it fits). Edges between parts are dropped. Memory: 17 bytes per group, the sorts'
// budgets, and one part's graph.
//
// A topic's id is the id it had in the analysis it is matched against (TopicOptions::previous,
// topic_identity.hpp) while it is the same topic; a new topic's is its representative's variant
// group id: the group in the most trees (ties by weighted degree, then id). Its label: its three most characteristic stems (groups holding the stem x ln(groups / groups of
// the language holding it)), each shown as its most common word.
#include "paa/error.hpp"
#include "paa/model/work_progress.hpp"
#include "paa/extmem/scratch_file.hpp"
#include "paa/topics/question_groups.hpp"
#include "paa/topics/topic_links.hpp"
#include "paa/topics/topic_options.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace paa::topics {


struct Topic {
  std::uint32_t number = 0;  // 0.. most demand first, then most trees (ties by id)
  std::uint64_t id = 0;
  std::string_view hl, label, representative;
  std::uint64_t questions = 0, groups = 0, trees = 0;
  // Demand (docs/topics.md "Demand"): each distinct seed's volume once over the topic's trees;
  // 0 when none of them has a volume.
  std::uint64_t volume = 0;
  std::vector<std::string_view> top_questions;  // up to five group representatives, most trees first
};

// What a build did (for --verbose and the docs' figures).
struct TopicStats {
  std::uint64_t groups = 0, edges = 0, parts = 0, largest_part_nodes = 0, largest_part_edges = 0;
  std::uint64_t cut_parts = 0;  // parts too large, cut again by stronger edges
  std::uint64_t topics = 0;
  std::uint64_t terms = 0;  // multi-word terms found, over the languages
};

class TopicMap {
 public:
  // `progress` (may be null) is told each stage's name.
  static Result<std::unique_ptr<TopicMap>> build(const QuestionGroups& groups, TopicLinks& links,
                                                 const TopicOptions& options = {}, WorkProgress* progress = nullptr);
  std::uint32_t size() const { return static_cast<std::uint32_t>(offsets_.size()); }
  // The topic (number) of a group (GroupRecord::number).
  std::uint32_t topic_of(std::uint32_t group) const { return topic_of_[group]; }
  std::uint32_t group_count() const { return static_cast<std::uint32_t>(topic_of_.size()); }
  // Topic `number`; the views live until the next call. Fails only when its file cannot be read.
  Result<Topic> topic(std::uint32_t number);
  // Its id and label only, from memory (what each question's row shows; ~40 bytes a topic).
  std::uint64_t id(std::uint32_t number) const { return ids_[number]; }
  std::string_view label(std::uint32_t number) const {
    return std::string_view(labels_).substr(label_at_[number], label_at_[number + 1] - label_at_[number]);
  }
  const TopicStats& stats() const { return stats_; }
  // What the topics did since the analysis they were matched against. A kept map reads it from
  // its file at the first call (the views that do not show it never hold it).
  Result<const TopicTrend*> trend();
  // The same, one change at a time in the trend's order, never held whole (a million keys'
  // analysis has millions of topics): a kept map streams its file a chunk at a time, a computed
  // one walks its own. Returns the trend's head (no changes) once every change was visited;
  // stops at `visit`'s first error; store_damaged when the file is not a whole trend.
  Result<TopicTrend> for_each_change(const std::function<Result<void>(const TopicChange&)>& visit);
  // The labels of the topics `wanted` names by id (change_label of the change with that id), in
  // one pass over the trend: what a shown split came from or a merge went into. An id no change
  // has stays nullopt.
  Result<void> label_changes(std::unordered_map<std::uint64_t, std::optional<std::string>>& wanted);
  // Whether there is a trend (an analysis before to compare with), nothing read.
  bool has_trend() const { return trend_file_ != nullptr || trend_.compared; }
  // Why the topics took new ids although there was an analysis to keep them from ("": they did not).
  const std::string& identity_warning() const { return identity_warning_; }
  // A change's label: a topic of this analysis's own label; a merged or gone one's, kept with it.
  std::string_view change_label(const TopicChange& c) const {
    return c.kind == TopicChangeKind::merged || c.kind == TopicChangeKind::gone ? std::string_view(c.label)
                                                                                 : label(c.number);
  }

  // The kept analysis (docs/store.md): the topics as new files `<prefix>.*` in the folder open
  // as `dir_fd`; open_kept reads them back.
  Result<void> keep(int dir_fd, const std::string& prefix) const;
  static Result<std::unique_ptr<TopicMap>> open_kept(int dir_fd, const std::string& prefix,
                                                    const std::string& shown_folder);

 private:
  TopicMap() = default;
  // The ids matched against `previous` (topic_identity.hpp), and the trend.
  // `group_ids`: each group's id by number (8 bytes each); `memory`: the shared groups' sort's.
  Result<void> carry_ids(const QuestionGroups& groups, const extmem::ScratchFile& group_ids,
                         PreviousTopics& previous, const std::vector<TopicFigures>& figures, bool trend,
                         std::size_t memory);
  std::vector<std::uint32_t> topic_of_;
  std::vector<std::uint64_t> offsets_;  // of each topic's record, by number
  std::vector<std::uint64_t> ids_;      // by number
  std::string labels_;                  // by number, end to end
  std::vector<std::uint64_t> label_at_;  // where each starts in labels_, and the end
  std::unique_ptr<extmem::ScratchFile> records_;
  std::string record_;
  TopicStats stats_;
  TopicTrend trend_;
  std::unique_ptr<extmem::ScratchFile> trend_file_;  // kept, not read yet
  std::string trend_shown_;                          // its name in messages
  std::string identity_warning_;
};

// The id as the exports write it: 16 lowercase hex digits, as a variant group's.
std::string topic_hex(std::uint64_t id);

}  // namespace paa::topics
