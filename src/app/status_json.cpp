#include "paa/app/status_render.hpp"

#include "paa/model/envelope.hpp"
#include "paa/output/text.hpp"

#include "status_format.hpp"

#include <boost/json.hpp>

namespace paa::app {

namespace {

namespace json = boost::json;
using status_format::utc;

json::value stability_json(const watch::StabilityDistribution& d) {
  json::array versions;
  for (std::size_t i = 0; i < d.versions.size(); ++i) {
    if (d.versions[i] == 0) continue;
    const std::string band = i + 1 == d.versions.size() ? std::to_string(i + 1) + "+" : std::to_string(i + 1);
    versions.push_back(json::object{{"versions", band}, {"keys", d.versions[i]}});
  }
  json::array churn;
  for (std::size_t i = 0; i < d.churn.size(); ++i) {
    churn.push_back(json::object{{"mean_churn", watch::StabilityDistribution::kChurnBands[i]}, {"keys", d.churn[i]}});
  }
  const auto mean = d.mean_churn();
  return json::object{{"keys", d.keys},
                      {"keys_changed", d.keys_changed},
                      {"versions", std::move(versions)},
                      {"churn", std::move(churn)},
                      {"mean_churn", mean ? json::value(*mean) : json::value(nullptr)},
                      {"last_change", d.last_change_ms ? json::value(format_rfc3339_ms(*d.last_change_ms))
                                                       : json::value(nullptr)}};
}

json::value opt_json(std::optional<std::int64_t> v) {
  return v ? json::value(*v) : json::value(nullptr);
}
json::value opt_json(std::optional<std::uint64_t> v) {
  return v ? json::value(*v) : json::value(nullptr);
}
json::value time_json(std::int64_t ms) {
  return ms != 0 ? json::value(utc(ms)) : json::value(nullptr);
}

json::value run_json(const RunInfo& r) {
  json::object run;
  if (!r.run_id.empty()) run["run_id"] = r.run_id;
  if (!r.job.empty()) run["job"] = r.job;
  run["started_at"] = time_json(r.started_at_ms);
  run["ended_at"] = time_json(r.ended_at_ms);
  run["outcome"] = r.outcome.empty() ? json::value(nullptr) : json::value(r.outcome);
  if (const auto& m = r.money) {
    run["money"] = json::object{{"requests", m->requests},
                                {"stored", m->stored},
                                {"charged", m->charged},
                                {"unknown", m->unknown},
                                {"unknown_disproved", m->unknown_disproved},
                                {"balance_fall", opt_json(m->balance_fall)}};
  }
  if (r.ended_at_ms != 0) {
    run["changes"] = json::object{{"new", r.changes.new_keys}, {"changed", r.changes.changed},
                                  {"unchanged", r.changes.unchanged}};
  }
  return run;
}

}  // namespace

std::string render_status_json(const StatusReport& report) {
  const std::vector<JobRow>& rows = report.jobs;
  const QuotaState& quota = report.quota;
  const std::vector<RunInfo>& runs = report.runs;
  const std::string& store = report.store;
  json::array jobs;
  for (const auto& row : rows) {
    const auto& s = row.stats;
    auto share = row.cached_share();
    json::array levels;
    for (const auto& l : row.levels) {
      levels.push_back(json::object{{"level", l.level},
                                    {"keys", opt_json(l.keys)},
                                    {"done", l.done},
                                    {"failed", l.failed},
                                    {"pending", opt_json(l.pending())},
                                    {"empty", l.empty},
                                    {"skipped_variants", l.skipped}});
    }
    jobs.push_back(json::object{
        {"name", s.job},
        {"keys_in_job", opt_json(row.keys_in_job)},
        {"done", s.done},
        {"failed", s.failed},
        {"pending", opt_json(row.pending())},
        {"cached", s.cached},
        {"cached_share", share ? json::value(*share) : json::value(nullptr)},
        {"searches_spent", s.searches_spent},
        {"levels", std::move(levels)},
        {"next_step", row.next_step.empty() ? json::value(nullptr) : json::value(row.next_step)},
        {"job_budget", row.budget ? json::value(json::object{{"max", row.budget->max}, {"counted", row.budget->counted}})
                                  : json::value(nullptr)},
        {"last_run", s.last_run.started_at_ms != 0 ? run_json(s.last_run) : json::value(nullptr)},
        {"stability", row.stability ? stability_json(*row.stability) : json::value(nullptr)},
    });
  }
  json::object q{
      {"seen_at", time_json(quota.seen_at_ms)},
      {"searches_left", opt_json(quota.searches_left)},
      {"payg_credits_left", opt_json(quota.payg_credits_left)},
      {"renewal_date",
       quota.renewal_date ? json::value(format_date(*quota.renewal_date)) : json::value(nullptr)},
      {"exhausted_until", quota.exhausted_until_ms ? json::value(utc(*quota.exhausted_until_ms))
                                                   : json::value(nullptr)},
  };
  json::array run_list;
  for (const auto& r : runs) run_list.push_back(run_json(r));
  json::array analyses;
  for (const auto& a : report.analyses) {
    const auto& m = a.manifest;
    analyses.push_back(json::object{
        {"folder", a.name},
        {"job", m.tag.job.empty() ? json::value(nullptr) : json::value(m.tag.job)},
        {"resolution", m.tag.resolution},
        {"current", a.verdict.freshness == exporting::Freshness::current},
        {"stale_because", a.verdict.why.empty() ? json::value(nullptr) : json::value(a.verdict.why)},
        {"questions", m.questions},
        {"groups", m.groups},
        {"topics", m.topics},
        {"bytes", m.bytes},
        {"made_at", time_json(m.made_ms)},
        {"took_ms", m.took_ms},
        {"carried_at", m.carried_ms == 0 ? json::value(nullptr) : time_json(m.carried_ms)},
    });
  }
  json::object out{{"store", store},          {"jobs", std::move(jobs)},          {"runs", std::move(run_list)},
                   {"quota", std::move(q)}, {"analyses", std::move(analyses)}};
  return json::serialize(out);
}

}  // namespace paa::app
