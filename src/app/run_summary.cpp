#include "paa/app/run_summary.hpp"

#include "paa/exit_code.hpp"
#include "paa/harvest/progress.hpp"
#include "paa/model/clock.hpp"
#include "paa/model/duration.hpp"

namespace paa::app {

namespace {

// The summary's first line after "paa run NAME: ": what stopped the run in words, its reason's
// name (as logs and `paa status --json` give it) in brackets.
std::string run_heading(const RunOutcome& run) {
  const StopReason stop = run.summary.stop;
  const std::string after = " after " + format_duration(run.summary.elapsed_s);
  if (run.code == kExitOk) return "done" + after;
  const char* why = nullptr;
  switch (stop) {
    case StopReason::none: return std::string(stop_reason_name(stop)) + after;
    case StopReason::auth: why = "the service refused the API key"; break;
    case StopReason::quota: why = "the quota is used up until it renews"; break;
    case StopReason::budget: why = "the run's budget is spent"; break;
    case StopReason::job_budget: why = "the job's budget is spent"; break;
    case StopReason::interrupted: why = "interrupted; a rerun resumes"; break;
    case StopReason::tls: why = "the TLS connection to the service failed"; break;
    case StopReason::input: why = "the job's input is wrong"; break;
    case StopReason::store_failure: why = "the store failed"; break;
    case StopReason::config: why = "the service's address or settings are wrong"; break;
    case StopReason::outage: why = "the service is down"; break;
  }
  return "stopped" + after + ": " + why + " (" + stop_reason_name(stop) + ")";
}

}  // namespace

void print_run_summary(std::FILE* out, const RunOutcome& run) {
  const JobSpec& spec = run.spec;
  const HarvestSummary& s = run.summary;
  const RunChanges& changes = run.changes;
  const int code = run.code;
  auto u = [](std::uint64_t v) { return static_cast<unsigned long long>(v); };
  // The store this run wrote, when status would not read it by default (--store, a shard's).
  const std::string status_store = spec.store == run.job_store ? "" : " --store " + spec.store.string();
  std::fprintf(out, "\npaa run %s: %s (run %s)\n", spec.name.c_str(), run_heading(run).c_str(), run.run_id.c_str());
  std::fprintf(out, "  stored now      %llu (served from cache %llu)\n", u(s.fetched), u(s.cached));
  std::fprintf(out, "  searches        %llu charged for stored answers", u(s.searches_spent));
  if (s.unknown_outcomes) {
    std::fprintf(out, ", %llu unknown outcome%s (sent, no usable answer: counted as spent; %llu proved free)",
                 u(s.unknown_outcomes), s.unknown_outcomes == 1 ? "" : "s", u(s.unknown_disproved));
  }
  std::fputc('\n', out);
  if (s.balance_fall) {
    std::fprintf(out, "  service figures the key's balance fell by at most %lld during the run (every client of the key)\n",
                 static_cast<long long>(*s.balance_fall));
  }
  if (spec.expand.enabled()) {
    std::fprintf(out, "  expansion       level %u of %d reached, %llu keys discovered in all", s.level,
                 spec.expand.depth, u(s.discovered));
    if (spec.expand.skip_variants) {
      std::fprintf(out, ", %llu variant%s of the job's keys skipped", u(s.variants_skipped),
                   s.variants_skipped == 1 ? "" : "s");
    }
    std::fputc('\n', out);
  }
  std::fprintf(out, "  already stored  %llu (skipped, nothing spent)\n", u(s.already_stored));
  if (spec.refresh_after_ms || changes.changed || changes.unchanged) {
    std::fprintf(out, "  refreshed       %llu: %llu changed, %llu unchanged", u(changes.changed + changes.unchanged),
                 u(changes.changed), u(changes.unchanged));
    if (spec.refresh_after_ms) {
      std::fprintf(out, " (%llu of %llu due: older than %s)", u(s.refresh_sent), u(run.refresh_due),
                   duration_text(*spec.refresh_after_ms).c_str());
    }
    std::fputc('\n', out);
  }
  if (s.duplicates) std::fprintf(out, "  duplicates      %llu (same key again in this job)\n", u(s.duplicates));
  if (s.failed) {
    std::fprintf(out, "  failed          %llu (a rerun retries them; `paa status %s%s --failed` lists them)\n",
                 u(s.failed), spec.file.string().c_str(), status_store.c_str());
  } else {
    std::fprintf(out, "  failed          0\n");
  }
  std::fprintf(out, "  pending         %llu\n", u(s.pending));
  std::fprintf(out, "  requests        %llu (%llu %s, %llu rate-limited", u(s.requests),
               u(s.retries), s.retries == 1 ? "retry" : "retries", u(s.rate_limited));
  if (s.resent_stale) std::fprintf(out, ", %llu resent on a fresh connection", u(s.resent_stale));
  std::fputs(")\n", out);
  if (s.task_errors) std::fprintf(out, "  internal errors %llu (see the log above)\n", u(s.task_errors));
  std::string quota;
  if (s.quota.searches_left) quota += std::to_string(*s.quota.searches_left) + " searches";
  if (s.quota.payg_credits_left) quota += (quota.empty() ? "" : ", ") + std::to_string(*s.quota.payg_credits_left) + " PAYG credits";
  if (s.quota.renewal_date) quota += (quota.empty() ? "renews " : ", renews ") + format_date(*s.quota.renewal_date);
  std::fprintf(out, "  quota left      %s\n", quota.empty() ? "unknown" : quota.c_str());
  // Answers arrive out of order, so spending goes by the lowest figure of the period; when the
  // service's latest says more (a renewal, bought credits), both are shown and named.
  if (s.latest_quota && s.latest_quota->searches_left && s.quota.searches_left &&
      *s.latest_quota->searches_left != *s.quota.searches_left) {
    std::fprintf(out,
                 "                  (the service's latest figure: %lld searches; the run went by the lowest of the "
                 "period, %lld)\n",
                 static_cast<long long>(*s.latest_quota->searches_left), static_cast<long long>(*s.quota.searches_left));
  }
  if (!s.stop_message.empty()) std::fprintf(out, "paa: %s\n", s.stop_message.c_str());
  if (code == kExitOk || code == kExitPartial) {
    // A job file selects its own keys in its store (a store may hold several jobs); an export
    // is suggested only when some key of the job has a result to export.
    const std::string job = spec.file.string() + status_store;
    if (s.fetched + s.cached + s.already_stored > 0) {
      std::fprintf(out, "next: paa status %s    |    paa export %s --format csv -o %s.csv\n", job.c_str(), job.c_str(),
                   spec.name.c_str());
    } else {
      std::fprintf(out, "next: paa status %s\n", job.c_str());
    }
  }
}

}  // namespace paa::app
