// [limits]: how fast, how much and how patiently a run spends.
#include "job_sections.hpp"
#include "toml_values.hpp"

#include "paa/model/duration.hpp"

#include <cstdint>
#include <string>

namespace paa::job_toml {
namespace {

constexpr std::string_view kLimitKeys[] = {"concurrency", "rate",     "burst",     "max_searches",
                                           "on_quota",    "use_payg", "timeout_s", "retries",
                                           "outage_wait", "job_max_searches"};

}  // namespace

void read_limits(Diagnostics& where, const toml::node& node, Limits& limits) {
  const toml::table* table = open_section(where, node, "limits", kLimitKeys);
  if (table == nullptr) return;

  std::int64_t v = 0;
  if (const toml::node* n = table->get("concurrency")) {
    if (read_int(where, *n, "limits.concurrency", 1, 1024, "1 to 1024", v)) limits.concurrency = static_cast<int>(v);
  }
  if (const toml::node* n = table->get("rate")) {
    double rate = 0;
    if (read_number(where, *n, "limits.rate", rate)) {
      if (rate < 0) {
        where.error(*n, "limits.rate = " + format_number(rate) +
                            " is out of range; use requests per second, or 0 for unlimited");
      } else {
        limits.rate = rate;
      }
    }
  }
  if (const toml::node* n = table->get("burst")) {
    if (read_int(where, *n, "limits.burst", 1, 1'000'000, "1 to 1000000", v)) limits.burst = static_cast<int>(v);
  }
  if (const toml::node* n = table->get("max_searches")) {
    read_int(where, *n, "limits.max_searches", 0, INT64_MAX, "0 (no cap) or more", limits.max_searches);
  }
  if (const toml::node* n = table->get("job_max_searches")) {
    read_int(where, *n, "limits.job_max_searches", 0, INT64_MAX, "0 (no cap) or more", limits.job_max_searches);
  }
  if (const toml::node* n = table->get("on_quota")) {
    std::string s;
    if (read_string(where, *n, "limits.on_quota", s)) {
      if (s == "wait") {
        limits.on_quota = OnQuota::wait;
      } else if (s == "stop") {
        limits.on_quota = OnQuota::stop;
      } else {
        where.error(*n, "limits.on_quota = \"" + s + "\" is not valid; use \"wait\" or \"stop\"");
      }
    }
  }
  if (const toml::node* n = table->get("use_payg")) {
    if (const auto* b = n->as_boolean()) {
      limits.use_payg = b->get();
    } else {
      where.type_error(*n, "limits.use_payg", "true or false");
    }
  }
  if (const toml::node* n = table->get("timeout_s")) {
    double timeout = 0;
    if (read_number(where, *n, "limits.timeout_s", timeout)) {
      if (timeout <= 0) {
        where.error(*n, "limits.timeout_s = " + format_number(timeout) +
                            " is out of range; use a number of seconds greater than 0");
      } else {
        limits.timeout_s = timeout;
      }
    }
  }
  if (const toml::node* n = table->get("retries")) {
    if (read_int(where, *n, "limits.retries", 0, 100, "0 to 100", v)) limits.retries = static_cast<int>(v);
  }
  if (const toml::node* n = table->get("outage_wait")) {
    if (std::string text; read_string(where, *n, "limits.outage_wait", text)) {
      if (auto ms = parse_outage_wait(text); !ms) {
        where.error(*n, "limits.outage_wait: " + ms.error().message);
      } else {
        limits.outage_wait_ms = *ms;
      }
    }
  }
}

}  // namespace paa::job_toml
