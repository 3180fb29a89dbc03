#include "paa/topics/topic_map.hpp"

#include "paa/extmem/keyed_sort.hpp"
#include "paa/extmem/scratch_reader.hpp"
#include "paa/extmem/sorted_runs.hpp"
#include "paa/question/question_profile.hpp"

#include "paa/question/field_hash.hpp"

#include "record_fields.hpp"
#include "leiden.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <map>
#include <numeric>

namespace paa::topics {

namespace {

using detail::get;
using detail::get_string;
using detail::put;
using detail::put_string;

using detail::WeightedEdge;

constexpr float kParentChild = 3, kSiblings = 2, kSameTree = 1, kSharedPage = 2;
constexpr float kStrong = 2;  // the first cut into parts
constexpr std::size_t kMostGroupsLinked = 32;  // a page or stem shared wider links nobody
constexpr std::size_t kLabelStems = 3, kTopQuestions = 5;
constexpr std::uint32_t kNone = 0xffffffff;

struct TreeNode {
  std::uint64_t tree;
  std::uint32_t position, parent, group;
};
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
struct EdgeOrder {
  bool operator()(const WeightedEdge& x, const WeightedEdge& y) const { return x.a != y.a ? x.a < y.a : x.b < y.b; }
};
struct PartItem {  // a node (kind 0) or an edge (kind 1) of a part
  std::uint32_t part, kind, a, b;
  float weight;
  bool operator<(const PartItem& o) const {
    if (part != o.part) return part < o.part;
    if (kind != o.kind) return kind < o.kind;
    return a != o.a ? a < o.a : b < o.b;
  }
};
struct StemRef {
  std::uint64_t stem;  // stem_hash
  std::uint32_t group, pad;
  bool operator<(const StemRef& o) const { return stem != o.stem ? stem < o.stem : group < o.group; }
};
struct StemNote {  // a group's stem and how many groups of its language hold it
  std::uint64_t stem;
  std::uint32_t group, df;
};
struct TopicStem {
  std::uint32_t topic, df;
  std::uint64_t stem;
  std::uint32_t group, pad = 0;
  bool operator<(const TopicStem& o) const {
    if (topic != o.topic) return topic < o.topic;
    return stem != o.stem ? stem < o.stem : group < o.group;
  }
};
struct TopicTree {
  std::uint32_t topic, pad;
  std::uint64_t tree;
  bool operator<(const TopicTree& o) const { return topic != o.topic ? topic < o.topic : tree < o.tree; }
};
struct Rank {  // most trees first, then id
  std::uint64_t trees, id;
  std::uint32_t topic, pad;
  bool operator<(const Rank& o) const { return trees != o.trees ? trees > o.trees : (id != o.id ? id < o.id : topic < o.topic); }
};

std::size_t records_in(std::size_t bytes, std::size_t record) { return std::max<std::size_t>(bytes / record, 1024); }

void big_endian32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<char>((v >> shift) & 0xff));
}

// A stem of a language, as 8 bytes (never 0: 0 is "no stem" in a label's slots).
std::uint64_t stem_hash(std::string_view hl, std::string_view stem) {
  return paa::question::FieldHash().add(hl).add(stem).value() | 1;
}

class UnionFind {
 public:
  explicit UnionFind(std::uint32_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0u); }
  std::uint32_t find(std::uint32_t x) {
    while (parent_[x] != x) {
      parent_[x] = parent_[parent_[x]];
      x = parent_[x];
    }
    return x;
  }
  // The smaller root wins: the same parts whatever the edges' order.
  void unite(std::uint32_t a, std::uint32_t b) {
    a = find(a);
    b = find(b);
    if (a < b) parent_[b] = a;
    else if (b < a) parent_[a] = b;
  }

 private:
  std::vector<std::uint32_t> parent_;

 public:
  // Each element's root, in the union-find's own array (it is not needed after).
  std::vector<std::uint32_t> roots() && {
    for (std::uint32_t x = 0; x < parent_.size(); ++x) parent_[x] = find(x);
    return std::move(parent_);
  }
};

