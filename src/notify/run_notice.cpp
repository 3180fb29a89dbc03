#include "paa/notify/run_notice.hpp"

#include <boost/json.hpp>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <stdexcept>

namespace paa {

namespace {

// 4880 -> "4,880": the text is read by people in a chat window.
std::string grouped(std::int64_t value) {
  const bool negative = value < 0;
  std::string digits = std::to_string(negative ? -static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value));
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return negative ? "-" + out : out;
}
std::string grouped(std::uint64_t value) { return grouped(static_cast<std::int64_t>(value)); }

std::string plural(std::uint64_t n, const char* one, const char* many) {
  return grouped(n) + " " + (n == 1 ? one : many);
}

// How a kind is titled for people.
std::string kind_title(watch::AlertKind kind) {
  switch (kind) {
    case watch::AlertKind::lost: return "lost";
    case watch::AlertKind::won: return "won";
    case watch::AlertKind::new_questions: return "new questions";
    case watch::AlertKind::gone_questions: return "gone questions";
  }
  return "?";
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// One item as a line of the plain text.
std::string item_line(watch::AlertKind kind, const watch::AlertItem& i) {
  std::string line = "- " + i.question + " [" + i.key + "]: ";
  switch (kind) {
    case watch::AlertKind::lost:
    case watch::AlertKind::won: return line + i.domain_before + " -> " + i.domain_after;
    case watch::AlertKind::new_questions: return line + "answered by " + i.domain_after;
    case watch::AlertKind::gone_questions: return line + "was answered by " + i.domain_before;
  }
  return line;
}

boost::json::object alerts_json(const RunNotice::Alerts& alerts) {
  boost::json::object o;
  o["domains"] = boost::json::value_from(alerts.domains);
  o["scope"] = alerts.scope;
  for (const auto& [kind, list] : alerts.kinds) {
    boost::json::array items;
    for (const auto& i : list.items) {
      items.push_back({{"question", i.question},
                       {"key", i.key},
                       {"domain_before", i.domain_before},
                       {"domain_after", i.domain_after}});
    }
    o[watch::alert_kind_name(kind)] = {{"count", list.count}, {"items", std::move(items)}};
  }
  return o;
}

}  // namespace

bool notice_has_news(const RunNotice& n) {
  if (!n.alerts) return true;
  for (const auto& [kind, list] : n.alerts->kinds) {
    if (list.count > 0) return true;
  }
  return false;
}

RunNotice::Alerts notice_alerts(const watch::RunAlerts& alerts) {
  RunNotice::Alerts out;
  out.domains = alerts.own().domains();
  out.scope = std::string(alerts.scope());
  for (const auto kind : alerts.kinds()) out.kinds.emplace_back(kind, alerts.list(kind));
  return out;
}

std::string notice_text(const RunNotice& n) {
  std::string text = "paa run " + n.job + " (" + n.run_id + "): " + n.outcome;
  if (n.exit_code != 0) text += " (exit " + std::to_string(n.exit_code) + ")";
  text += ", " + grouped(n.stored) + " stored, " + grouped(n.failed) + " failed";
  if (n.pending > 0) text += ", " + grouped(n.pending) + " pending";
  text += ", " + plural(n.searches_spent, "search", "searches") + " spent";
  if (n.searches_left) text += ", " + grouped(*n.searches_left) + " left";
  if (n.renewal_date) text += " (renews " + *n.renewal_date + ")";
  text += "\nsince the previous run: " + plural(n.keys_new, "new key", "new keys") + ", " +
          grouped(n.keys_changed) + " changed, " + grouped(n.keys_unchanged) + " unchanged";
  if (n.alerts) {
    text += "\nfor " + joined(n.alerts->domains) + ":";
    for (std::size_t i = 0; i < n.alerts->kinds.size(); ++i) {
      const auto& [kind, list] = n.alerts->kinds[i];
      text += (i == 0 ? " " : ", ") + grouped(list.count) + " " + kind_title(kind);
    }
  }
  return text;
}

std::string notice_plain_text(const RunNotice& n) {
  std::string text = notice_text(n) + "\n";
  if (!n.alerts) return text;
  for (const auto& [kind, list] : n.alerts->kinds) {
    std::string title = kind_title(kind);
    title[0] = static_cast<char>(title[0] - 'a' + 'A');
    text += "\n" + title + " (" + grouped(list.count) + ")" + (list.count == 0 ? ": none\n" : ":\n");
    for (const auto& item : list.items) text += item_line(kind, item) + "\n";
    if (list.count > list.items.size()) text += "- and " + grouped(list.count - list.items.size()) + " more\n";
  }
  return text;
}

std::string notice_body(const RunNotice& n) {
  auto optional = [](const auto& v) -> boost::json::value {
    if (v) return boost::json::value_from(*v);
    return nullptr;
  };
  boost::json::object o;
  o["job"] = n.job;
  o["run_id"] = n.run_id;
  o["outcome"] = n.outcome;
  o["exit_code"] = n.exit_code;
  o["started_at_ms"] = n.started_at_ms;
  o["ended_at_ms"] = n.ended_at_ms;
  o["stored"] = n.stored;
  o["already_stored"] = n.already_stored;
  o["failed"] = n.failed;
  o["pending"] = n.pending;
  o["requests"] = n.requests;
  o["searches_spent"] = n.searches_spent;
  o["searches_left"] = optional(n.searches_left);
  o["payg_credits_left"] = optional(n.payg_credits_left);
  o["renewal_date"] = optional(n.renewal_date);
  o["keys_new"] = n.keys_new;
  o["keys_changed"] = n.keys_changed;
  o["keys_unchanged"] = n.keys_unchanged;
  o["store"] = n.store;
  o["text"] = notice_text(n);
  if (n.alerts) {
    o["alerts"] = alerts_json(*n.alerts);
    o["plain_text"] = notice_plain_text(n);
  }
  return boost::json::serialize(o);
}

std::string sign_body(std::string_view body, std::string_view secret) {
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
           reinterpret_cast<const unsigned char*>(body.data()), body.size(), mac, &length) == nullptr) {
    throw std::runtime_error("HMAC-SHA256 failed");  // OpenSSL broken: not an expected failure
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "sha256=";
  for (unsigned int i = 0; i < length; ++i) {
    out += kHex[mac[i] >> 4];
    out += kHex[mac[i] & 0xF];
  }
  return out;
}

}  // namespace paa
