#pragma once
// Internal, the topic map's second stage: groups asked together. Within a tree: a question and
// its parent 3, siblings (top-level questions, or one parent's children; at most 32) 2, a deeper
// question and each top-level question 1 (a star, not every pair: a tree of n questions adds
// O(n) edges). Across trees: the groups whose answers link to one page share 2 among their pairs
// (2 / (groups - 1) each; pages of more than 32 groups link nobody). It also keeps each tree's
// groups, for how many trees a topic spans once the topics are known.
#include "topic_graph.hpp"

#include "paa/topics/topic_links.hpp"

#include <span>

namespace paa::topics::stages {

struct TreeNode {  // a question's place in one tree
  std::uint64_t tree;
  std::uint32_t position, parent, group;  // parent: a position, or kNone at the top level
};

// One tree's edges; `tree` in position order (0..n-1, a parent before its children).
Result<void> link_tree(std::span<const TreeNode> tree, EdgeSink& edges);
// One page's edges; `groups` sorted, repeats allowed.
Result<void> link_page(std::vector<std::uint32_t> groups, EdgeSink& edges);

class CoOccurrence {
 public:
  explicit CoOccurrence(std::size_t memory);
  // A question's occurrence as the analysis pass saw it, with its group.
  Result<void> add(const TopicLink& link, std::uint32_t group);
  // Once, after the last add.
  Result<void> finish(EdgeSink& edges);
  // After finish: how many trees hold each topic's groups, by topic.
  Result<std::vector<std::uint64_t>> trees_per_topic(const std::vector<std::uint32_t>& topic_of,
                                                     std::uint32_t topics) const;

 private:
  struct TreeOrder {
    bool operator()(const TreeNode& a, const TreeNode& b) const {
      return a.tree != b.tree ? a.tree < b.tree : a.position < b.position;
    }
  };
  struct PageLink {
    std::uint64_t page;
    std::uint32_t group, pad;
    bool operator<(const PageLink& o) const { return page != o.page ? page < o.page : group < o.group; }
  };
  Result<void> link_trees(EdgeSink& edges);
  Result<void> link_pages(EdgeSink& edges);

  std::size_t memory_;
  extmem::SortedRuns<TreeNode, TreeOrder> by_tree_;
  extmem::SortedRuns<PageLink> by_page_;
  std::unique_ptr<extmem::ScratchFile> tree_groups_;  // (tree, group) pairs
};

}  // namespace paa::topics::stages
