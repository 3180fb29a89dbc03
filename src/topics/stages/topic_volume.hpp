#pragma once
// Internal, a stage of the topic map after the clusters: each topic's demand (docs/topics.md
// "Demand"), each distinct seed's volume once over all the topic's groups (a seed whose tree
// holds ten of the topic's questions counts once, not ten times), by one external sort of
// (topic, seed) pairs. No seed with a volume: no pair, all zero, nothing sorted.
#include "topic_graph.hpp"

namespace paa::topics::stages {

using GroupSeedVisit = std::function<Result<void>(const GroupSeed&)>;
using GroupSeedSource = std::function<Result<void>(const GroupSeedVisit&)>;  // QuestionGroups::for_each_group_seed

// By topic (the clusters' numbering); saturating.
Result<std::vector<std::uint64_t>> volume_per_topic(const GroupSeedSource& seeds,
                                                    const std::vector<std::uint32_t>& topic_of, std::uint32_t topics,
                                                    std::size_t memory);

}  // namespace paa::topics::stages
