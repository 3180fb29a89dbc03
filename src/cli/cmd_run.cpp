// paa run JOB: its flags bound to app::RunFlags; the run itself is app::run_job (src/app).
#include "choice.hpp"
#include "commands.hpp"

#include "paa/app/run_flags.hpp"
#include "paa/app/run_job.hpp"

#include <cstdlib>
#include <memory>

namespace paa::cli {

Command add_run_command(CLI::App& app) {
  auto flags = std::make_shared<app::RunFlags>();
  Command c;
  c.app = app.add_subcommand("run", "Harvest every query x locale of a job into its store (resumable)");
  auto* a = c.app;
  a->add_option("JOB", flags->job, "Job file (TOML)")->required();
  a->add_option("--store", flags->store, "Store directory (default: the job's store)");
  a->add_option("--base-url", flags->base_url, "Service base URL, e.g. https://host/api (default: PAA_BASE_URL, then the job's base_url)");
  a->add_option("--ca-file", flags->ca_file, "Extra CA certificate (PEM) to trust besides the system store")->check(CLI::ExistingFile);
  a->add_option("--concurrency", flags->concurrency, "Connections / requests in flight")->check(CLI::Range(1, 1024));
  a->add_option("--rate", flags->rate, "Request starts per second (token bucket); 0 = unlimited")->check(CLI::NonNegativeNumber);
  a->add_option("--burst", flags->burst, "Token bucket size (as limits.burst: 1 to 1,000,000)")->check(CLI::Range(1, 1000000));
  a->add_option("--max-searches", flags->max_searches, "Never spend more than this many searches in this run; 0 = no cap")->check(CLI::NonNegativeNumber);
  a->add_option("--on-quota", flags->on_quota, "When the monthly quota is exhausted: wait for renewal, or stop (exit 4)")->transform(one_of({"wait", "stop"}));
  a->add_flag("--use-payg", flags->use_payg, "Allow spending pay-as-you-go credits once monthly searches are gone");
  a->add_option("--probe-interval", flags->probe_interval_s, "Seconds between probes of an exhausted quota")->capture_default_str()->check(CLI::PositiveNumber);
  a->add_option("--timeout", flags->timeout_s, "Deadline in seconds for each connect and each request")->check(CLI::PositiveNumber);
  a->add_option("--retries", flags->retries, "Retries of a failing key (5xx, network, bad body)")->check(CLI::Range(0, 100));
  a->add_option("--progress", flags->progress, "Progress display")->capture_default_str()->transform(one_of({"auto", "bar", "log", "none"}));
  a->add_flag("--refresh", flags->refresh, "Fetch keys again even when already stored (spends searches)");
  a->add_option("--refresh-after", flags->refresh_after,
                "Fetch stored keys again when their result is older than this (30d, 12h, 2w; spends searches); "
                "overrides the job's refresh_after");
  a->add_flag("--sync", flags->sync, "fsync every store commit (survives power loss; slower)");
  a->add_flag("--no-analysis", flags->no_analysis,
              "Do not compute the store's analysis after the run (the next view of the topics computes it)");
  a->add_option("--log-level", flags->log_level, "trace, debug, info, warn, error or off")->capture_default_str()->transform(one_of({"trace", "debug", "info", "warn", "error", "off"}));
  a->add_option("--max-body-mib", flags->max_body_mib, "Largest response body accepted, MiB")->capture_default_str()->check(CLI::PositiveNumber);
  a->add_option("--backoff-base-ms", flags->backoff_base_ms, "Retry back-off: first window, ms (full jitter, doubling)")->capture_default_str()->check(CLI::Range(1, 3600000))->group("Advanced");
  a->add_option("--backoff-cap-ms", flags->backoff_cap_ms, "Retry back-off: largest window, ms")->capture_default_str()->check(CLI::Range(1, 3600000))->group("Advanced");
  a->add_option("--outage-wait", flags->outage_wait,
                "How long to wait for an unreachable service before stopping (exit 6, resumable): 2h, 30m, ...; 0 "
                "stops at once; overrides the job's outage_wait (default 2h)");
  a->add_flag("--allow-plain-http", flags->allow_plain_http,
              "Allow an http:// base URL on another host than this one (the API key then travels in clear)");
  a->add_option("--outage-probe-base-ms", flags->outage_probe_base_ms, "An outage's probes: the first delay, ms (doubling)")->capture_default_str()->check(CLI::Range(1, 3600000))->group("Advanced");
  a->add_option("--outage-probe-cap-ms", flags->outage_probe_cap_ms, "An outage's probes: the longest delay, ms")->capture_default_str()->check(CLI::Range(1, 3600000))->group("Advanced");
  a->add_option("--notify-timeout", flags->notify_timeout_s, "The job's [notify]: the longest the end-of-run notice may take, retries included, seconds")->capture_default_str()->check(CLI::Range(1.0, 3600.0))->group("Advanced");
  a->add_option("--shard", flags->shard, "Harvest only shard I of N (I/N, e.g. 2/4) into its own store")->group("Scaling out");
  a->add_flag("--shard-from-env", flags->shard_from_env,
              "Take the shard from the array-job engine: JOB_COMPLETION_INDEX (with --shards), SLURM_ARRAY_TASK_*, AWS_BATCH_JOB_ARRAY_*")
      ->group("Scaling out");
  a->add_option("--shards", flags->shards, "The number of shards, with --shard-from-env on Kubernetes")
      ->check(CLI::Range(1, 100000))->group("Scaling out");
  c.run = [flags] { return app::run_job(*flags, [](const char* name) { return std::getenv(name); }); };
  return c;
}

}  // namespace paa::cli
