#pragma once
// `paa status` and `paa check` as the CLI calls them: the job file loaded, the report built and
// rendered (status_report.hpp, check_report.hpp). Each returns the exit code.
#include <cstdint>
#include <string>
#include <vector>

namespace paa::app {

struct StatusFlags {
  std::string job;  // the job file as the user named it ("" = every job of --store)
  std::vector<std::string> stores;  // --store, repeated: several stores as one (a job's shards)
  std::uint32_t shards = 0;         // --shards N: the job's N shard stores as one, and the next step
  bool json = false;
  bool failed = false;
};
int run_status(const StatusFlags& flags);

// `shards`: also count each of N shards' keys (0 = no).
int run_check(const std::string& job_file, std::uint32_t shards);

}  // namespace paa::app