// Every pair of `groups` (distinct, sorted) gets `weight`, when there are few enough of them.
Result<void> link_all(const std::vector<std::uint32_t>& groups, float weight,
                      extmem::SortedRuns<WeightedEdge, EdgeOrder>& edges) {
  if (groups.size() < 2 || groups.size() > kMostGroupsLinked) return {};
  for (std::size_t i = 0; i < groups.size(); ++i) {
    for (std::size_t j = i + 1; j < groups.size(); ++j) {
      if (auto added = edges.add({groups[i], groups[j], weight}); !added) return added;
    }
  }
  return {};
}

}  // namespace

std::string topic_hex(std::uint64_t id) { return question::variant_group_hex(id); }

Result<std::unique_ptr<TopicMap>> TopicMap::build(const QuestionGroups& groups, TopicLinks& links,
                                                  const TopicOptions& options) {
  std::unique_ptr<TopicMap> map(new TopicMap());
  const std::uint32_t G = groups.group_count();
  map->stats_.groups = G;
  // A group's language, by range.
  // A group's language: its range's (a language's groups are numbered consecutively); no
  // array of G entries for it.
  const std::vector<LanguageRange>& ranges = groups.languages();
  std::vector<double> language_size;
  for (const LanguageRange& r : ranges) language_size.push_back(r.count);
  auto language_of = [&](std::uint32_t g) {
    const auto at = std::upper_bound(ranges.begin(), ranges.end(), g,
                                     [](std::uint32_t v, const LanguageRange& r) { return v < r.first; });
    return static_cast<std::size_t>(at - ranges.begin()) - 1;
  };

  extmem::SortedRuns<WeightedEdge, EdgeOrder> edges(records_in(options.memory, sizeof(WeightedEdge)), {}, "paa-topic-edges");
  auto add_edge = [&](std::uint32_t a, std::uint32_t b, float w) -> Result<void> {
    if (a == b || language_of(a) != language_of(b)) return {};
    return edges.add({std::min(a, b), std::max(a, b), w});
  };

  // 1. Shared stems: (language, stem) -> its groups, as 8-byte hashes (fixed-size records sort
  // fast; a collision of two stems costs at most a spurious weak link). The notes keep each
  // group's stems with their document frequency for the labels.
  auto notes = extmem::ScratchFile::create("paa-topic-stems");
  if (!notes) return notes.error();
  {
    extmem::SortedRuns<StemRef> stems(records_in(options.memory, sizeof(StemRef)), {}, "paa-topic-stem-sort");
    auto listed = groups.for_each_group([&](const GroupRecord& g) -> Result<void> {
      for (const std::string_view stem : g.stems) {
        if (auto added = stems.add({stem_hash(g.hl, stem), g.number, 0}); !added) return added;
      }
      return {};
    });
    if (!listed) return listed.error();
    std::vector<std::uint32_t> members;
    std::uint64_t current = 0;
    auto close = [&]() -> Result<void> {
      members.erase(std::unique(members.begin(), members.end()), members.end());
      const double language = language_size[language_of(members.front())];
      const double df = static_cast<double>(members.size());
      if (language > 2) {
        const double idf = std::log(language / df);
        if (auto linked = link_all(members, static_cast<float>(idf / std::log(language)), edges); !linked) {
          return linked;
        }
      }
      for (const std::uint32_t g : members) {
        const StemNote note{current, g, static_cast<std::uint32_t>(members.size())};
        (*notes)->out().append({reinterpret_cast<const char*>(&note), sizeof note});
      }
      members.clear();
      return {};
    };
    auto grouped = stems.for_each([&](const StemRef& r) -> Result<void> {
      if (!members.empty() && r.stem != current) {
        if (auto closed = close(); !closed) return closed;
      }
      current = r.stem;
      members.push_back(r.group);
      return {};
    });
    if (!grouped) return grouped.error();
    if (!members.empty()) {
      if (auto closed = close(); !closed) return closed.error();
    }
    if (auto flushed = (*notes)->flush(); !flushed) return flushed.error();
  }

  // 2. Each occurrence with its group: by tree (co-occurrence) and by page.
  extmem::SortedRuns<TreeNode, TreeOrder> by_tree(records_in(options.memory, sizeof(TreeNode)), {}, "paa-topic-trees");
  extmem::SortedRuns<PageLink> by_page(records_in(options.memory / 2, sizeof(PageLink)), {}, "paa-topic-pages");
  {
    auto file = links.file();
    if (!file) return file.error();
    extmem::ScratchReader in(**file);
    std::optional<TopicLink> next;
    auto read_next = [&]() -> Result<void> {
      next.reset();
      if (in.done()) return {};
      auto link = in.take_value<TopicLink>();
      if (!link) return link.error();
      next = *link;
      return {};
    };
    if (auto read = read_next(); !read) return read.error();
    auto joined = groups.for_each_question([&](std::uint64_t index, std::uint32_t group) -> Result<void> {
      while (next && next->question == index) {
        if (auto added = by_tree.add({next->tree, next->position, next->parent, group}); !added) return added;
        if (next->page != 0) {
          if (auto added = by_page.add({next->page, group, 0}); !added) return added;
        }
        if (auto read = read_next(); !read) return read;
      }
      return {};
    });
    if (!joined) return joined.error();
    if (next) return make_error(errc::io, "the topic analysis's scratch files disagree (a bug in paa)");
  }

  // 3. Co-occurrence edges, tree by tree; and the (topic, tree) pairs' raw material.
  auto tree_groups = extmem::ScratchFile::create("paa-topic-tree-groups");
  if (!tree_groups) return tree_groups.error();
  {
    std::vector<TreeNode> tree;
    auto close_tree = [&]() -> Result<void> {
      // Positions are 0..n-1 in order; a parent always comes before its children.
      std::vector<std::uint32_t> top;
      std::map<std::uint32_t, std::vector<std::uint32_t>> children;
      for (const TreeNode& n : tree) {
        if (n.parent == kNone) top.push_back(n.group);
        else children[n.parent].push_back(n.group);
        const std::uint64_t pair[2] = {n.tree, n.group};
        (*tree_groups)->out().append({reinterpret_cast<const char*>(pair), sizeof pair});
      }
      auto siblings = [&](std::vector<std::uint32_t> gs) -> Result<void> {
        std::sort(gs.begin(), gs.end());
        gs.erase(std::unique(gs.begin(), gs.end()), gs.end());
        if (gs.size() > kMostGroupsLinked) return {};
        for (std::size_t i = 0; i < gs.size(); ++i) {
          for (std::size_t j = i + 1; j < gs.size(); ++j) {
            if (auto added = add_edge(gs[i], gs[j], kSiblings); !added) return added;
          }
        }
        return {};
      };
      if (auto linked = siblings(top); !linked) return linked;
      for (const auto& [parent, kids] : children) {
        if (auto linked = siblings(kids); !linked) return linked;
      }
      for (const TreeNode& n : tree) {
        if (n.parent == kNone) continue;
        if (n.parent >= tree.size()) return make_error(errc::io, "the topic analysis's tree records are damaged");
        const std::uint32_t parent_group = tree[n.parent].group;
        if (auto added = add_edge(n.group, parent_group, kParentChild); !added) return added;
        // Deeper questions to the tree's top level (a star, not every pair: a tree of n
        // questions adds O(n) edges, not O(n^2)).
        if (tree[n.parent].parent == kNone) continue;  // its parent is top-level: linked above
        for (std::uint32_t t : top) {
          if (auto added = add_edge(n.group, t, kSameTree); !added) return added;
        }
      }
      tree.clear();
      return {};
    };
    auto walked = by_tree.for_each([&](const TreeNode& n) -> Result<void> {
      if (!tree.empty() && n.tree != tree.front().tree) {
        if (auto closed = close_tree(); !closed) return closed;
      }
      tree.push_back(n);
      return {};
    });
    if (!walked) return walked.error();
    if (!tree.empty()) {
      if (auto closed = close_tree(); !closed) return closed.error();
    }
    if (auto flushed = (*tree_groups)->flush(); !flushed) return flushed.error();
  }
  {
    std::vector<std::uint32_t> members;
    std::uint64_t page = 0;
    auto close_page = [&]() -> Result<void> {
      members.erase(std::unique(members.begin(), members.end()), members.end());
      if (members.size() >= 2 && members.size() <= kMostGroupsLinked) {
        // A page's groups share kSharedPage each: a page of many answers says less of each pair.
        const float w = kSharedPage / static_cast<float>(members.size() - 1);
        for (std::size_t i = 0; i < members.size(); ++i) {
          for (std::size_t j = i + 1; j < members.size(); ++j) {
            if (auto added = add_edge(members[i], members[j], w); !added) {
              return added;
            }
          }
        }
      }
      members.clear();
      return {};
    };
    auto paged = by_page.for_each([&](const PageLink& l) -> Result<void> {
      if (!members.empty() && l.page != page) {
        if (auto closed = close_page(); !closed) return closed;
      }
      page = l.page;
      members.push_back(l.group);
      return {};
    });
    if (!paged) return paged.error();
    if (!members.empty()) {
      if (auto closed = close_page(); !closed) return closed.error();
    }
  }

  // 4. The pairs' weights added up, in a file read front to back by every later step.
  auto summed = extmem::ScratchFile::create("paa-topic-graph");
  if (!summed) return summed.error();
  std::vector<float> strength(G, 0.0f);
  {
    std::optional<WeightedEdge> open;
    auto flush_edge = [&] {
      (*summed)->out().append({reinterpret_cast<const char*>(&*open), sizeof *open});
      strength[open->a] += open->weight;
      strength[open->b] += open->weight;
      ++map->stats_.edges;
    };
    auto added = edges.for_each([&](const WeightedEdge& e) -> Result<void> {
      if (open && open->a == e.a && open->b == e.b) {
        open->weight += e.weight;
        return {};
      }
      if (open) flush_edge();
      open = e;
      return {};
    });
    if (!added) return added.error();
    if (open) flush_edge();
    if (auto flushed = (*summed)->flush(); !flushed) return flushed.error();
  }
  auto for_each_edge = [&](const std::function<void(const WeightedEdge&)>& visit) -> Result<void> {
    extmem::ScratchReader in(**summed);
    while (!in.done()) {
      auto e = in.take_value<WeightedEdge>();
      if (!e) return e.error();
      visit(*e);
    }
    return {};
  };

  // 5. Parts: components of the strong edges; a part with too many edges cut again by stronger
  // ones, until each fits (at worst its groups alone).
  std::vector<std::uint32_t> part(G);
  {
    constexpr std::array<float, 9> kCuts{kStrong, 3, 4, 6, 8, 12, 16, 32, 1e30f};
    std::vector<std::uint8_t> cut(G, 0);  // the threshold each group's part is cut at
    std::vector<std::uint32_t> part_edges(G);
    for (std::size_t round = 0;; ++round) {
      UnionFind uf(G);
      auto united = for_each_edge([&](const WeightedEdge& e) {
        if (cut[e.a] != cut[e.b] || (round > 0 && part[e.a] != part[e.b])) return;
        if (e.weight >= kCuts[cut[e.a]]) uf.unite(e.a, e.b);
      });
      if (!united) return united.error();
      part = std::move(uf).roots();
      std::fill(part_edges.begin(), part_edges.end(), 0);
      auto counted = for_each_edge([&](const WeightedEdge& e) {
        if (part[e.a] == part[e.b] && part_edges[part[e.a]] != 0xffffffff) ++part_edges[part[e.a]];
      });
      if (!counted) return counted.error();
      bool again = false;
      for (std::uint32_t g = 0; g < G; ++g) {
        if (part_edges[part[g]] > options.max_part_edges && std::size_t{cut[g]} + 1 < kCuts.size()) {
          if (part[g] == g) ++map->stats_.cut_parts;
          ++cut[g];
          again = true;
        }
      }
      if (!again) break;
    }
    for (std::uint32_t g = 0; g < G; ++g) {
      if (part[g] == g) {
        ++map->stats_.parts;
        map->stats_.largest_part_edges = std::max<std::uint64_t>(map->stats_.largest_part_edges, part_edges[g]);
      }
    }
  }

  // 6. Each part clustered alone, in part order.
  std::vector<std::uint32_t>& topic = map->topic_of_;
  topic.assign(G, kNone);
  std::uint32_t topics = 0;
  {
    extmem::SortedRuns<PartItem> items(records_in(options.memory, sizeof(PartItem)), {}, "paa-topic-parts");
    for (std::uint32_t g = 0; g < G; ++g) {
      if (auto added = items.add({part[g], 0, g, 0, 0}); !added) return added.error();
    }
    std::optional<Error> failed;
    auto listed = for_each_edge([&](const WeightedEdge& e) {
      if (failed || part[e.a] != part[e.b]) return;
      if (auto added = items.add({part[e.a], 1, e.a, e.b, e.weight}); !added) failed = added.error();
    });
    if (!listed) return listed.error();
    if (failed) return *failed;
    std::vector<std::uint32_t> nodes;
    std::vector<WeightedEdge> local;
    std::uint32_t current = kNone;
    auto local_of = [&](std::uint32_t g) {
      return static_cast<std::uint32_t>(std::lower_bound(nodes.begin(), nodes.end(), g) - nodes.begin());
    };
    auto close_part = [&] {
      map->stats_.largest_part_nodes = std::max<std::uint64_t>(map->stats_.largest_part_nodes, nodes.size());
      const std::vector<std::uint32_t> communities =
          nodes.size() <= 2 ? std::vector<std::uint32_t>(nodes.size(), 0)
                            : detail::leiden(static_cast<std::uint32_t>(nodes.size()), local, options.resolution);
      const std::uint32_t base = topics;
      std::uint32_t most = 0;
      for (std::size_t i = 0; i < nodes.size(); ++i) {
        topic[nodes[i]] = base + communities[i];
        most = std::max(most, communities[i]);
      }
      topics = base + most + 1;
      nodes.clear();
      local.clear();
    };
    auto clustered = items.for_each([&](const PartItem& it) -> Result<void> {
      if (it.part != current) {
        if (current != kNone) close_part();
        current = it.part;
      }
      if (it.kind == 0) nodes.push_back(it.a);
      else local.push_back({local_of(it.a), local_of(it.b), it.weight});
      return {};
    });
    if (!clustered) return clustered.error();
    if (current != kNone) close_part();
  }
  map->stats_.topics = topics;
  std::vector<std::uint32_t>().swap(part);

  // 7. Each topic's trees: distinct (topic, tree) pairs.
  std::vector<std::uint64_t> topic_trees(topics, 0);
  {
    extmem::SortedRuns<TopicTree> pairs(records_in(options.memory, sizeof(TopicTree)), {}, "paa-topic-tree-pairs");
    extmem::ScratchReader in(**tree_groups);
    while (!in.done()) {
      auto pair = in.take_value<std::array<std::uint64_t, 2>>();
      if (!pair) return pair.error();
      if (auto added = pairs.add({topic[(*pair)[1]], 0, (*pair)[0]}); !added) return added.error();
    }
    std::optional<TopicTree> last;
    auto counted = pairs.for_each([&](const TopicTree& p) -> Result<void> {
      if (!last || last->topic != p.topic || last->tree != p.tree) ++topic_trees[p.topic];
      last = p;
      return {};
    });
    if (!counted) return counted.error();
  }

  // 8a. Each topic's label stems: its stems by (topic, stem), scored, the best kLabelStems kept.
  std::vector<std::array<std::uint64_t, kLabelStems>> label_stems(topics, std::array<std::uint64_t, kLabelStems>{});
  {
    extmem::SortedRuns<TopicStem> by_topic(records_in(options.memory, sizeof(TopicStem)), {}, "paa-topic-labels");
    extmem::ScratchReader in(**notes);
    while (!in.done()) {
      auto note = in.take_value<StemNote>();
      if (!note) return note.error();
      if (auto added = by_topic.add({topic[note->group], note->df, note->stem, note->group}); !added) return added.error();
    }
    struct Scored {
      double score;
      std::uint64_t tf, stem;
    };
    std::vector<Scored> best;
    std::uint32_t current = kNone, last_group = kNone;
    std::uint64_t stem = 0, tf = 0, df = 0;
    double language = 0;
    auto better = [](const Scored& a, const Scored& b) {
      if (a.score != b.score) return a.score > b.score;
      if (a.tf != b.tf) return a.tf > b.tf;
      return a.stem < b.stem;
    };
    auto close_stem = [&] {
      if (tf == 0) return;
      // Held by many of the topic's groups and few of the language's.
      const double idf = std::log(std::max(language, 2.0) / static_cast<double>(df));
      const Scored sc{static_cast<double>(tf) * std::max(idf, 0.01), tf, stem};
      const auto at = std::upper_bound(best.begin(), best.end(), sc, better);
      if (static_cast<std::size_t>(at - best.begin()) < kLabelStems) {
        best.insert(at, sc);
        if (best.size() > kLabelStems) best.pop_back();
      }
      tf = 0;
    };
    auto close_topic = [&] {
      close_stem();
      for (std::size_t i = 0; i < best.size(); ++i) label_stems[current][i] = best[i].stem;
      best.clear();
    };
    auto scored = by_topic.for_each([&](const TopicStem& r) -> Result<void> {
      if (r.topic != current) {
        if (current != kNone) close_topic();
        current = r.topic;
        tf = 0;
      }
      if (tf == 0 || r.stem != stem) {
        close_stem();
        stem = r.stem;
        last_group = kNone;
      }
      if (r.group != last_group) ++tf;
      last_group = r.group;
      df = r.df;
      language = language_size[language_of(r.group)];
      return {};
    });
    if (!scored) return scored.error();
    if (current != kNone) close_topic();
  }

  // 8b. Each topic's record: its groups (representative, top questions; the label stems' most
  // common words).
  auto records = extmem::ScratchFile::create("paa-topic-records");
  if (!records) return records.error();
  map->records_ = std::move(*records);
  std::vector<std::uint64_t> offsets(topics, 0);
  extmem::SortedRuns<Rank> ranks(records_in(options.memory / 4, sizeof(Rank)), {}, "paa-topic-ranks");
  {
    extmem::KeyedSort by_topic(options.memory, "paa-topic-summaries");
    std::string key, numbers, words;
    auto listed = groups.for_each_group([&](const GroupRecord& g) -> Result<void> {
      numbers.clear();
      put(numbers, g.trees);
      put(numbers, g.members);
      put(numbers, g.id);
      double st = strength[g.number];
      std::uint64_t bits = 0;
      std::memcpy(&bits, &st, 8);
      put(numbers, bits);
      // The group's words that are one of its topic's label stems: (slot, surface) each.
      words.clear();
      const auto& wanted = label_stems[topic[g.number]];
      for (std::size_t i = 0; i < g.stems.size(); ++i) {
        const std::uint64_t h = stem_hash(g.hl, g.stems[i]);
        for (std::size_t k = 0; k < kLabelStems; ++k) {
          if (wanted[k] != 0 && wanted[k] == h) {
            words.push_back(static_cast<char>(k));
            put_string(words, g.surfaces[i]);
          }
        }
      }
      key.clear();
      big_endian32(key, topic[g.number]);
      return by_topic.add(key, g.number, 0, {numbers, g.representative, g.hl, words});
    });
    if (!listed) return listed.error();

    // The topic being summed up.
    struct Top {
      std::uint64_t trees, id;
      double strength;
      std::string spelling;
    };
    auto better = [](const Top& a, const Top& b) {  // a before b
      if (a.trees != b.trees) return a.trees > b.trees;
      if (a.strength != b.strength) return a.strength > b.strength;
      return a.id < b.id;
    };
    std::uint32_t current = kNone;
    std::string hl;
    std::uint64_t questions = 0, group_count = 0;
    std::vector<Top> top;  // sorted by better, at most kTopQuestions
    std::array<std::map<std::string, std::uint64_t>, kLabelStems> surfaces;
    auto close_topic = [&]() -> Result<void> {
      std::string label;
      for (const auto& counted : surfaces) {
        std::string word;
        std::uint64_t most = 0;
        for (const auto& [w, n] : counted) {
          if (n > most) {
            most = n;
            word = w;
          }
        }
        if (word.empty()) continue;
        if (!label.empty()) label += ", ";
        label += word;
      }
      const std::uint64_t trees = topic_trees[current];
      offsets[current] = map->records_->size();
      std::string r;
      put(r, top.front().id);
      put(r, questions);
      put(r, group_count);
      put(r, trees);
      put_string(r, hl);
      put_string(r, label);
      put(r, top.size());
      for (const Top& t : top) put_string(r, t.spelling);
      const auto bytes = static_cast<std::uint32_t>(r.size());
      map->records_->out().append({reinterpret_cast<const char*>(&bytes), 4});
      map->records_->out().append(r);
      if (auto added = ranks.add({trees, top.front().id, current, 0}); !added) return added;
      top.clear();
      for (auto& m : surfaces) m.clear();
      questions = group_count = 0;
      return {};
    };
    auto summed_up = by_topic.for_each([&](const extmem::KeyedSort::Record& r) -> Result<void> {
      std::uint32_t t = 0;
      for (int i = 0; i < 4; ++i) t = (t << 8) | static_cast<unsigned char>(r.key[static_cast<std::size_t>(i)]);
      if (t != current) {
        if (current != kNone) {
          if (auto closed = close_topic(); !closed) return closed;
        }
        current = t;
      }
      const std::string_view n = r.fields[0];
      double st = 0;
      const std::uint64_t bits = get(n, 3);
      std::memcpy(&st, &bits, 8);
      Top candidate{get(n, 0), get(n, 2), st, std::string(r.fields[1])};
      questions += get(n, 1);
      ++group_count;
      hl.assign(r.fields[2]);
      const auto at = std::upper_bound(top.begin(), top.end(), candidate, better);
      if (static_cast<std::size_t>(at - top.begin()) < kTopQuestions) {
        top.insert(at, std::move(candidate));
        if (top.size() > kTopQuestions) top.pop_back();
      }
      std::string_view w = r.fields[3];
      while (!w.empty()) {
        const auto slot = static_cast<std::size_t>(w.front());
        w.remove_prefix(1);
        std::string_view surface;
        if (slot >= kLabelStems || !get_string(w, surface)) {
          return make_error(errc::io, "the topics' scratch file is damaged");
        }
        ++surfaces[slot][std::string(surface)];
      }
      return {};
    });
    if (!summed_up) return summed_up.error();
    if (current != kNone) {
      if (auto closed = close_topic(); !closed) return closed.error();
    }
    if (auto flushed = map->records_->flush(); !flushed) return flushed.error();
  }

  // 9. Numbered most trees first.
  std::vector<std::uint32_t> number(topics, 0);
  map->offsets_.reserve(topics);
  std::uint32_t next = 0;
  auto ranked = ranks.for_each([&](const Rank& r) -> Result<void> {
    number[r.topic] = next++;
    map->offsets_.push_back(offsets[r.topic]);
    return {};
  });
  if (!ranked) return ranked.error();
  for (auto& t : topic) t = number[t];
  map->ids_.reserve(topics);
  map->label_at_.reserve(topics + 1);
  for (std::uint32_t n = 0; n < topics; ++n) {
    auto t = map->topic(n);
    if (!t) return t.error();
    map->ids_.push_back(t->id);
    map->label_at_.push_back(map->labels_.size());
    map->labels_.append(t->label);
  }
  map->label_at_.push_back(map->labels_.size());
  return map;
}

