#include "co_occurrence.hpp"

#include "paa/extmem/scratch_reader.hpp"

#include <array>
#include <map>
#include <optional>

namespace paa::topics::stages {

namespace {

constexpr float kParentChild = 3, kSiblings = 2, kSameTree = 1, kSharedPage = 2;

Result<void> siblings(std::vector<std::uint32_t> groups, EdgeSink& edges) {
  std::sort(groups.begin(), groups.end());
  groups.erase(std::unique(groups.begin(), groups.end()), groups.end());
  return link_all(groups, kSiblings, edges);
}

}  // namespace

Result<void> link_tree(std::span<const TreeNode> tree, EdgeSink& edges) {
  std::vector<std::uint32_t> top;
  std::map<std::uint32_t, std::vector<std::uint32_t>> children;
  for (const TreeNode& n : tree) {
    if (n.parent == kNone) top.push_back(n.group);
    else children[n.parent].push_back(n.group);
  }
  if (auto linked = siblings(top, edges); !linked) return linked;
  for (const auto& [parent, kids] : children) {
    if (auto linked = siblings(kids, edges); !linked) return linked;
  }
  for (const TreeNode& n : tree) {
    if (n.parent == kNone) continue;
    if (n.parent >= tree.size()) return make_error(errc::io, "the topic analysis's tree records are damaged");
    if (auto added = edges.add(n.group, tree[n.parent].group, kParentChild); !added) return added;
    if (tree[n.parent].parent == kNone) continue;  // its parent is top-level: linked above
    for (std::uint32_t t : top) {
      if (auto added = edges.add(n.group, t, kSameTree); !added) return added;
    }
  }
  return {};
}

Result<void> link_page(std::vector<std::uint32_t> groups, EdgeSink& edges) {
  groups.erase(std::unique(groups.begin(), groups.end()), groups.end());
  if (groups.size() < 2 || groups.size() > kMostGroupsLinked) return {};
  // A page's groups share kSharedPage: a page of many answers says less of each pair.
  return link_all(groups, kSharedPage / static_cast<float>(groups.size() - 1), edges);
}

CoOccurrence::CoOccurrence(std::size_t memory)
    : memory_(memory),
      by_tree_(records_in(memory, sizeof(TreeNode)), {}, "paa-topic-trees"),
      by_page_(records_in(memory / 2, sizeof(PageLink)), {}, "paa-topic-pages") {}

Result<void> CoOccurrence::add(const TopicLink& link, std::uint32_t group) {
  if (auto added = by_tree_.add({link.tree, link.position, link.parent, group}); !added) return added;
  if (link.page == 0) return {};
  return by_page_.add({link.page, group, 0});
}

Result<void> CoOccurrence::finish(EdgeSink& edges) {
  if (auto linked = link_trees(edges); !linked) return linked;
  return link_pages(edges);
}

Result<void> CoOccurrence::link_trees(EdgeSink& edges) {
  auto file = extmem::ScratchFile::create("paa-topic-tree-groups");
  if (!file) return file.error();
  tree_groups_ = std::move(*file);
  std::vector<TreeNode> tree;
  auto close_tree = [&]() -> Result<void> {
    for (const TreeNode& n : tree) {
      const std::uint64_t pair[2] = {n.tree, n.group};
      tree_groups_->out().append({reinterpret_cast<const char*>(pair), sizeof pair});
    }
    auto linked = link_tree(tree, edges);
    tree.clear();
    return linked;
  };
  auto walked = by_tree_.for_each([&](const TreeNode& n) -> Result<void> {
    if (!tree.empty() && n.tree != tree.front().tree) {
      if (auto closed = close_tree(); !closed) return closed;
    }
    tree.push_back(n);
    return {};
  });
  if (!walked) return walked;
  if (!tree.empty()) {
    if (auto closed = close_tree(); !closed) return closed;
  }
  return tree_groups_->flush();
}

Result<void> CoOccurrence::link_pages(EdgeSink& edges) {
  std::vector<std::uint32_t> members;
  std::uint64_t page = 0;
  auto paged = by_page_.for_each([&](const PageLink& l) -> Result<void> {
    if (!members.empty() && l.page != page) {
      if (auto closed = link_page(std::move(members), edges); !closed) return closed;
      members.clear();
    }
    page = l.page;
    members.push_back(l.group);
    return {};
  });
  if (!paged) return paged;
  if (members.empty()) return {};
  return link_page(std::move(members), edges);
}

Result<std::vector<std::uint64_t>> CoOccurrence::trees_per_topic(const std::vector<std::uint32_t>& topic_of,
                                                                 std::uint32_t topics) const {
  struct TopicTree {
    std::uint32_t topic, pad;
    std::uint64_t tree;
    bool operator<(const TopicTree& o) const { return topic != o.topic ? topic < o.topic : tree < o.tree; }
  };
  std::vector<std::uint64_t> trees(topics, 0);
  extmem::SortedRuns<TopicTree> pairs(records_in(memory_, sizeof(TopicTree)), {}, "paa-topic-tree-pairs");
  extmem::ScratchReader in(*tree_groups_);
  while (!in.done()) {
    auto pair = in.take_value<std::array<std::uint64_t, 2>>();
    if (!pair) return pair.error();
    if (auto added = pairs.add({topic_of[(*pair)[1]], 0, (*pair)[0]}); !added) return added.error();
  }
  std::optional<TopicTree> last;
  auto counted = pairs.for_each([&](const TopicTree& p) -> Result<void> {
    if (!last || last->topic != p.topic || last->tree != p.tree) ++trees[p.topic];
    last = p;
    return {};
  });
  if (!counted) return counted.error();
  return trees;
}

}  // namespace paa::topics::stages
