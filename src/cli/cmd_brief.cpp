// paa brief: for one query or one topic, the questions a page should answer, most important
// first, as Markdown, a self-contained HTML page or FAQPage JSON-LD (docs/brief.md); the body is
// app::run_brief.
#include "choice.hpp"
#include "commands.hpp"
#include "store_options.hpp"

#include "paa/app/key_commands.hpp"

#include <memory>

namespace paa::cli {

Command add_brief_command(CLI::App& app) {
  auto f = std::make_shared<app::BriefRequest>();
  Command c;
  c.app = app.add_subcommand("brief", "For one query or one topic: the questions a page should answer, most "
                                      "important first, with their answers, sources and related searches (md, html "
                                      "or FAQPage JSON-LD)");
  add_job_argument(*c.app, f->key.job_file, "A job file (TOML): read its store");
  add_store_or_job_option(*c.app, f->key.store);
  add_key_flags(*c.app, f->key);
  c.app->add_option("--topic", f->topic, "A topic's id (16 hex digits, or its first 4 or more), as `paa topics` and `paa export --format "
                                         "topics` print it, instead of --q/--hl/--gl");
  c.app->add_option("--resolution", f->resolution,
                    "With --topic: the resolution its id was printed at (default 1; higher = more, smaller topics)");
  c.app->add_option("--format", f->format,
                    "md (Markdown, for a writer; the default) | html (a self-contained page) | jsonld (a schema.org "
                    "FAQPage for <script type=\"application/ld+json\">)")
      ->transform(one_of({"md", "html", "jsonld"}));
  c.app->add_option("--answers", f->answers,
                    "Your own answers for the FAQPage JSON-LD: a Markdown file (a '## question' heading per answer) "
                    "or a CSV file (question,answer); any spelling of a question finds its answer. Without it the "
                    "FAQPage is a skeleton to fill in")
      ->type_name("FILE");
  c.app->add_option("--title", f->title, "Your title above the brief (md and html), e.g. the client's name");
  c.app->add_option("--logo", f->logo, "Your logo (a PNG or SVG file, at most 256 KiB) embedded in the html brief")
      ->type_name("FILE");
  c.app->add_option("-o,--output,--out", f->output, "Write to FILE atomically instead of standard output");
  c.app->add_flag("--force", f->force, "Replace an existing -o file");
  add_read_progress_option(*c.app, f->progress);
  c.run = [f] { return app::run_brief(*f); };
  return c;
}

}  // namespace paa::cli
