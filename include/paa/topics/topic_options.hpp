#pragma once
// How the topics are clustered (docs/topics.md): the one setting a user chooses (--resolution)
// and the budgets. Read once from the request and handed down to every view that has topics.
#include "paa/topics/topic_identity.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

namespace paa::topics {

struct TopicOptions {
  double resolution = 1.0;          // > 0; higher: more, smaller topics
  std::size_t memory = std::size_t{16} << 20;  // the sorts' budget, each (one or two at a time)
  std::uint64_t max_part_edges = 2'000'000;    // a part clustered at once (~100 bytes an edge in igraph)
  // The analysis the topics keep their ids from (topic_identity.hpp), opened only when the topics
  // are built; unset or null: none, each topic takes its representative's id. Its failure is
  // the build's (the caller's opener decides what is worth failing for).
  std::function<Result<std::unique_ptr<PreviousTopics>>()> previous;
  // Whether `previous` is this selection's own earlier analysis, so that what changed since is
  // recorded (TopicMap::trend); a view of another selection only takes its ids.
  bool trend = false;
};

}  // namespace paa::topics
