#pragma once
// One key on its way from the feeder to a worker.
#include "paa/model/query_key.hpp"

#include <string>

namespace paa {

struct WorkItem {
  Query query;
  std::string key;  // encode_key(query.key); empty = end of input for one worker
};

}  // namespace paa
