#pragma once
// `paa run`: harvests every key of a job into the store. See docs/running.md "How a run works".
#include "paa/harvest/refresh_rule.hpp"
#include "paa/harvest/start_gate.hpp"
#include "paa/harvest/stop_reason.hpp"
#include "paa/job/job_file.hpp"
#include "paa/net/base_url.hpp"
#include "paa/net/http_connection.hpp"
#include "paa/store/store.hpp"

#include <chrono>
#include <filesystem>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace paa {

enum class ProgressMode { automatic, bar, log, none };

struct HarvestOptions {
  JobSpec job;               // limits already merged with the command-line flags
  ServiceEndpoint endpoint;
  std::string ca_file;
  std::string api_key;       // never printed, logged or stored
  std::chrono::milliseconds probe_interval{std::chrono::hours(1)};
  std::chrono::milliseconds drain_timeout{std::chrono::seconds(10)};
  RefreshRule refresh;         // --refresh, or refresh_after's cut-off
  std::uint64_t refresh_due = 0;  // stored keys the rule makes due (counted before the run)
  std::optional<Shard> shard;  // harvest only this shard's keys (--shard I/N)
  // An expanding job's shard: the plan whose levels it feeds its share of (shard_levels.hpp).
  std::filesystem::path plan;
  // Under a job-wide budget ([limits] job_max_searches): what this run may count (the job's or
  // the shard's allowance less what earlier runs counted), how it was reached, and how much one
  // reservation raises (paa/policy/job_budget.hpp, spend_reservation.hpp).
  std::optional<std::uint64_t> job_allowance;
  std::string job_share;  // "shard 2/4's share: 310" (for the stop message); "" unsharded
  std::uint64_t reservation_step = 16;
  ProgressMode progress = ProgressMode::automatic;
  std::size_t max_body = 16u << 20;
  std::uint64_t total_keys = 0;  // unique keys of the job (from check_job), for progress
  std::vector<std::uint64_t> repeated_key_hashes;  // from check_job: keys listed twice or more
  std::chrono::milliseconds backoff_base{1000};
  std::chrono::milliseconds backoff_cap{60000};
  // A store write not acknowledged within this is a store failure (the run stops, exit 1).
  std::chrono::milliseconds store_ack_timeout{std::chrono::minutes(2)};
  int max_rate_limited_in_a_row = 1000;  // 429s with Retry-After for one key, then it fails
  // An outage's probes (docs/running.md "Outages"): the first after this, doubling to the cap.
  std::chrono::milliseconds outage_probe_base{std::chrono::seconds(2)};
  std::chrono::milliseconds outage_probe_cap{std::chrono::minutes(5)};
  // Each worker's connection; empty: an HttpConnection to `endpoint` (tests plug in others).
  std::function<std::unique_ptr<Transport>(boost::asio::any_io_executor)> transport;
};

struct HarvestSummary {
  std::uint64_t fetched = 0;         // stored by this run
  std::uint64_t already_stored = 0;  // skipped: stored by an earlier run or job
  std::uint64_t refresh_sent = 0;    // stored keys sent again because refresh_after made them due
  std::uint64_t duplicates = 0;      // the same key again while it was in flight
  std::uint64_t failed = 0;          // recorded failed by this run
  std::uint64_t cached = 0;          // fetched answers the service served from its cache
  std::uint64_t searches_spent = 0;  // non-cached fetched answers: charged for sure
  std::uint64_t unknown_outcomes = 0;   // sent, no usable answer: counted as spent
  std::uint64_t unknown_disproved = 0;  // of those: proved free by the service's figures
  std::optional<std::int64_t> balance_fall;  // the service's balance fell by at most this
  std::uint64_t requests = 0;        // requests sent (attempts)
  std::uint64_t retries = 0;         // attempts after the first, any cause
  std::uint64_t resent_stale = 0;    // of those: at once, after a stale kept-alive connection
  std::uint64_t rate_limited = 0;    // 429 with Retry-After
  std::uint64_t task_errors = 0;     // unexpected exceptions in coroutines (bugs): logged
  std::uint64_t pending = 0;         // keys left for the next run
  std::uint32_t level = 0;           // expansion: the level the run reached
  std::uint64_t discovered = 0;      // expansion: keys the job has discovered, all levels
  std::uint64_t variants_skipped = 0;  // skip_variants: candidates not admitted as variants, all levels
  StopReason stop = StopReason::none;
  std::string stop_message;          // what happened and what to do
  double elapsed_s = 0;
  QuotaState quota;  // the lowest figures of the period: what spending went by
  std::optional<QuotaFields> latest_quota;  // the figures of the answer that arrived last
};

// The feeder's bookkeeping writes (keys another job already stored) in flight at most, so the
// store's bounded queue always has room for the workers' writes, which hold paid results.
inline constexpr std::size_t kFeederStoreWrites = 1024;
// The writer queue for a run: every worker's write (one each, awaited) with room to spare,
// plus the feeder's share.
inline std::size_t store_queue_capacity(int concurrency) {
  return static_cast<std::size_t>(concurrency) * 4 + kFeederStoreWrites;
}

// Runs the harvest until the job is done or a stop condition. Installs SIGINT/SIGTERM handlers
// for its duration (the first drains and stops; the second exits at once). An error: the run
// could not start (the store's quota record cannot be read), and nothing was sent.
Result<HarvestSummary> run_harvest(const HarvestOptions& options, StoreWriter& store);

// The exit code for a summary (docs/running.md "Exit codes").
int exit_code_for(const HarvestSummary& summary);

}  // namespace paa
