#include "paa/app/run_alerts.hpp"

#include "paa/app/command_failure.hpp"
#include "paa/export/pipeline/analysis_views.hpp"
#include "paa/export/stored_tree.hpp"
#include "paa/model/query_key.hpp"
#include "paa/watch/distinct_questions.hpp"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace paa::app {

Result<watch::RunAlerts> alerts_for(const NotifySpec& notify) {
  auto own = watch::OwnDomains::parse(notify.domains);
  if (!own) return usage_error("[notify] domains: " + own.error().message);
  std::vector<watch::AlertKind> kinds;
  for (const auto& name : notify.on) {
    auto kind = watch::parse_alert_kind(name);
    if (!kind) return usage_error("[notify] on: '" + name + "' is no alert; use lost, won, new_questions or gone_questions");
    kinds.push_back(*kind);
  }
  return watch::RunAlerts(std::move(*own), std::move(kinds), notify.max_items);
}

Result<void> check_alerts(const JobSpec& spec) {
  if (!spec.notify.alerts()) return {};
  if (auto alerts = alerts_for(spec.notify); !alerts) return prefixed(spec.file.string() + ": ", alerts.error());
  return {};
}

namespace {

// Whether a stored body may hold an answer on the user's domains: a cheap look for their names
// before a parse. An IDN (shown in Unicode, perhaps punycode in the body) is always looked at.
bool may_name(const std::string& body, const watch::OwnDomains& own) {
  for (const auto& d : own.domains()) {
    const bool ascii = std::all_of(d.begin(), d.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    if (!ascii || body.find(d) != std::string::npos) return true;
  }
  return false;
}

// The topics of the job's kept analysis, when current: for each new or gone question (folded),
// whether its topic is one where the user's domains answer one of `user_questions`. nullopt
// when no current analysis is kept (or it has no lookup): the keys decide.
Result<std::optional<std::unordered_map<std::string, bool>>> topic_verdicts(
    StoreReader& store, const std::filesystem::path& store_dir, const std::string& job,
    const std::vector<std::string>& user_questions, const std::vector<std::string>& candidates) {
  using Verdicts = std::optional<std::unordered_map<std::string, bool>>;
  exporting::ExportRequest request;
  request.job = job;
  request.kept = exporting::kept_place_of(exporting::analysis_root(store_dir), store, request);
  exporting::ExportSummary summary;
  auto views = exporting::current_kept_views(request, summary, exporting::KeptParts::rows);
  if (!views || !views->kept_find) return Verdicts();
  std::unordered_set<std::uint32_t> user_topics;
  auto found = views->kept_find(user_questions, [&](const analysis::UniqueQuestion&, const topics::QuestionGroup&,
                                                    const topics::Topic& t) -> Result<void> {
    user_topics.insert(t.number);
    return {};
  });
  if (!found) return found.error();
  std::unordered_map<std::string, bool> verdicts;
  found = views->kept_find(candidates, [&](const analysis::UniqueQuestion& row, const topics::QuestionGroup&,
                                           const topics::Topic& t) -> Result<void> {
    verdicts.emplace(fold_or_raw(row.question), user_topics.contains(t.number));
    return {};
  });
  if (!found) return found.error();
  return Verdicts(std::move(verdicts));
}

}  // namespace

Result<void> collect_run_alerts(StoreReader& store, const std::string& job, std::int64_t from_ms, std::int64_t to_ms,
                                watch::RunAlerts& alerts, std::vector<std::string>* user_questions) {
  // Stored trees are parsed as deep as they are (they were accepted under --max-body-mib).
  constexpr std::size_t kAnyDepth = std::size_t{1} << 20;
  std::optional<Error> failed;
  auto fail = [&](Error e) {
    failed = std::move(e);
    return false;
  };
  std::unordered_set<std::string> answered;  // the questions the user's domains answer now
  auto scanned = store.scan_progress(job, [&](std::string_view key, const ProgressEntry&) {
    auto got = store.get(key);
    if (!got) return fail(got.error());
    if (!*got) return true;
    const StoredResult& current = **got;
    std::optional<Envelope> now;  // the current tree, parsed once for both uses below
    if (user_questions != nullptr && may_name(current.body, alerts.own())) {
      auto tree = exporting::parse_stored_result(current, kAnyDepth);
      if (!tree) return fail(tree.error());
      now = std::move(*tree);
      for (auto& d : watch::distinct_questions(now->result.children)) {
        if (alerts.own().owns(d.node->url)) answered.insert(std::move(d.folded));
      }
    }
    // Unchanged since before the run (most keys of a refresh): nothing more to read.
    if (current.unchanged_since_ms < from_ms) return true;
    auto before = store.get_at(key, from_ms, &current);
    if (!before) return fail(before.error());
    auto after = store.get_at(key, to_ms, &current);
    if (!after) return fail(after.error());
    if (!*before || !*after || (*before)->unchanged_since_ms == (*after)->unchanged_since_ms) return true;
    auto then = exporting::parse_stored_result(**before, kAnyDepth);
    if (!then) return fail(then.error());
    if (!now || (*after)->unchanged_since_ms != current.unchanged_since_ms) {
      auto tree = exporting::parse_stored_result(**after, kAnyDepth);
      if (!tree) return fail(tree.error());
      now = std::move(*tree);
    }
    alerts.add_key(watch::alert_key_label(current.q, current.hl, current.gl, current.city), then->result, now->result);
    return true;
  });
  if (failed) return *failed;
  if (!scanned) return scanned.error();
  if (user_questions != nullptr) user_questions->assign(answered.begin(), answered.end());
  return {};
}

Result<std::optional<RunNotice::Alerts>> read_run_alerts(const NotifySpec& notify, const std::filesystem::path& store_dir,
                                                         const std::string& job, std::int64_t from_ms, std::int64_t to_ms) {
  if (!notify.alerts()) return std::optional<RunNotice::Alerts>();
  auto alerts = alerts_for(notify);
  if (!alerts) return alerts.error();
  auto store = StoreReader::open(store_dir);
  if (!store) return store.error();
  std::vector<std::string> user_questions;
  if (auto r = collect_run_alerts(**store, job, from_ms, to_ms, *alerts, &user_questions); !r) return r.error();
  auto verdicts = topic_verdicts(**store, store_dir, job, user_questions, alerts->candidates());
  if (!verdicts) return verdicts.error();
  alerts->finish(*verdicts ? &**verdicts : nullptr);
  return std::optional<RunNotice::Alerts>(notice_alerts(*alerts));
}

std::string no_news_message(const RunNotice::Alerts& alerts) {
  std::string kinds, domains;
  for (const auto& [kind, list] : alerts.kinds) kinds += (kinds.empty() ? "" : ", ") + std::string(watch::alert_kind_name(kind));
  for (const auto& d : alerts.domains) domains += (domains.empty() ? "" : ", ") + d;
  return "nothing of " + kinds + " changed for " + domains + " in this run: no notice sent ([notify] on)";
}

}  // namespace paa::app
