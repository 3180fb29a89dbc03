#pragma once
// `paa barrier JOB --shards N --level L` (docs/scaling-out.md "Expansion across shards"): makes
// level L of a sharded job's expansion from the shards' stores into the plan, exactly as one
// machine makes it, once every shard has settled its share of level L-1. Returns the exit code:
// 0 made (or made already), 7 some shard is not done (each named), 2 usage, 1 a store failed.
#include <cstdint>
#include <string>

namespace paa::app {

struct BarrierFlags {
  std::string job;
  std::uint32_t shards = 0;
  std::uint32_t level = 0;
  std::string store;  // the job's store, whose shard stores are `<store>-shard-I-of-N` ("": the job's)
  std::string plan;   // "": plan_store(store, N)
};

int run_barrier(const BarrierFlags& flags);

}  // namespace paa::app
