#pragma once
// What a run's end notification says (docs/jobs.md "[notify]"), as JSON, and its signature. Pure.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

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
};

// Compact JSON: the fields above in snake_case (absent figures are null), plus `text`, one or
// two human lines, so a Slack or Teams incoming webhook shows the notice as it is.
std::string notice_body(const RunNotice& notice);

// The `text` field alone.
std::string notice_text(const RunNotice& notice);

// "sha256=" + lowercase hex HMAC-SHA256(secret, body): the X-Paa-Signature header.
std::string sign_body(std::string_view body, std::string_view secret);

}  // namespace paa
