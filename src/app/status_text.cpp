#include "paa/app/status_render.hpp"

#include "paa/model/envelope.hpp"

#include "status_format.hpp"

#include <filesystem>
#include <string>

namespace paa::app {

namespace {

using status_format::num;
using status_format::utc;

// `with_id`: "20261123-180007: started ..." (the run list prints the id in its own column).
std::string run_text(const RunInfo& run, bool with_id = true) {
  if (run.started_at_ms == 0) return "never";
  std::string out = !with_id || run.run_id.empty() ? "" : run.run_id + ": ";
  out += "started " + utc(run.started_at_ms) + ", ";
  if (run.ended_at_ms == 0) return out + "running or interrupted";
  out += "ended " + utc(run.ended_at_ms);
  if (!run.outcome.empty()) out += " (" + run.outcome + ")";
  return out;
}

// Where the last run's searches went.
std::string money_text(const RunMoney& m) {
  std::string out = std::to_string(m.requests) + " requests, " + std::to_string(m.stored) +
                    " stored, " + std::to_string(m.charged) + " charged";
  if (m.unknown) {
    out += ", " + std::to_string(m.unknown) + " unknown outcome" + (m.unknown == 1 ? "" : "s") + " (" +
           std::to_string(m.unknown_disproved) + " proved free)";
  }
  if (m.balance_fall) out += "; service balance fell by at most " + std::to_string(*m.balance_fall);
  return out;
}

std::string changes_text(const RunInfo& run) {
  if (run.ended_at_ms == 0) return "";
  const RunChanges& c = run.changes;
  return num(c.new_keys) + " new, " + num(c.changed) + " changed, " + num(c.unchanged) + " unchanged";
}

// The runs of the jobs shown, oldest first; text shows the latest kRunsShown.
constexpr std::size_t kRunsShown = 10;
void print_runs(std::FILE* out, const std::string& store, const std::vector<RunInfo>& runs) {
  if (runs.empty()) return;
  std::fprintf(out, "\nruns (%s in all%s; `paa diff --store %s --from RUN` compares them)\n", num(runs.size()).c_str(),
              runs.size() > kRunsShown ? ", the latest 10 below, `--json` lists all" : "", store.c_str());
  for (std::size_t i = runs.size() > kRunsShown ? runs.size() - kRunsShown : 0; i < runs.size(); ++i) {
    const RunInfo& r = runs[i];
    std::fprintf(out, "  %-17s %-12s %s", r.run_id.c_str(), r.job.c_str(), run_text(r, /*with_id=*/false).c_str());
    const std::string changes = changes_text(r);
    if (!changes.empty()) std::fprintf(out, "; %s", changes.c_str());
    std::fprintf(out, "\n");
  }
}

void print_report(std::FILE* out, const std::string& store, const std::vector<JobRow>& rows, const QuotaState& quota,
                  const std::vector<RunInfo>& runs) {
  std::fprintf(out, "store '%s'\n", store.c_str());
  if (rows.empty()) std::fprintf(out, "\nno jobs in this store yet\n");
  for (const auto& row : rows) {
    const auto& s = row.stats;
    auto pending = row.pending();
    auto share = row.cached_share();
    std::fprintf(out, "\njob %s\n", s.job.c_str());
    std::string discovered;
    for (std::size_t i = 1; i < row.levels.size(); ++i) {
      if (i == 1) discovered = " (+";
      discovered += (i > 1 ? "+" : "") + num(row.levels[i].keys.value_or(0));
      if (i + 1 == row.levels.size()) discovered += " discovered)";
    }
    std::fprintf(out, "  keys in the job   %s%s\n", row.keys_in_job ? num(*row.keys_in_job).c_str() : "-",
                discovered.c_str());
    std::fprintf(out, "  done              %s\n", num(s.done).c_str());
    std::fprintf(out, "  failed            %s\n", num(s.failed).c_str());
    std::fprintf(out, "  pending           %s\n", pending ? num(*pending).c_str() : "-");
    if (share) {
      std::fprintf(out, "  cached share      %.1f%% (%s of %s done)\n", *share * 100.0,
                  num(s.cached).c_str(), num(s.done).c_str());
    } else {
      std::fprintf(out, "  cached share      -\n");
    }
    std::fprintf(out, "  searches spent    %s\n", num(s.searches_spent).c_str());
    std::fprintf(out, "  last run          %s\n", run_text(s.last_run).c_str());
    if (s.last_run.money) std::fprintf(out, "  last run spent    %s\n", money_text(*s.last_run.money).c_str());
    if (row.budget) {
      const std::uint64_t left = row.budget->max > row.budget->counted ? row.budget->max - row.budget->counted : 0;
      std::fprintf(out, "  job budget        %s (job_max_searches): %s counted by its runs, %s left\n",
                   num(row.budget->max).c_str(), num(row.budget->counted).c_str(), num(left).c_str());
    }
    if (!row.levels.empty()) {
      // The variants column only for a job that skipped some (skip_variants).
      bool variants = false;
      for (const auto& l : row.levels) variants = variants || l.skipped > 0;
      std::fprintf(out, "  levels            %5s %10s %10s %8s %10s %8s%s\n", "level", "keys", "done", "failed", "pending",
                  "empty", variants ? "   skipped variants" : "");
      for (const auto& l : row.levels) {
        auto p = l.pending();
        std::fprintf(out, "                    %5u %10s %10s %8s %10s %8s", l.level, l.keys ? num(*l.keys).c_str() : "-",
                    num(l.done).c_str(), num(l.failed).c_str(), p ? num(*p).c_str() : "-", num(l.empty).c_str());
        if (variants) std::fprintf(out, " %18s", l.level == 0 ? "-" : num(l.skipped).c_str());
        std::fputc('\n', out);
      }
    }
    if (!row.next_step.empty()) std::fprintf(out, "  next              %s\n", row.next_step.c_str());
  }
  print_runs(out, store, runs);
  if (quota.seen_at_ms == 0 && !quota.exhausted_until_ms) {
    std::fprintf(out, "\nquota             never seen\n");
    return;
  }
  std::fprintf(out, "\nquota (last seen %s)\n",
              quota.seen_at_ms != 0 ? utc(quota.seen_at_ms).c_str() : "never");
  std::fprintf(out, "  searches left     %s\n", num(quota.searches_left).c_str());
  std::fprintf(out, "  PAYG credits      %s\n", num(quota.payg_credits_left).c_str());
  std::fprintf(out, "  renewal date      %s\n",
              quota.renewal_date ? format_date(*quota.renewal_date).c_str() : "unknown");
  std::fprintf(out, "  exhausted until   %s\n",
              quota.exhausted_until_ms ? utc(*quota.exhausted_until_ms).c_str() : "no");
}

// Each kept analysis: current or why not, what it holds, its size and when it was made.
void print_analyses(std::FILE* out, const StatusReport& report) {
  if (report.never_run) return;
  if (report.analyses.empty()) {
    std::fprintf(out, "\nanalysis          none kept: the first view of the topics or questions computes it\n");
    return;
  }
  std::fprintf(out, "\nanalysis (kept in %s)\n", (std::filesystem::path(report.store) / "analysis").c_str());
  for (const auto& a : report.analyses) {
    const auto& m = a.manifest;
    const bool current = a.verdict.freshness == exporting::Freshness::current;
    std::string selection = m.tag.job.empty() ? "the whole store" : "job " + m.tag.job;
    char resolution[32];
    std::snprintf(resolution, sizeof resolution, "%g", m.tag.resolution);
    // Stale by the store's state alone, with its inputs kept: the next view may carry it.
    const std::string next = a.may_carry ? "; the next view recomputes it unless no result it read changed"
                                       : "; the next view recomputes it";
    std::fprintf(out, "  %s, resolution %s: %s\n", selection.c_str(), resolution,
                 current ? "current" : ("stale: " + a.verdict.why + next).c_str());
    if (m.made_ms == 0) continue;
    const double mb = static_cast<double>(m.bytes) / 1e6;
    // Carried: found to answer for a later state of the store (nothing it reads had changed).
    const std::string carried = m.carried_ms == 0 ? "" : ", carried " + utc(m.carried_ms);
    std::fprintf(out, "    %s questions, %s groups, %s topics; %.*f MB in %s/, made %s in %.1f s%s\n",
                 num(m.questions).c_str(), num(m.groups).c_str(), num(m.topics).c_str(), mb < 10 ? 2 : 0, mb,
                 a.name.c_str(), utc(m.made_ms).c_str(), static_cast<double>(m.took_ms) / 1000.0, carried.c_str());
  }
}

}  // namespace

void render_status_text(std::FILE* out, const StatusReport& report, const std::string& job_file) {
  print_report(out, report.store, report.jobs, report.quota, report.runs);
  print_analyses(out, report);
  if (report.never_run) {
    std::fprintf(out, "\nnever run: the store '%s' does not exist yet; `paa run %s` creates it\n", report.store.c_str(),
                 job_file.c_str());
  }
}

}  // namespace paa::app
