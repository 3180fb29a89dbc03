#pragma once
// Internal, the topic map's last stage: the numbers the user sees, 0.. most demand first, then
// most trees (ties by id; TopicRank), so that topic 0 is the biggest and a topic keeps its number
// while its rank holds.
#include "topic_records.hpp"

namespace paa::topics::stages {

struct TopicNumbering {
  std::vector<std::uint32_t> number;   // by the clusters' topic
  std::vector<std::uint64_t> offsets;  // each record's, by number
};

// `ranks`: TopicRecords's (read once); `offsets`: by the clusters' topic.
Result<TopicNumbering> number_topics(extmem::SortedRuns<TopicRank>& ranks, const std::vector<std::uint64_t>& offsets);

}  // namespace paa::topics::stages
