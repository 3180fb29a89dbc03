// paa diff and paa prune: their flags bound to app::run_diff (docs/history.md) and app::run_prune.
#include "choice.hpp"
#include "commands.hpp"
#include "store_options.hpp"

#include "paa/app/diff_command.hpp"
#include "paa/app/store_commands.hpp"

#include <cstdint>
#include <memory>
#include <string>

namespace paa::cli {

Command add_diff_command(CLI::App& app) {
  auto f = std::make_shared<app::DiffFlags>();
  Command c;
  c.app = app.add_subcommand("diff", "Compare each key's results at two points (runs or dates): questions added, removed, moved, sources changed");
  add_job_argument(*c.app, f->job_file, "A job file (TOML): its store (unless --store) and only its keys (unless --job)");
  add_store_or_job_option(*c.app, f->store);
  c.app->add_option("--from", f->from, "RUN (a run id, see `paa status`) or DATE (YYYY-MM-DD: the end of that UTC day; or RFC 3339)")->required();
  c.app->add_option("--to", f->to, "RUN or DATE, like --from; default now")->capture_default_str();
  c.app->add_option("--job", f->job, "Only the keys of this job (default: the job of the run --from or --to names)");
  c.app->add_flag("--all-jobs", f->all_jobs, "Every key of the store, whichever job it belongs to");
  add_locale_options(*c.app, f->hl, f->gl);
  c.app->add_option("--format", f->format, "text (for people, most changed keys first), csv (one row per change) or jsonl (one object per key)")
      ->capture_default_str()
      ->transform(one_of({"text", "csv", "jsonl"}));
  c.app->add_option("--by", f->by, "key (each key's changes) or domain (per answer domain: answers at --from and --to, won, lost, net)")
      ->capture_default_str()
      ->transform(one_of({"key", "domain"}));
  c.app->add_option("--domain", f->domains,
                    "Your domain (repeatable): by key, only the questions it answers at either point; by domain, "
                    "its rows marked");
  c.app->add_option("-o,--output,--out", f->output, "Write to FILE atomically instead of standard output");
  c.app->add_flag("--force", f->force, "Replace an existing -o file");
  c.app->add_flag("--raw", f->raw,
                  "csv: write text cells as they are; by default a cell that would start a spreadsheet formula "
                  "(=, +, -, @) gets a leading ' (docs/exports.md)");
  c.app->add_option("--detail", f->detail, "text: show this many changed keys in detail (the most changed)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  add_read_progress_option(*c.app, f->progress);
  c.run = [f] { return app::run_diff(*f); };
  return c;
}

Command add_prune_command(CLI::App& app) {
  auto store = std::make_shared<std::string>();
  auto keep_last = std::make_shared<std::uint32_t>(0);
  auto older_than = std::make_shared<std::string>();
  Command c;
  c.app = app.add_subcommand("prune", "Remove old versions of results from a store's history (never the current ones)");
  add_store_option(*c.app, *store);
  c.app->add_option("--keep-last", *keep_last, "Keep the N newest versions of each key, the current one included")
      ->check(CLI::Range(1u, 1000000u));
  c.app->add_option("--older-than", *older_than,
                    "Remove versions replaced more than this long ago (30d, 12w, ...)");
  c.run = [store, keep_last, older_than] { return app::run_prune(*store, *keep_last, *older_than); };
  return c;
}

}  // namespace paa::cli