Result<Topic> TopicMap::topic(std::uint32_t number) {
  if (number >= offsets_.size()) return make_error(errc::io, "no topic " + std::to_string(number) + " (a bug in paa)");
  std::uint32_t bytes = 0;
  if (auto read = records_->read_at(offsets_[number], reinterpret_cast<char*>(&bytes), 4); !read) return read.error();
  record_.resize(bytes);
  if (auto read = records_->read_at(offsets_[number] + 4, record_.data(), bytes); !read) return read.error();
  Topic t;
  t.number = number;
  std::string_view in = record_;
  bool ok = in.size() >= 32;
  if (ok) {
    t.id = get(in, 0);
    t.questions = get(in, 1);
    t.groups = get(in, 2);
    t.trees = get(in, 3);
    in.remove_prefix(32);
    ok = get_string(in, t.hl) && get_string(in, t.label) && in.size() >= 8;
  }
  if (ok) {
    const std::uint64_t n = get(in, 0);
    in.remove_prefix(8);
    for (std::uint64_t i = 0; ok && i < n; ++i) {
      std::string_view q;
      ok = get_string(in, q);
      t.top_questions.push_back(q);
    }
  }
  if (!ok || t.top_questions.empty()) return make_error(errc::io, "the topics' scratch file is damaged");
  t.representative = t.top_questions.front();
  return t;
}

}  // namespace paa::topics
