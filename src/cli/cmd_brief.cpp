// paa brief: for one query or one topic, the questions a page should answer, most important
// first, as Markdown, a self-contained HTML page or FAQPage JSON-LD (docs/brief.md).
#include "choice.hpp"
#include "commands.hpp"
#include "store_options.hpp"

#include "paa/export/brief/brief.hpp"
#include "paa/export/brief/brief_gather.hpp"
#include "paa/output/atomic_file.hpp"
#include "paa/selection/stores.hpp"

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace paa::cli {

namespace {

struct BriefFlags {
  StoredKeyOptions key;
  std::string topic;
  std::optional<double> resolution;
  std::string format = "md";
  std::string output;
  bool force = false;
};

// What the flags ask for: one key or one topic, never both (usage errors otherwise).
Result<void> check_scope(const BriefFlags& f) {
  const bool query = !f.key.q.empty() || !f.key.hl.empty() || !f.key.gl.empty() || !f.key.city.empty();
  if (!f.topic.empty() && query) {
    return usage_error("give either one query (--q, --hl, --gl, --city) or one topic (--topic), not both");
  }
  if (f.topic.empty() && f.key.q.empty()) {
    return usage_error("brief needs one query (--q Q --hl HL --gl GL [--city C]) or one topic (--topic ID, as "
                       "`paa topics` prints it)");
  }
  if (!f.key.q.empty() && (f.key.hl.empty() || f.key.gl.empty())) {
    return usage_error("--q needs --hl and --gl (and --city when the key has one): a stored key is a query in one "
                       "locale");
  }
  if (f.resolution) {
    if (f.topic.empty()) return usage_error("--resolution applies to a topic brief (--topic): a query brief has no topics");
    if (!(*f.resolution > 0 && *f.resolution <= 100)) {
      return usage_error("--resolution must be a number above 0 and at most 100 (1 = the default), not " +
                         std::to_string(*f.resolution));
    }
  }
  return {};
}

int run_brief(const BriefFlags& f) {
  if (auto checked = check_scope(f); !checked) return fail(checked.error());
  const auto format = exporting::parse_brief_format(f.format);
  if (!format) return fail(usage_error("--format " + f.format + ": use md, html or jsonld"));
  std::optional<std::uint64_t> topic;
  if (!f.topic.empty()) {
    auto id = exporting::parse_topic_id(f.topic);
    if (!id) return fail(id.error());
    topic = *id;
  }
  std::optional<Query> query;
  if (!topic) {
    auto q = query_of(f.key);
    if (!q) return fail(q.error());
    query = std::move(*q);
  }
  std::vector<std::filesystem::path> stores;
  if (!f.key.store.empty()) stores.push_back(f.key.store);
  if (auto applied = apply_job_file(f.key.job_file, stores, nullptr, "brief"); !applied) return fail(applied.error());
  auto store = open_store(stores.front());
  if (!store) return fail(store.error());
  const std::string store_name = "store '" + stores.front().string() + "'";
  auto brief = topic ? exporting::gather_topic_brief(**store, *topic, f.resolution.value_or(1.0), store_name)
                     : exporting::gather_query_brief(**store, *query, store_name);
  if (!brief) return fail(brief.error());

  const auto output = output_target(f.output);
  auto written = write_output(output, f.force, [&](ByteSink& sink) -> Result<void> {
    BufferedOutput out(sink);
    exporting::write_brief(*brief, *format, out);
    return out.flush();
  });
  if (!written) return fail(written.error());
  const std::size_t answered = exporting::brief_answered(*brief);
  if (*format == exporting::BriefFormat::jsonld && answered == 0) {
    std::fprintf(stderr, "paa: note: no question of this brief has a stored answer, so its FAQPage lists none\n");
  }
  if (output) {
    std::fprintf(stderr, "paa: wrote a brief of %zu questions (%zu with an answer) to %s\n", brief->entries.size(),
                 answered, output->c_str());
  }
  return kExitOk;
}

}  // namespace

Command add_brief_command(CLI::App& app) {
  auto f = std::make_shared<BriefFlags>();
  Command c;
  c.app = app.add_subcommand("brief", "For one query or one topic: the questions a page should answer, most "
                                      "important first, with their answers, sources and related searches (md, html "
                                      "or FAQPage JSON-LD)");
  add_job_argument(*c.app, f->key.job_file, "A job file (TOML): read its store");
  add_store_or_job_option(*c.app, f->key.store);
  add_key_flags(*c.app, f->key);
  c.app->add_option("--topic", f->topic, "A topic's id (16 hex digits), as `paa topics` and `paa export --format "
                                         "topics` print it, instead of --q/--hl/--gl");
  c.app->add_option("--resolution", f->resolution,
                    "With --topic: the resolution its id was printed at (default 1; higher = more, smaller topics)");
  c.app->add_option("--format", f->format,
                    "md (Markdown, for a writer; the default) | html (a self-contained page) | jsonld (a schema.org "
                    "FAQPage for <script type=\"application/ld+json\">)")
      ->transform(one_of({"md", "html", "jsonld"}));
  c.app->add_option("-o,--output,--out", f->output, "Write to FILE atomically instead of standard output");
  c.app->add_flag("--force", f->force, "Replace an existing -o file");
  c.run = [f] { return run_brief(*f); };
  return c;
}

}  // namespace paa::cli
