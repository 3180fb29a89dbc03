#pragma once
// How the topics are clustered (docs/topics.md): the one setting a user chooses (--resolution)
// and the budgets. Read once from the request and handed down to every view that has topics.
#include <cstddef>
#include <cstdint>

namespace paa::topics {

struct TopicOptions {
  double resolution = 1.0;          // > 0; higher: more, smaller topics
  std::size_t memory = std::size_t{16} << 20;  // the sorts' budget, each (one or two at a time)
  std::uint64_t max_part_edges = 2'000'000;    // a part clustered at once (~100 bytes an edge in igraph)
};

}  // namespace paa::topics
