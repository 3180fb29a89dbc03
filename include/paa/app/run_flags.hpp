#pragma once
// What `paa run`'s command line says, as given: empty or absent means "not given" (the job's
// value, or the default, stands). The CLI binds its flags to these fields and nothing more;
// resolve_run_config (run_config.hpp) decides what they mean.
#include <cstdint>
#include <optional>
#include <string>

namespace paa::app {

struct RunFlags {
  std::string job;
  std::string store;
  std::string base_url;
  std::string ca_file;
  std::optional<int> concurrency;
  std::optional<double> rate;
  std::optional<int> burst;
  std::optional<std::int64_t> max_searches;
  std::string on_quota;
  bool use_payg = false;
  double probe_interval_s = 3600;
  std::optional<double> timeout_s;
  std::optional<int> retries;
  std::string progress = "auto";
  bool refresh = false;
  std::string refresh_after;  // --refresh-after 30d
  bool sync = false;
  std::string log_level = "info";
  double max_body_mib = 16;
  int backoff_base_ms = 1000;
  int backoff_cap_ms = 60000;
  std::string outage_wait;  // --outage-wait 2h (0: stop at once)
  int outage_probe_base_ms = 2000;
  int outage_probe_cap_ms = 300000;
  bool allow_plain_http = false;
  double notify_timeout_s = 30;         // [notify]: the whole delivery, retries included
  std::string shard;                    // --shard I/N
  bool shard_from_env = false;          // --shard-from-env
  std::optional<std::uint32_t> shards;  // --shards N (Kubernetes Indexed Jobs)
  bool no_analysis = false;             // --no-analysis: not the kept analysis after the run
};

}  // namespace paa::app
