#pragma once
// [notify] of a job: where to post a summary when a run ends (docs/jobs.md "[notify]").
#include <string>

namespace paa {

struct NotifySpec {
  std::string url;         // https://...; "" = no notification
  std::string secret_env;  // names the variable holding the HMAC secret; "" = unsigned
  bool enabled() const { return !url.empty(); }
};

}  // namespace paa
