#include "part_clusters.hpp"

#include <optional>

namespace paa::topics::stages {

namespace {

struct PartItem {  // a node (kind 0) or an edge (kind 1) of a part
  std::uint32_t part, kind, a, b;
  float weight;
  bool operator<(const PartItem& o) const {
    if (part != o.part) return part < o.part;
    if (kind != o.kind) return kind < o.kind;
    return a != o.a ? a < o.a : b < o.b;
  }
};

// The part being read: its groups (sorted) and its edges between their local numbers.
class OnePart {
 public:
  OnePart(TopicClusters& out, double resolution) : out_(out), resolution_(resolution) {}
  void node(std::uint32_t group) { nodes_.push_back(group); }
  void edge(std::uint32_t a, std::uint32_t b, float weight) { edges_.push_back({local(a), local(b), weight}); }
  void close() {
    out_.largest_part_nodes = std::max<std::uint64_t>(out_.largest_part_nodes, nodes_.size());
    const std::vector<std::uint32_t> communities =
        nodes_.size() <= 2 ? std::vector<std::uint32_t>(nodes_.size(), 0)
                           : detail::leiden(static_cast<std::uint32_t>(nodes_.size()), edges_, resolution_);
    const std::uint32_t base = out_.topics;
    std::uint32_t most = 0;
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      out_.topic_of[nodes_[i]] = base + communities[i];
      most = std::max(most, communities[i]);
    }
    out_.topics = base + most + 1;
    nodes_.clear();
    edges_.clear();
  }

 private:
  std::uint32_t local(std::uint32_t group) const {
    return static_cast<std::uint32_t>(std::lower_bound(nodes_.begin(), nodes_.end(), group) - nodes_.begin());
  }
  TopicClusters& out_;
  double resolution_;
  std::vector<std::uint32_t> nodes_;
  std::vector<WeightedEdge> edges_;
};

}  // namespace

Result<TopicClusters> cluster_parts(std::vector<std::uint32_t> part_of, const EdgeSource& edges,
                                    double resolution, std::size_t memory) {
  const auto groups = static_cast<std::uint32_t>(part_of.size());
  TopicClusters out;
  out.topic_of.assign(groups, kNone);
  extmem::SortedRuns<PartItem> items(records_in(memory, sizeof(PartItem)), {}, "paa-topic-parts");
  for (std::uint32_t g = 0; g < groups; ++g) {
    if (auto added = items.add({part_of[g], 0, g, 0, 0}); !added) return added.error();
  }
  std::optional<Error> failed;
  auto listed = edges([&](const WeightedEdge& e) {
    if (failed || part_of[e.a] != part_of[e.b]) return;
    if (auto added = items.add({part_of[e.a], 1, e.a, e.b, e.weight}); !added) failed = added.error();
  });
  if (!listed) return listed.error();
  if (failed) return *failed;
  std::vector<std::uint32_t>().swap(part_of);  // listed: its memory goes before the merge's
  OnePart part(out, resolution);
  std::uint32_t current = kNone;
  auto clustered = items.for_each([&](const PartItem& it) -> Result<void> {
    if (it.part != current) {
      if (current != kNone) part.close();
      current = it.part;
    }
    if (it.kind == 0) part.node(it.a);
    else part.edge(it.a, it.b, it.weight);
    return {};
  });
  if (!clustered) return clustered.error();
  if (current != kNone) part.close();
  return out;
}

}  // namespace paa::topics::stages
