#pragma once
// What a run's end notification says (docs/jobs.md "[notify]"), as JSON, and its signature. Pure.
#include "paa/watch/run_alerts.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace paa {

struct RunNotice {
  std::string job;
  std::string run_id;
  std::string outcome;  // "completed", "interrupted", "quota", ... (the store's run outcome)
  int exit_code = 0;
  std::int64_t started_at_ms = 0;
  std::int64_t ended_at_ms = 0;
  std::uint64_t stored = 0;          // results stored by this run
  std::uint64_t already_stored = 0;  // skipped: stored before
  std::uint64_t failed = 0;
  std::uint64_t pending = 0;
  std::uint64_t requests = 0;
  std::uint64_t searches_spent = 0;  // charged for stored answers
  std::optional<std::int64_t> searches_left;
  std::optional<std::int64_t> payg_credits_left;
  std::optional<std::string> renewal_date;  // YYYY-MM-DD
  std::uint64_t keys_new = 0;        // stored for the first time
  std::uint64_t keys_changed = 0;    // fetched again, and the tree changed
  std::uint64_t keys_unchanged = 0;  // fetched again, the same tree
  std::string store;
  // [notify] on: what the run changed for the user's domains, per chosen kind, in `on`'s order.
  struct Alerts {
    std::vector<std::string> domains;  // as reduced (registrable domains)
    std::string scope = "keys";        // new and gone questions: of the user's "topics", or "keys"
    std::vector<std::pair<watch::AlertKind, watch::AlertList>> kinds;
  };
  std::optional<Alerts> alerts;
};

// Whether the notice is sent: always without alerts; with them, when a chosen kind changed.
bool notice_has_news(const RunNotice& notice);

// The notice's alerts from what RunAlerts saw.
RunNotice::Alerts notice_alerts(const watch::RunAlerts& alerts);

// Compact JSON: the fields above in snake_case (absent figures are null), plus `text`, one to
// three human lines, so a Slack or Teams incoming webhook shows the notice as it is. With
// alerts: `alerts` = {"domains": [...], "scope": "topics"|"keys", KIND: {"count": N, "items": [{"question", "key",
// "domain_before", "domain_after"}]}, ...} and `plain_text`, the whole notice for people (an
// email bridge's body): the summary, then each kind's items.
std::string notice_body(const RunNotice& notice);

// The `text` field alone.
std::string notice_text(const RunNotice& notice);

// The `plain_text` field alone (the notice's text without alerts).
std::string notice_plain_text(const RunNotice& notice);

// "sha256=" + lowercase hex HMAC-SHA256(secret, body): the X-Paa-Signature header.
std::string sign_body(std::string_view body, std::string_view secret);

}  // namespace paa
