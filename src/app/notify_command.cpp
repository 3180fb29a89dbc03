#include "paa/app/notify_command.hpp"

#include "paa/app/command_failure.hpp"
#include "paa/app/run_alerts.hpp"
#include "paa/exit_code.hpp"
#include "paa/notify/notify.hpp"
#include "paa/notify/run_end.hpp"

#include <chrono>
#include <cstdio>

namespace paa::app {
namespace {

// The job's last run that ended, as the store recorded it.
Result<RunInfo> last_run(StoreReader& store, const std::string& job, const std::string& store_dir) {
  auto runs = store.runs();
  if (!runs) return runs.error();
  const RunInfo* last = nullptr;
  for (const RunInfo& r : *runs) {
    if (r.job == job && r.ended_at_ms > 0 && (last == nullptr || r.started_at_ms >= last->started_at_ms)) last = &r;
  }
  if (last == nullptr) {
    return usage_error("store '" + store_dir + "' has no finished run of job '" + job + "'; run `paa run` first");
  }
  return *last;
}

// The notice of the job's last run, its alerts read as after the run.
Result<RunNotice> last_notice(const JobSpec& spec) {
  const std::string store_dir = spec.store.string();
  RunNotice notice;
  {
    auto store = StoreReader::open(spec.store);
    if (!store) return store.error();
    auto run = last_run(**store, spec.name, store_dir);
    if (!run) return run.error();
    auto stats = (*store)->job_stats(spec.name);
    if (!stats) return stats.error();
    notice = run_notice_from_record(spec, *run, stats->failed);
  }
  auto alerts = read_run_alerts(spec.notify, spec.store, spec.name, notice.started_at_ms, notice.ended_at_ms);
  if (!alerts) return alerts.error();
  notice.alerts = std::move(*alerts);
  return notice;
}

}  // namespace

int run_notify(const NotifyFlags& f) {
  auto spec = load_job(f.job_file, QueryLists::may_be_gone);
  if (!spec) return fail(spec.error());
  if (!spec->notify.enabled()) {
    return fail(usage_error(f.job_file + " has no [notify] url: nothing to notify (docs/jobs.md \"[notify]\")"));
  }
  if (!f.store.empty()) spec->store = f.store;
  if (auto alerts = check_alerts(*spec); !alerts) return fail(alerts.error());
  auto notice = last_notice(*spec);
  if (!notice) return fail(notice.error());
  if (!notice_has_news(*notice)) {
    std::fprintf(stderr, "paa notify: %s\n", no_news_message(*notice->alerts).c_str());
    return kExitOk;
  }
  if (f.dry_run) {
    const std::string out = f.format == "text" ? notice_plain_text(*notice) : notice_body(*notice) + "\n";
    std::fwrite(out.data(), 1, out.size(), stdout);
    return std::fflush(stdout) == 0 ? kExitOk : fail(make_error(errc::io, "writing the notice to standard output failed"));
  }
  const NotifyOptions options{f.ca_file, std::chrono::milliseconds(static_cast<std::int64_t>(f.timeout_s * 1000))};
  return notify_run_end(spec->notify, *notice, options) ? kExitOk : kExitUnreachable;
}

}  // namespace paa::app
