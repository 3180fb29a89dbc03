// [notify]: the webhook that hears of the run's end.
#include "job_sections.hpp"
#include "toml_values.hpp"

#include <string>

namespace paa::job_toml {
namespace {

constexpr std::string_view kNotifyKeys[] = {"url", "secret_env"};

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
}

}  // namespace paa::job_toml
