#include "paa/app/run_job.hpp"

#include "paa/app/read_progress.hpp"

#include "paa/app/command_failure.hpp"
#include "paa/app/run_alerts.hpp"
#include "paa/app/run_budget.hpp"
#include "paa/app/run_config.hpp"
#include "paa/app/run_summary.hpp"
#include "paa/exit_code.hpp"
#include "paa/harvest/progress.hpp"
#include "paa/harvest/refresh_due.hpp"
#include "paa/model/clock.hpp"
#include "paa/model/duration.hpp"
#include "paa/notify/run_end.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <iterator>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

namespace paa::app {

namespace {

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

// The kept analysis after the run (docs/store.md "The kept analysis"): `paa analyze` in a child
// process, so the harvest's memory and time stay the harvest's own, waited for before the notice
// (which may then speak of topics). Its failure is a warning: the run's exit code is the run's.
// The child's pid while the run waits for it: a SIGINT, SIGTERM or SIGHUP sent to the run alone
// (timeout, a supervisor) is passed on to the analysis instead of ending the run, whose exit code
// and notice are already decided.
volatile std::sig_atomic_t g_analysis_child = 0;

extern "C" void forward_to_analysis(int signo) {
  const pid_t child = g_analysis_child;
  if (child > 0) ::kill(child, signo);
}

void analyze_after_run(const JobSpec& spec, ProgressMode progress) {
  const std::string store = spec.store.string();
  // The child shows its progress as the run showed its own (--progress).
  std::vector<std::string> args{"paa",       "analyze", "--store", store, "--job", spec.name, "--progress",
                                progress_word(progress)};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  constexpr int kForwarded[] = {SIGINT, SIGTERM, SIGHUP};
  // The child starts with these at their defaults and none blocked (its main installs its own).
  posix_spawnattr_t attr;
  ::posix_spawnattr_init(&attr);
  sigset_t defaults, none;
  sigemptyset(&defaults);
  sigemptyset(&none);
  for (const int signo : kForwarded) sigaddset(&defaults, signo);
  ::posix_spawnattr_setsigdefault(&attr, &defaults);
  ::posix_spawnattr_setsigmask(&attr, &none);
  ::posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  struct sigaction forward {};
  forward.sa_handler = forward_to_analysis;
  sigemptyset(&forward.sa_mask);
  struct sigaction saved[std::size(kForwarded)];
  for (std::size_t i = 0; i < std::size(kForwarded); ++i) ::sigaction(kForwarded[i], &forward, &saved[i]);
  pid_t child = 0;
  int status = 0;
  std::string failure;
  if (const int spawned = ::posix_spawn(&child, "/proc/self/exe", nullptr, &attr, argv.data(), environ); spawned != 0) {
    failure = std::string("it could not start: ") + std::strerror(spawned);
  } else {
    g_analysis_child = child;
    pid_t waited = 0;
    do {
      waited = ::waitpid(child, &status, 0);
    } while (waited < 0 && errno == EINTR);
    g_analysis_child = 0;
    if (waited < 0) {
      failure = std::string("it could not be waited for: ") + std::strerror(errno);
    } else if (WIFSIGNALED(status)) {
      failure = std::string("it was stopped by ") + ::strsignal(WTERMSIG(status));
    } else if (WEXITSTATUS(status) != 0) {
      failure = "it exited " + std::to_string(WEXITSTATUS(status));
    }
  }
  for (std::size_t i = 0; i < std::size(kForwarded); ++i) ::sigaction(kForwarded[i], &saved[i], nullptr);
  ::posix_spawnattr_destroy(&attr);
  if (!failure.empty()) {
    std::fprintf(stderr,
                 "paa: warning: the analysis after the run did not finish (%s); the next view of the topics "
                 "computes it, or `paa analyze --store %s --job %s`\n",
                 failure.c_str(), store.c_str(), spec.name.c_str());
  }
}

// The run's notice, with its alerts when [notify] on asks for them (read from the closed store);
// not sent when they say nothing changed. Never changes the run's exit code.
void send_notice(const JobSpec& spec, RunNotice& notice, const NotifyOptions& options) {
  auto alerts = read_run_alerts(spec.notify, spec.store, spec.name, notice.started_at_ms, notice.ended_at_ms);
  if (!alerts) {
    std::fprintf(stderr, "paa: notify: not sent: the alerts could not be read: %s\n", alerts.error().message.c_str());
    return;
  }
  notice.alerts = std::move(*alerts);
  if (!notice_has_news(notice)) {
    std::fprintf(stderr, "paa: notify: %s\n", no_news_message(*notice.alerts).c_str());
    return;
  }
  notify_run_end(spec.notify, notice, options);
}

// After the harvest: the run's end recorded, the store closed, the summary printed, the kept
// analysis made (when asked), then the notice sent. Returns the exit code.
int finish_run(const RunConfig& config, StoreWriter& store, const std::string& run_id, const HarvestSummary& summary,
               std::uint64_t refresh_due, std::int64_t started_at_ms) {
  const JobSpec& spec = config.spec;
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
  print_run_summary(stderr, {spec, config.job_store, run_id, summary, changes, refresh_due, code});
  const int exit_code = closed ? code : fail(prefixed("closing the store failed: ", closed.error()));
  if (analysis_after_run(config, exit_code)) analyze_after_run(spec, config.harvest.progress);
  // Last, with the store closed: a slow receiver delays only the exit, and never changes its code.
  if (spec.notify.enabled()) {
    try {
      RunNotice notice = run_notice_for(spec, run_id, summary, changes, exit_code, started_at_ms, ended_at_ms);
      send_notice(spec, notice, config.notify);
    } catch (const std::exception& e) {  // a bug in delivery must not change how the run ended
      std::fprintf(stderr, "paa: notify: not sent: %s\n", e.what());
    }
  }
  return exit_code;
}

}  // namespace

int run_job(const RunFlags& flags, const EnvLookup& environment) {
  // Diagnostics go to stderr with the summary and the progress bar (main's logger).
  spdlog::set_level(spdlog::level::from_str(flags.log_level));

  auto loaded = load_job(flags.job);
  if (!loaded) return fail(loaded.error());
  auto resolved = resolve_run_config(flags, std::move(*loaded), environment);
  if (!resolved) return fail(resolved.error());
  RunConfig& config = *resolved;
  const JobSpec& spec = config.spec;

  // Read the whole job once before anything is sent or written: a bad line 900,000 must not
  // surface after searches were spent. It also gives the total for the progress display.
  // A shard under a job budget also counts every shard's keys: the seeds' split of the budget.
  const bool split_budget = config.shard && spec.limits.job_max_searches > 0;
  auto checked = check_job(spec, CheckOptions{config.shard, split_budget ? config.shard->count : 0});
  if (!checked) return fail(checked.error());
  if (checked->requests == 0) {
    // Lists that hold only blank lines or comments: an empty job, refused before a store exists.
    std::string lists;
    for (const auto& file : spec.query_files) lists += (lists.empty() ? "" : ", ") + file.path.string();
    return fail(usage_error(spec.file.string() + ": job has no queries: its query files (" + lists +
                            ") hold only blank lines, comments or empty rows; add queries to them or `queries = [\"...\"]`"));
  }

  auto store = StoreWriter::open(spec.store, config.store);
  if (!store) return fail(store.error());
  // A store holds one shard setting of a job for good: a resume with another is refused.
  std::optional<ShardClaim> claim;
  if (config.shard) claim = ShardClaim{config.shard->index, config.shard->count, kShardHashVersion};
  if (auto claimed = (*store)->claim_shard(spec.name, claim); !claimed) return fail(claimed.error());

  HarvestOptions& options = config.harvest;
  auto budget = run_budget(config, *checked, **store);
  if (!budget) return fail(budget.error());
  if (*budget) {
    const RunBudget& b = **budget;
    options.job_allowance = b.run_allowance;
    options.job_share = b.share;
    options.reservation_step = std::max<std::uint64_t>(16, static_cast<std::uint64_t>(spec.limits.concurrency));
    spdlog::info("job budget: job_max_searches = {}{}; earlier runs of this store counted {}; this run may spend {}",
                 b.budget, b.share.empty() ? std::string() : ", " + b.share, b.counted_before, b.run_allowance);
  }
  options.job = spec;
  const std::int64_t started_at_ms = unix_now_ms();
  options.refresh = RefreshRule::after(spec.refresh_after_ms, started_at_ms);
  options.refresh.all = config.refresh_all;
  if (options.refresh.looks_at_age()) {
    // For the progress line: how many stored keys the rule makes due (one read per key).
    auto due = count_due_keys(spec, options.refresh, checked->repeated_key_hashes, config.shard,
                              [&](std::string_view k) { return (*store)->fetched_at(k); });
    if (!due) return fail(due.error());
    options.refresh_due = due->due;
  }
  options.total_keys = checked->unique_keys;
  options.repeated_key_hashes = std::move(checked->repeated_key_hashes);

  log_run_start(spec, *checked, config.shard, options.endpoint);
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
  return finish_run(config, **store, *run_id, *harvested, options.refresh_due, started_at_ms);
}

}  // namespace paa::app
