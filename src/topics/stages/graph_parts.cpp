#include "graph_parts.hpp"

#include <array>
#include <numeric>

namespace paa::topics::stages {

namespace {

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
  // Each element's root, in the union-find's own array (it is not needed after).
  std::vector<std::uint32_t> roots() && {
    for (std::uint32_t x = 0; x < parent_.size(); ++x) parent_[x] = find(x);
    return std::move(parent_);
  }

 private:
  std::vector<std::uint32_t> parent_;
};

constexpr std::array<float, 9> kCuts{2, 3, 4, 6, 8, 12, 16, 32, 1e30f};

}  // namespace

Result<GraphParts> cut_into_parts(std::uint32_t groups, const EdgeSource& edges, std::uint64_t max_part_edges) {
  GraphParts out;
  // Each round's parts are the union-find's own array; the first round reads none before it,
  // so it holds one array of 4 bytes a group fewer (59 MiB at a million keys).
  std::vector<std::uint32_t>& part = out.part_of;
  std::vector<std::uint8_t> cut(groups, 0);  // the threshold each group's part is cut at
  std::vector<std::uint32_t> part_edges(groups);
  for (std::size_t round = 0;; ++round) {
    UnionFind uf(groups);
    auto united = edges([&](const WeightedEdge& e) {
      if (cut[e.a] != cut[e.b] || (round > 0 && part[e.a] != part[e.b])) return;
      if (e.weight >= kCuts[cut[e.a]]) uf.unite(e.a, e.b);
    });
    if (!united) return united.error();
    part = std::move(uf).roots();
    std::fill(part_edges.begin(), part_edges.end(), 0);
    auto counted = edges([&](const WeightedEdge& e) {
      if (part[e.a] == part[e.b] && part_edges[part[e.a]] != 0xffffffff) ++part_edges[part[e.a]];
    });
    if (!counted) return counted.error();
    bool again = false;
    for (std::uint32_t g = 0; g < groups; ++g) {
      if (part_edges[part[g]] > max_part_edges && std::size_t{cut[g]} + 1 < kCuts.size()) {
        if (part[g] == g) ++out.cut_parts;
        ++cut[g];
        again = true;
      }
    }
    if (!again) break;
  }
  for (std::uint32_t g = 0; g < groups; ++g) {
    if (part[g] == g) {
      ++out.parts;
      out.largest_part_edges = std::max<std::uint64_t>(out.largest_part_edges, part_edges[g]);
    }
  }
  return out;
}

}  // namespace paa::topics::stages
