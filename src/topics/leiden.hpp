#pragma once
// Internal: igraph's Leiden (modularity, a fixed seed) on one part of the topic graph.
#include <cstdint>
#include <vector>

namespace paa::topics::detail {

struct WeightedEdge {
  std::uint32_t a = 0, b = 0;  // the part's own node numbers
  float weight = 0;
};

// A community per node of an undirected weighted graph of `nodes` nodes, numbered 0.. in the
// order of each community's first node. `resolution` scales modularity's null model (1 = plain
// modularity; higher = smaller communities). The same input gives the same answer: igraph's
// generator is seeded before each call.
// Throws std::bad_alloc when igraph runs out of memory, std::logic_error on a bug.
std::vector<std::uint32_t> leiden(std::uint32_t nodes, const std::vector<WeightedEdge>& edges, double resolution);

}  // namespace paa::topics::detail
