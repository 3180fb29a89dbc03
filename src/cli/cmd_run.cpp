// paa run JOB: harvest every (query x locale) of a job into its store.
#include "choice.hpp"
#include "commands.hpp"

#include "paa/exit_code.hpp"
#include "paa/harvest/harvester.hpp"
#include "paa/harvest/progress.hpp"
#include "paa/harvest/refresh_due.hpp"
#include "paa/model/duration.hpp"
#include "paa/job/job_file.hpp"
#include "paa/model/clock.hpp"
#include "paa/net/base_url.hpp"
#include "paa/notify/notify.hpp"
#include "paa/notify/run_end.hpp"
#include "paa/store/store.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>

namespace paa::cli {

namespace {

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
  std::string outage_wait;       // --outage-wait 2h (0: stop at once)
  int outage_probe_base_ms = 2000;
  int outage_probe_cap_ms = 300000;
  bool allow_plain_http = false;
  double notify_timeout_s = 30;  // [notify]: the whole delivery, retries included
  std::string shard;            // --shard I/N
  bool shard_from_env = false;  // --shard-from-env
  std::optional<std::uint32_t> shards;  // --shards N (Kubernetes Indexed Jobs)
};

// --shard, --shard-from-env and --shards, resolved; nullopt: the whole job.
Result<std::optional<Shard>> resolve_shard(const RunFlags& f) {
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
    auto s = shard_from_env([](const char* name) { return std::getenv(name); }, f.shards);
    if (!s) return s.error();
    return std::optional<Shard>(*s);
  }
  if (f.shards) {
    return make_error(errc::invalid_input,
                      "--shards N goes with --shard-from-env (a Kubernetes Indexed Job); or use --shard I/N");
  }
  return std::optional<Shard>();
}


