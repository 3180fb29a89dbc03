#pragma once
// Internal, the topic map's fourth stage: each part clustered alone with igraph's Leiden
// (leiden.hpp: modularity, --resolution, a fixed seed), in part order; a part of one or two
// groups is one topic. Topics are numbered here in part order, then community order; the
// numbering the user sees comes last (topic_numbering.hpp). Memory: one part's graph.
#include "graph_parts.hpp"

namespace paa::topics::stages {

struct TopicClusters {
  std::vector<std::uint32_t> topic_of;  // by group
  std::uint32_t topics = 0;
  std::uint64_t largest_part_nodes = 0;
};

// `part_of` (GraphParts's) is consumed: freed once the parts are listed on disk.
Result<TopicClusters> cluster_parts(std::vector<std::uint32_t> part_of, const EdgeSource& edges,
                                    double resolution, std::size_t memory);

}  // namespace paa::topics::stages
