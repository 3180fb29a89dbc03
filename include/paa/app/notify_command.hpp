#pragma once
// `paa notify JOB`: the notice of the job's last run, printed (--dry-run) or sent again
// (docs/jobs.md "[notify]").
#include <string>

namespace paa::app {

struct NotifyFlags {
  std::string job_file;
  std::string store;            // "" = the job's
  bool dry_run = false;         // print it, send nothing
  std::string format = "json";  // --dry-run: json (the body as sent) or text (its plain text)
  std::string ca_file;
  double timeout_s = 30;
};

int run_notify(const NotifyFlags& flags);

}  // namespace paa::app