// `job_store`: the store the job file names (status reads that one unless told otherwise).
void print_run_summary(const JobSpec& spec, const std::filesystem::path& job_store, const std::string& run_id,
                   const HarvestSummary& s, const RunChanges& changes, std::uint64_t refresh_due, int code) {
  auto u = [](std::uint64_t v) { return static_cast<unsigned long long>(v); };
  // The store this run wrote, when status would not read it by default (--store, a shard's).
  const std::string status_store = spec.store == job_store ? "" : " --store " + spec.store.string();
  std::fprintf(stderr, "\npaa run %s: %s after %s (run %s)\n", spec.name.c_str(),
               code == kExitOk ? "done" : stop_reason_name(s.stop), format_duration(s.elapsed_s).c_str(), run_id.c_str());
  std::fprintf(stderr, "  stored now      %llu (served from cache %llu)\n", u(s.fetched), u(s.cached));
  std::fprintf(stderr, "  searches        %llu charged for stored answers", u(s.searches_spent));
  if (s.unknown_outcomes) {
    std::fprintf(stderr, ", %llu unknown outcome%s (sent, no usable answer: counted as spent; %llu proved free)",
                 u(s.unknown_outcomes), s.unknown_outcomes == 1 ? "" : "s", u(s.unknown_disproved));
  }
  std::fputc('\n', stderr);
  if (s.balance_fall) {
    std::fprintf(stderr, "  service figures the key's balance fell by at most %lld during the run (every client of the key)\n",
                 static_cast<long long>(*s.balance_fall));
  }
  if (spec.expand.enabled()) {
    std::fprintf(stderr, "  expansion       level %u of %d reached, %llu keys discovered in all", s.level,
                 spec.expand.depth, u(s.discovered));
    if (spec.expand.skip_variants) {
      std::fprintf(stderr, ", %llu variant%s of the job's keys skipped", u(s.variants_skipped),
                   s.variants_skipped == 1 ? "" : "s");
    }
    std::fputc('\n', stderr);
  }
  std::fprintf(stderr, "  already stored  %llu (skipped, nothing spent)\n", u(s.already_stored));
  if (spec.refresh_after_ms || changes.changed || changes.unchanged) {
    std::fprintf(stderr, "  refreshed       %llu: %llu changed, %llu unchanged", u(changes.changed + changes.unchanged),
                 u(changes.changed), u(changes.unchanged));
    if (spec.refresh_after_ms) {
      std::fprintf(stderr, " (%llu of %llu due: older than %s)", u(s.refresh_sent), u(refresh_due),
                   duration_text(*spec.refresh_after_ms).c_str());
    }
    std::fputc('\n', stderr);
  }
  if (s.duplicates) std::fprintf(stderr, "  duplicates      %llu (same key again in this job)\n", u(s.duplicates));
  if (s.failed) {
    std::fprintf(stderr, "  failed          %llu (a rerun retries them; `paa status %s%s --failed` lists them)\n",
                 u(s.failed), spec.file.string().c_str(), status_store.c_str());
  } else {
    std::fprintf(stderr, "  failed          0\n");
  }
  std::fprintf(stderr, "  pending         %llu\n", u(s.pending));
  std::fprintf(stderr, "  requests        %llu (%llu %s, %llu rate-limited", u(s.requests),
               u(s.retries), s.retries == 1 ? "retry" : "retries", u(s.rate_limited));
  if (s.resent_stale) std::fprintf(stderr, ", %llu resent on a fresh connection", u(s.resent_stale));
  std::fputs(")\n", stderr);
  if (s.task_errors) std::fprintf(stderr, "  internal errors %llu (see the log above)\n", u(s.task_errors));
  std::string quota;
  if (s.quota.searches_left) quota += std::to_string(*s.quota.searches_left) + " searches";
  if (s.quota.payg_credits_left) quota += (quota.empty() ? "" : ", ") + std::to_string(*s.quota.payg_credits_left) + " PAYG credits";
  if (s.quota.renewal_date) quota += (quota.empty() ? "renews " : ", renews ") + format_date(*s.quota.renewal_date);
  std::fprintf(stderr, "  quota left      %s\n", quota.empty() ? "unknown" : quota.c_str());
  // Answers arrive out of order, so spending goes by the lowest figure of the period; when the
  // service's latest says more (a renewal, bought credits), both are shown and named.
  if (s.latest_quota && s.latest_quota->searches_left && s.quota.searches_left &&
      *s.latest_quota->searches_left != *s.quota.searches_left) {
    std::fprintf(stderr,
                 "                  (the service's latest figure: %lld searches; the run went by the lowest of the "
                 "period, %lld)\n",
                 static_cast<long long>(*s.latest_quota->searches_left), static_cast<long long>(*s.quota.searches_left));
  }
  if (!s.stop_message.empty()) std::fprintf(stderr, "paa: %s\n", s.stop_message.c_str());
  if (code == kExitOk || code == kExitPartial) {
    // This job's keys only: a store may hold several jobs.
    std::fprintf(stderr, "next: paa status %s%s    |    paa export --store %s --job %s --format csv -o %s.csv\n",
                 spec.file.string().c_str(), status_store.c_str(), spec.store.string().c_str(), spec.name.c_str(),
                 spec.name.c_str());
  }
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
Result<std::optional<Shard>> apply_shard(const RunFlags& f, JobSpec& spec) {
  auto shard = resolve_shard(f);
  if (!shard) return shard.error();
  if (*shard && spec.expand.enabled()) {
    return usage_error(spec.file.string() + ": [expand] and shards: a job that expands runs as one process "
                       "(levels are made from all of the level before); run it without a shard, or set depth = 0");
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
Result<ServiceEndpoint> resolve_endpoint(const RunFlags& f, const JobSpec& spec) {
  std::string base_url = f.base_url;
  if (base_url.empty()) {
    if (const char* env = std::getenv("PAA_BASE_URL"); env && *env) base_url = env;
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
  if (f.progress == "bar") options.progress = ProgressMode::bar;
  else if (f.progress == "log") options.progress = ProgressMode::log;
  else if (f.progress == "none") options.progress = ProgressMode::none;
}

void log_run_start(const JobSpec& spec, const JobCheck& checked, const std::optional<Shard>& shard,
                   const ServiceEndpoint& endpoint) {
  if (shard) {
    spdlog::info("run {} shard {}: {} of the job's keys into {} from {}", spec.name, shard->label(),
                 checked.unique_keys, spec.store.string(), endpoint.display());
  } else {
    spdlog::info("run {}: {} keys ({} queries x locales, {} duplicates) into {} from {}", spec.name,
                 checked.unique_keys, checked.requests, checked.duplicates, spec.store.string(),
                 endpoint.display());
  }
}

// After the harvest: the run's end recorded, the store closed, the summary printed, then the
// notice sent. Returns the exit code.
int finish_run(const RunFlags& f, const JobSpec& spec, const std::filesystem::path& job_store, StoreWriter& store,
               const std::string& run_id, const HarvestSummary& summary, std::uint64_t refresh_due,
               std::int64_t started_at_ms) {
  const int code = exit_code_for(summary);
  const std::int64_t ended_at_ms = unix_now_ms();
  if (auto r = store.record_run_end(spec.name, ended_at_ms, stop_reason_name(summary.stop),
                                    RunMoney{summary.requests, summary.fetched, summary.searches_spent,
                                             summary.unknown_outcomes, summary.unknown_disproved,
                                             summary.balance_fall});
      !r) {
    spdlog::error("{}", r.error().message);
  }
  const RunChanges changes = store.run_changes();
  auto closed = store.close();
  print_run_summary(spec, job_store, run_id, summary, changes, refresh_due, code);
  const int exit_code = closed ? code : fail(prefixed("closing the store failed: ", closed.error()));
  // Last, with the store closed: a slow receiver delays only the exit, and never changes its code.
  if (spec.notify.enabled()) {
    try {
      notify_run_end(spec.notify, run_notice_for(spec, run_id, summary, changes, exit_code, started_at_ms, ended_at_ms),
                     NotifyOptions{f.ca_file, std::chrono::milliseconds(static_cast<std::int64_t>(f.notify_timeout_s * 1000))});
    } catch (const std::exception& e) {  // a bug in delivery must not change how the run ended
      std::fprintf(stderr, "paa: notify: not sent: %s\n", e.what());
    }
  }
  return exit_code;
}

int run(RunFlags& f) {
  // Diagnostics go to stderr with the summary and the progress bar (main's logger).
  const auto level = spdlog::level::from_str(f.log_level);
  spdlog::set_level(level);

  auto loaded = load_job(f.job);
  if (!loaded) return fail(loaded.error());
  JobSpec spec = std::move(*loaded);
  const std::filesystem::path job_store = spec.store;
  if (auto applied = apply_run_flags(f, spec); !applied) return fail(applied.error());
  auto shard = apply_shard(f, spec);
  if (!shard) return fail(shard.error());

  const char* key = std::getenv(spec.api_key_env.c_str());
  if (key == nullptr || *key == '\0') {
    return fail(usage_error("no API key: set the environment variable " + spec.api_key_env +
                " (export " + spec.api_key_env + "=...; the job's api_key_env names it)"));
  }
  auto endpoint = resolve_endpoint(f, spec);
  if (!endpoint) return fail(endpoint.error());

  // Read the whole job once before anything is sent or written: a bad line 900,000 must not
  // surface after searches were spent. It also gives the total for the progress display.
  auto checked = check_job(spec, CheckOptions{*shard, 0});
  if (!checked) return fail(checked.error());
  if (checked->requests == 0) {
    // Lists that hold only blank lines or comments: an empty job, refused before a store exists.
    std::string lists;
    for (const auto& file : spec.query_files) lists += (lists.empty() ? "" : ", ") + file.string();
    return fail(usage_error(spec.file.string() + ": job has no queries: its query files (" + lists +
                ") hold only blank lines, comments or empty rows; add queries to them or `queries = [\"...\"]`"));
  }

  StoreOptions store_options;
  store_options.sync = f.sync;
  store_options.queue_capacity = store_queue_capacity(spec.limits.concurrency);
  auto store = StoreWriter::open(spec.store, store_options);
  if (!store) return fail(store.error());
  // A store holds one shard setting of a job for good: a resume with another is refused.
  std::optional<ShardClaim> claim;
  if (*shard) claim = ShardClaim{(*shard)->index, (*shard)->count, kShardHashVersion};
  if (auto claimed = (*store)->claim_shard(spec.name, claim); !claimed) return fail(claimed.error());

  HarvestOptions options;
  options.job = spec;
  options.endpoint = *endpoint;
  options.api_key = key;
  apply_harvest_flags(f, options);
  const std::int64_t started_at_ms = unix_now_ms();
  options.refresh = RefreshRule::after(spec.refresh_after_ms, started_at_ms);
  options.refresh.all = f.refresh;
  if (options.refresh.looks_at_age()) {
    // For the progress line: how many stored keys the rule makes due (one read per key).
    auto due = count_due_keys(spec, options.refresh, checked->repeated_key_hashes, *shard,
                              [&](std::string_view k) { return (*store)->fetched_at(k); });
    if (!due) return fail(due.error());
    options.refresh_due = due->due;
  }
  options.shard = *shard;
  options.total_keys = checked->unique_keys;
  options.repeated_key_hashes = std::move(checked->repeated_key_hashes);

  log_run_start(spec, *checked, *shard, *endpoint);
  auto run_id = (*store)->record_run_start(spec.name, started_at_ms);
  if (!run_id) return fail(run_id.error());
  spdlog::info("run id {}{}", *run_id,
               spec.refresh_after_ms ? fmt::format("; {} stored keys older than {} are due for refresh", options.refresh_due,
                                                   duration_text(*spec.refresh_after_ms))
                                     : std::string());

  auto harvested = run_harvest(options, **store);
  if (!harvested) {
    // Nothing was sent; the run is recorded as a store failure where the store still takes it.
    (void)(*store)->record_run_end(spec.name, unix_now_ms(), stop_reason_name(StopReason::store_failure), RunMoney{});
    (void)(*store)->close();
    return fail(harvested.error());
  }
  return finish_run(f, spec, job_store, **store, *run_id, *harvested, options.refresh_due, started_at_ms);
}

}  // namespace

Command add_run_command(CLI::App& app) {
  auto flags = std::make_shared<RunFlags>();
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
  c.run = [flags] { return run(*flags); };
  return c;
}

}  // namespace paa::cli
