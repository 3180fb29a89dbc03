#pragma once
// [notify] of a job: where to post a summary when a run ends, and what it alerts on (docs/jobs.md
// "[notify]").
#include <cstddef>
#include <string>
#include <vector>

namespace paa {

struct NotifySpec {
  std::string url;         // https://...; "" = no notification
  std::string secret_env;  // names the variable holding the HMAC secret; "" = unsigned
  // `on`: "lost", "won", "new_questions", "gone_questions" (checked by the reader); empty = the
  // run's summary after every run. Set: a notice only when one of them changed.
  std::vector<std::string> on;
  std::vector<std::string> domains;  // the user's domains, as `--domain` takes them
  std::size_t max_items = 20;        // items per kind in the notice
  bool enabled() const { return !url.empty(); }
  bool alerts() const { return !on.empty(); }
};

}  // namespace paa
