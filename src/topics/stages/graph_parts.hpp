#pragma once
// Internal, the topic map's third stage: the graph cut into parts, each clustered alone. A part
// is a connected component of the strong edges (weight >= 2: siblings and closer, or a shared
// page); a part of more than `max_part_edges` edges is cut again by stronger edges (3, 4, 6, ...
// until it fits; at worst its groups alone). Edges between parts are dropped.
#include "topic_graph.hpp"

namespace paa::topics::stages {

struct GraphParts {
  std::vector<std::uint32_t> part_of;  // by group: its part's smallest group
  std::uint64_t parts = 0, cut_parts = 0, largest_part_edges = 0;
};

Result<GraphParts> cut_into_parts(std::uint32_t groups, const EdgeSource& edges, std::uint64_t max_part_edges);

}  // namespace paa::topics::stages
