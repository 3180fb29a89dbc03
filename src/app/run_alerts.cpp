#include "paa/app/run_alerts.hpp"

#include "paa/app/command_failure.hpp"
#include "paa/export/stored_tree.hpp"

#include <optional>

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

Result<void> collect_run_alerts(StoreReader& store, const std::string& job, std::int64_t from_ms, std::int64_t to_ms,
                                watch::RunAlerts& alerts) {
  // Stored trees are parsed as deep as they are (they were accepted under --max-body-mib).
  constexpr std::size_t kAnyDepth = std::size_t{1} << 20;
  std::optional<Error> failed;
  auto fail = [&](Error e) {
    failed = std::move(e);
    return false;
  };
  auto scanned = store.scan_progress(job, [&](std::string_view key, const ProgressEntry&) {
    auto current = store.get(key);
    if (!current) return fail(current.error());
    // Unchanged since before the run (most keys of a refresh): nothing to read.
    if (!*current || (*current)->unchanged_since_ms < from_ms) return true;
    auto before = store.get_at(key, from_ms, &**current);
    if (!before) return fail(before.error());
    auto after = store.get_at(key, to_ms, &**current);
    if (!after) return fail(after.error());
    if (!*before || !*after || (*before)->unchanged_since_ms == (*after)->unchanged_since_ms) return true;
    auto then = exporting::parse_stored_result(**before, kAnyDepth);
    if (!then) return fail(then.error());
    auto now = exporting::parse_stored_result(**after, kAnyDepth);
    if (!now) return fail(now.error());
    const StoredResult& r = **current;
    alerts.add_key(watch::alert_key_label(r.q, r.hl, r.gl, r.city), then->result, now->result);
    return true;
  });
  if (failed) return *failed;
  return scanned;
}

Result<std::optional<RunNotice::Alerts>> read_run_alerts(const NotifySpec& notify, const std::filesystem::path& store_dir,
                                                         const std::string& job, std::int64_t from_ms, std::int64_t to_ms) {
  if (!notify.alerts()) return std::optional<RunNotice::Alerts>();
  auto alerts = alerts_for(notify);
  if (!alerts) return alerts.error();
  auto store = StoreReader::open(store_dir);
  if (!store) return store.error();
  if (auto r = collect_run_alerts(**store, job, from_ms, to_ms, *alerts); !r) return r.error();
  return std::optional<RunNotice::Alerts>(notice_alerts(*alerts));
}

std::string no_news_message(const RunNotice::Alerts& alerts) {
  std::string kinds, domains;
  for (const auto& [kind, list] : alerts.kinds) kinds += (kinds.empty() ? "" : ", ") + std::string(watch::alert_kind_name(kind));
  for (const auto& d : alerts.domains) domains += (domains.empty() ? "" : ", ") + d;
  return "nothing of " + kinds + " changed for " + domains + " in this run: no notice sent ([notify] on)";
}

}  // namespace paa::app
