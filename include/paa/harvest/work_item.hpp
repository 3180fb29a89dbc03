#pragma once
// One key on its way from the feeder to a worker.
#include "paa/model/query_key.hpp"
#include "paa/model/seed_attributes.hpp"

#include <string>

namespace paa {

struct WorkItem {
  Query query;
  std::string key;  // encode_key(query.key); empty = end of input for one worker
  SeedAttributes attrs;  // the job's list's attributes for it (none for a discovered key)
  bool keep_attrs = false;  // a discovered key: its writes keep the attributes its entry holds
};

}  // namespace paa
