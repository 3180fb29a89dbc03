#include "paa/app/key_commands.hpp"

#include "paa/app/command_failure.hpp"
#include "paa/app/export_command.hpp"
#include "paa/app/read_progress.hpp"
#include "paa/export/brief/brief.hpp"
#include "paa/export/brief/brief_gather.hpp"
#include "paa/export/brief/own_answers.hpp"
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
  // --format, else -o's extension, else SVG.
  exporting::MapFormat format = exporting::MapFormat::svg;
  if (!request.format.empty()) {
    const auto named = exporting::parse_map_format(request.format);
    if (!named) return fail(usage_error("--format " + request.format + ": use svg, png or pdf"));
    format = *named;
  } else if (const auto by_name = exporting::map_format_of_file(request.output)) {
    format = *by_name;
  }
  auto stored = stored_result_of(request.key, "map");
  if (!stored) return fail(stored.error());
  const auto output = output_target(request.output);
  auto questions = exporting::write_mind_map(*stored, output, request.force, format);
  if (!questions) return fail(questions.error());
  if (output) std::fprintf(stderr, "paa: wrote a mind map of %zu questions to %s\n", *questions, output->c_str());
  return kExitOk;
}

namespace {

// How the user's answers fitted the brief: how many questions they answer (the FAQPage holds
// those), and each answer that found no question, so a typo is not silently dropped.
void report_answer_fit(const exporting::Brief& brief, const exporting::OwnAnswers& answers,
                       const exporting::AnswerFit& fit) {
  constexpr std::size_t kNamed = 5;
  std::fprintf(stderr, "paa: note: %s answers %zu of the brief's %zu questions; the FAQPage holds those %zu\n",
               answers.file.c_str(), fit.answered, brief.entries.size(), fit.answered);
  for (std::size_t i = 0; i < fit.unused.size() && i < kNamed; ++i) {
    std::fprintf(stderr, "paa: warning: %s:%llu: '%s' is no question of this brief (nor a spelling of one): check "
                         "its spelling, or leave it out\n",
                 answers.file.c_str(), static_cast<unsigned long long>(fit.unused[i]->line),
                 fit.unused[i]->question.c_str());
  }
  if (fit.unused.size() > kNamed) {
    std::fprintf(stderr, "paa: warning: %zu more answers of %s match no question of this brief\n",
                 fit.unused.size() - kNamed, answers.file.c_str());
  }
}

}  // namespace

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
  std::optional<exporting::TopicIdPrefix> topic;
  if (!f.topic.empty()) {
    auto id = exporting::parse_topic_id(f.topic);
    if (!id) return fail(id.error());
    topic = *id;
  }
  auto branding = exporting::read_branding(f.title, f.logo);  // read first: a bad file fails before the store is read
  if (!branding) return fail(branding.error());
  if (!branding->logo.empty() && *format != exporting::BriefFormat::html) {
    return fail(usage_error("--logo goes on the html brief (--format html): Markdown and JSON-LD have no place for it"));
  }
  std::optional<exporting::OwnAnswers> answers;
  if (!f.answers.empty()) {
    auto read = exporting::read_answers_file(f.answers);
    if (!read) return fail(read.error());
    answers = std::move(*read);
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

  brief->branding = std::move(*branding);
  if (answers) {
    question::QuestionProfiler profiler;
    auto fit = exporting::attach_own_answers(*brief, *answers, brief->hl, profiler);
    if (!fit) return fail(fit.error());
    report_answer_fit(*brief, *answers, *fit);
  } else if (*format != exporting::BriefFormat::markdown) {
    std::fprintf(stderr, "paa: warning: the brief's FAQPage JSON-LD is a skeleton: each answer reads \"TO BE "
                         "WRITTEN\"; write your page's answers and give them with --answers FILE (docs/brief.md)\n");
  }
  const auto output = output_target(f.output);
  auto written = write_output(output, f.force, [&](ByteSink& sink) -> Result<void> {
    BufferedOutput out(sink);
    exporting::write_brief(*brief, *format, out);
    return out.flush();
  });
  if (!written) return fail(written.error());
  const std::size_t answered = exporting::brief_answered(*brief);
  if (output) {
    std::fprintf(stderr, "paa: wrote a brief of %zu questions (%zu with a search snippet) to %s\n", brief->entries.size(),
                 answered, output->c_str());
  }
  return kExitOk;
}

}  // namespace paa::app
