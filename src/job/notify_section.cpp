// [notify]: the webhook that hears of the run's end.
#include "job_sections.hpp"
#include "toml_values.hpp"

#include <algorithm>
#include <iterator>
#include <string>

namespace paa::job_toml {
namespace {

constexpr std::string_view kNotifyKeys[] = {"url", "secret_env", "on", "domains", "max_items"};
// What `on` may name (watch/run_alerts.hpp; the job module comes before watch).
constexpr std::string_view kAlertNames[] = {"lost", "won", "new_questions", "gone_questions"};

void read_alerts(Diagnostics& where, const toml::node& node, const toml::table& table, NotifySpec& notify) {
  if (const toml::node* on = table.get("on")) {
    read_string_array(where, *on, "notify.on", "an array of strings", [&](const toml::node& item, const std::string& name,
                                                                          std::string value) {
      if (std::find(std::begin(kAlertNames), std::end(kAlertNames), value) == std::end(kAlertNames)) {
        where.error(item, name + " = \"" + value + "\": use \"lost\", \"won\", \"new_questions\" or \"gone_questions\"");
      } else if (std::find(notify.on.begin(), notify.on.end(), value) == notify.on.end()) {
        notify.on.push_back(std::move(value));
      }
    });
  }
  bool bad_domain = false;  // reported: no second error saying none is given
  if (const toml::node* domains = table.get("domains")) {
    read_string_array(where, *domains, "notify.domains", "an array of strings",
                      [&](const toml::node& item, const std::string& name, std::string value) {
                        // The full check (a domain, not an IP address) is the app's, as for --domain.
                        if (value.empty() || value.find_first_of(" \t") != std::string::npos) {
                          where.error(item, name + " = \"" + value + "\" is no domain; write one like \"example.com\"");
                          bad_domain = true;
                        } else {
                          notify.domains.push_back(std::move(value));
                        }
                      });
  }
  if (const toml::node* n = table.get("max_items")) {
    std::int64_t v = 0;
    if (read_int(where, *n, "notify.max_items", 1, 10'000, "1 to 10000", v)) notify.max_items = static_cast<std::size_t>(v);
  }
  if (!notify.on.empty() && notify.domains.empty() && !bad_domain) {
    where.error(node, "[notify] on = [...] needs domains = [\"example.com\"]: the domains whose answers it watches");
  }
}

}  // namespace

void read_notify(Diagnostics& where, const toml::node& node, NotifySpec& notify) {
  const toml::table* table = open_section(where, node, "notify", kNotifyKeys);
  if (table == nullptr) return;
  if (const toml::node* url = table->get("url"); url == nullptr) {
    where.error(node, "[notify] needs url = \"https://...\" (where to post the run summary)");
  } else if (std::string text; read_string(where, *url, "notify.url", text)) {
    // The summary names the job and its spending: it goes over TLS only, like the API key.
    if (text.rfind("https://", 0) != 0 || text.size() <= 8) {
      // Not echoed: a webhook URL usually holds its secret.
      where.error(*url, "notify.url must start with https://, like \"https://hooks.example.com/paa\"");
    } else {
      notify.url = std::move(text);
    }
  }
  if (const toml::node* n = table->get("secret_env")) {
    if (read_string(where, *n, "notify.secret_env", notify.secret_env) && !is_env_name(notify.secret_env)) {
      where.error(*n, "notify.secret_env '" + notify.secret_env +
                          "' is not an environment variable name; use letters, digits and _, like "
                          "\"PAA_NOTIFY_SECRET\" (the secret itself never goes in the file)");
    }
  }
  read_alerts(where, node, *table, notify);
}

}  // namespace paa::job_toml
