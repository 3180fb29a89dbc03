#include "paa/app/key_commands.hpp"

#include "paa/app/command_failure.hpp"
#include "paa/app/export_command.hpp"
#include "paa/app/read_progress.hpp"
#include "paa/export/brief/brief.hpp"
#include "paa/export/brief/brief_gather.hpp"
#include "paa/export/mind_map/mind_map_svg.hpp"
#include "paa/output/atomic_file.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/selection/stores.hpp"

#include <cstdio>

namespace paa::app {

int run_get(const StoredKey& key) {
  auto stored = stored_result_of(key, "get");
  if (!stored) return fail(stored.error());
  const std::string& body = stored->body;
  std::fwrite(body.data(), 1, body.size(), stdout);
  if (body.empty() || body.back() != '\n') std::fputc('\n', stdout);
  return finish_stdout();
}

int run_map(const MapRequest& request) {
  auto stored = stored_result_of(request.key, "map");
  if (!stored) return fail(stored.error());
  const auto output = output_target(request.output);
  auto questions = exporting::write_mind_map(*stored, output, request.force);
  if (!questions) return fail(questions.error());
  if (output) std::fprintf(stderr, "paa: wrote a mind map of %zu questions to %s\n", *questions, output->c_str());
  return kExitOk;
}

Result<void> check_brief_scope(const BriefRequest& f) {
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

int run_brief(const BriefRequest& f) {
  if (auto checked = check_brief_scope(f); !checked) return fail(checked.error());
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
  auto store = open_selected_store(f.key.job_file, f.key.store, nullptr, "brief");
  if (!store) return fail(store.error());
  const std::string store_name = "store '" + store->dir.string() + "'";
  ReadProgressDisplay progress(progress_mode(f.progress));
  exporting::ExportSummary summary;  // whether the analysis was read or computed, and kept
  const exporting::BriefSource source{store->dir, &progress, &summary};
  auto brief = topic ? exporting::gather_topic_brief(*store->reader, *topic, f.resolution.value_or(1.0), store_name,
                                                     source)
                     : exporting::gather_query_brief(*store->reader, *query, store_name, source);
  progress.finish(brief.has_value());  // the bar ends before the brief or a message is printed
  print_notes(stderr, summary);
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

}  // namespace paa::app
