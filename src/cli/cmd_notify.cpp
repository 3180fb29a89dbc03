// paa notify: the notice of a job's last run, printed or sent again (docs/jobs.md "[notify]").
#include "choice.hpp"
#include "commands.hpp"
#include "store_options.hpp"

#include "paa/app/notify_command.hpp"

#include <memory>

namespace paa::cli {

Command add_notify_command(CLI::App& app) {
  auto f = std::make_shared<app::NotifyFlags>();
  Command c;
  c.app = app.add_subcommand("notify", "The [notify] notice of the job's last run, with its alerts: printed (--dry-run) or sent again");
  add_job_argument(*c.app, f->job_file, "The job file (TOML): its [notify] and its store")->required();
  add_store_or_job_option(*c.app, f->store);
  c.app->add_flag("--dry-run", f->dry_run, "Print the notice the last run would send (its body), send nothing");
  c.app->add_option("--format", f->format, "--dry-run: json (the body as it is sent) or text (its plain text, as an email shows it)")
      ->capture_default_str()
      ->transform(one_of({"json", "text"}));
  c.app->add_option("--ca-file", f->ca_file, "Extra CA certificate (PEM) to trust besides the system store")->check(CLI::ExistingFile);
  c.app->add_option("--notify-timeout", f->timeout_s, "The longest the notice may take, retries included, seconds")
      ->capture_default_str()
      ->check(CLI::Range(1.0, 3600.0));
  c.run = [f] { return app::run_notify(*f); };
  return c;
}

}  // namespace paa::cli
