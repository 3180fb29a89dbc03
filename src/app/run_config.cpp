#include "paa/app/run_config.hpp"

#include "paa/app/read_progress.hpp"
#include "paa/app/run_alerts.hpp"

#include "paa/exit_code.hpp"

#include "paa/app/command_failure.hpp"
#include "paa/harvest/shard_levels.hpp"
#include "paa/model/duration.hpp"
#include "paa/net/base_url.hpp"

#include <algorithm>
#include <chrono>

namespace paa::app {

namespace {

// --shard, --shard-from-env and --shards, resolved; nullopt: the whole job.
Result<std::optional<Shard>> resolve_shard(const RunFlags& f, const EnvLookup& environment) {
  if (!f.shard.empty() && f.shard_from_env) {
    return make_error(errc::invalid_input, "--shard and --shard-from-env: use one of them");
  }
  if (!f.shard.empty() && f.shards) {
    return make_error(errc::invalid_input, "--shards N goes with --shard-from-env; --shard I/N already says N");
  }
  if (!f.shard.empty()) {
    auto s = parse_shard(f.shard);
    if (!s) return s.error();
    return std::optional<Shard>(*s);
  }
  if (f.shard_from_env) {
    auto s = shard_from_env(environment, f.shards);
    if (!s) return s.error();
    return std::optional<Shard>(*s);
  }
  if (f.shards) {
    return make_error(errc::invalid_input,
                      "--shards N goes with --shard-from-env (a Kubernetes Indexed Job); or use --shard I/N");
  }
  return std::optional<Shard>();
}

// The job's [limits], its store and its refresh rule, with the command line's flags over them.
Result<void> apply_run_flags(const RunFlags& f, JobSpec& spec) {
  Limits& l = spec.limits;
  if (f.concurrency) l.concurrency = *f.concurrency;
  if (f.rate) l.rate = *f.rate;
  if (f.burst) l.burst = *f.burst;
  if (f.max_searches) l.max_searches = *f.max_searches;
  if (!f.on_quota.empty()) l.on_quota = f.on_quota == "stop" ? OnQuota::stop : OnQuota::wait;
  if (f.use_payg) l.use_payg = true;
  if (f.timeout_s) l.timeout_s = *f.timeout_s;
  if (f.retries) l.retries = *f.retries;
  if (!f.outage_wait.empty()) {
    auto ms = parse_outage_wait(f.outage_wait);
    if (!ms) return prefixed("--outage-wait: ", ms.error());
    l.outage_wait_ms = *ms;
  }
  if (!f.store.empty()) spec.store = f.store;
  if (!f.refresh_after.empty()) {
    auto ms = parse_duration(f.refresh_after);
    if (!ms) return prefixed("--refresh-after: ", ms.error());
    spec.refresh_after_ms = *ms;
  }
  if (f.refresh && spec.refresh_after_ms) {
    return usage_error("--refresh fetches every stored key again and refresh_after only the older ones: use one of them"
                       " (refresh_after may come from the job file)");
  }
  return {};
}

// The shard this process runs (nullopt: the whole job); a shard's store and API key variable
// are set in `spec`.
Result<std::optional<Shard>> apply_shard(const RunFlags& f, const EnvLookup& environment, JobSpec& spec) {
  auto shard = resolve_shard(f, environment);
  if (!shard) return shard.error();
  if (*shard && spec.expand.enabled() && !f.store.empty()) {
    // The barrier finds an expanding job's shard stores by their names beside the plan.
    return usage_error(spec.file.string() + ": [expand] and --store with a shard: an expanding job's shards keep "
                       "their stores beside the job's (STORE-shard-I-of-N), where `paa barrier` finds them; drop "
                       "--store (the job file's store names them)");
  }
  if (*shard) {
    // Each shard its own store (unless --store says where) and, if the job says so, its own key.
    if (f.store.empty()) spec.store = shard_store(spec.store, **shard);
    spec.api_key_env = shard_key_env(spec.api_key_env, **shard);
  } else if (spec.api_key_env.find("{shard}") != std::string::npos) {
    return usage_error(spec.file.string() + ": api_key_env \"" + spec.api_key_env +
                       "\" names one key per shard: run with --shard I/N or --shard-from-env");
  }
  return shard;
}

// The service's address: --base-url, then PAA_BASE_URL, then the job's; plain http:// only to
// this machine unless --allow-plain-http.
Result<ServiceEndpoint> resolve_endpoint(const RunFlags& f, const EnvLookup& environment, const JobSpec& spec) {
  std::string base_url = f.base_url;
  if (base_url.empty()) {
    if (const char* env = environment("PAA_BASE_URL"); env && *env) base_url = env;
  }
  if (base_url.empty()) base_url = spec.base_url;
  if (base_url.empty()) {
    return usage_error("no service address: set base_url in " + spec.file.string() +
                       ", PAA_BASE_URL, or pass --base-url https://host/api");
  }
  auto endpoint = parse_base_url(base_url);
  if (!endpoint) return endpoint.error();
  if (!endpoint->tls && !endpoint->loopback() && !f.allow_plain_http) {
    return usage_error(endpoint->display() + ": plain http:// would send the API key (" + spec.api_key_env +
                       ") in clear across the network; use https://, or pass --allow-plain-http if every network "
                       "between here and the service is yours");
  }
  return endpoint;
}

// What the flags say of how the harvest runs (the job, its keys and the refresh are set by run).
void apply_harvest_flags(const RunFlags& f, HarvestOptions& options) {
  options.ca_file = f.ca_file;
  options.probe_interval = std::chrono::milliseconds(static_cast<std::int64_t>(f.probe_interval_s * 1000));
  options.max_body = static_cast<std::size_t>(f.max_body_mib * 1024 * 1024);
  options.backoff_base = std::chrono::milliseconds(f.backoff_base_ms);
  options.backoff_cap = std::chrono::milliseconds(std::max(f.backoff_base_ms, f.backoff_cap_ms));
  options.outage_probe_base = std::chrono::milliseconds(f.outage_probe_base_ms);
  options.outage_probe_cap = std::chrono::milliseconds(std::max(f.outage_probe_base_ms, f.outage_probe_cap_ms));
  options.progress = progress_mode(f.progress);
}

}  // namespace

Result<RunConfig> resolve_run_config(const RunFlags& flags, JobSpec job, const EnvLookup& environment) {
  RunConfig config;
  config.job_store = job.store;
  if (auto applied = apply_run_flags(flags, job); !applied) return applied.error();
  auto shard = apply_shard(flags, environment, job);
  if (!shard) return shard.error();
  config.shard = *shard;
  if (auto alerts = check_alerts(job); !alerts) return alerts.error();
  const char* key = environment(job.api_key_env.c_str());
  if (key == nullptr || *key == '\0') {
    return usage_error("no API key: set the environment variable " + job.api_key_env + " (export " + job.api_key_env +
                       "=...; the job's api_key_env names it)");
  }
  auto endpoint = resolve_endpoint(flags, environment, job);
  if (!endpoint) return endpoint.error();
  config.harvest.endpoint = *endpoint;
  config.harvest.api_key = key;
  config.harvest.shard = *shard;
  // An expanding job's shard feeds the levels the barrier planned (docs/scaling-out.md).
  if (*shard && job.expand.enabled()) config.harvest.plan = plan_store(config.job_store, (*shard)->count);
  apply_harvest_flags(flags, config.harvest);
  config.refresh_all = flags.refresh;
  config.store.sync = flags.sync;
  config.store.queue_capacity = store_queue_capacity(job.limits.concurrency);
  config.notify = NotifyOptions{flags.ca_file,
                                std::chrono::milliseconds(static_cast<std::int64_t>(flags.notify_timeout_s * 1000))};
  config.analysis_after_run = !flags.no_analysis && job.analysis_after_run.value_or(!shard->has_value());
  config.spec = std::move(job);
  return config;
}

bool analysis_after_run(const RunConfig& config, int exit_code) {
  return config.analysis_after_run && (exit_code == kExitOk || exit_code == kExitQuota || exit_code == kExitPartial);
}

}  // namespace paa::app
