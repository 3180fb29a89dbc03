#include "paa/export/html/html_report.hpp"

#include "paa/analysis/question_pass.hpp"
#include "paa/export/lineage_lookup.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/export/stored_tree.hpp"
#include "paa/output/text.hpp"
#include "report_assets.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>

namespace paa::exporting {

namespace {

// The tree as nested arrays, without native recursion (trees may be 1,000 levels deep).
void append_tree(BufferedOutput& out, const std::vector<Question>& roots) {
  struct Frame {
    const std::vector<Question>* nodes;
    std::size_t next;
  };
  out.put('[');
  std::vector<Frame> stack{{&roots, 0}};
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (top.next == top.nodes->size()) {
      stack.pop_back();
      out.put(']');                     // this array of siblings
      if (!stack.empty()) out.put(']');  // the node that owns it
      continue;
    }
    const Question& q = (*top.nodes)[top.next++];
    if (top.next > 1) out.put(',');
    out.put('[');
    append_script_json_string(out, q.question);
    out.put(',');
    append_script_json_string(out, q.answer ? std::string_view(*q.answer) : std::string_view());
    out.put(',');
    append_script_json_string(out, q.url);
    out.put(',');
    append_script_json_string(out, q.title);
    if (q.children.empty()) {
      out.put(']');
    } else {
      out.append(",[");
      stack.push_back({&q.children, 0});
    }
  }
}

}  // namespace

Result<void> write_report_topics(analysis::QuestionPass& pass, double resolution, HtmlReportWriter& writer) {
  topics::TopicOptions options;
  options.resolution = resolution;
  auto views = analyse_questions(pass, options);
  if (!views) return views.error();
  const std::uint32_t listed = std::min(views->topics->size(), kTopicsListed);
  std::vector<ReportTopic> report(listed);
  for (std::uint32_t n = 0; n < listed; ++n) {
    auto t = views->topics->topic(n);
    if (!t) return t.error();
    ReportTopic& r = report[n];
    r.id = topics::topic_hex(t->id);
    r.label = t->label;
    r.hl = t->hl;
    r.representative = t->representative;
    r.questions = t->questions;
    r.groups = t->groups;
    r.trees = t->trees;
  }
  // Rows come most trees first: each topic's first kQuestionsPerTopic are its listed ones.
  auto rows = views->unique->for_each([&](const analysis::UniqueQuestion& row) -> Result<void> {
    auto g = views->groups->of(row.index);
    if (!g) return g.error();
    const std::uint32_t n = views->topics->topic_of(g->number);
    if (n >= listed) return {};
    ReportTopic& r = report[n];
    ++r.types[static_cast<std::size_t>(g->type)];
    if (r.listed.size() < kQuestionsPerTopic) {
      r.listed.push_back({std::string(row.question), g->type, g->intent, row.count,
                          g->is_representative ? std::string() : std::string(g->representative)});
    }
    writer.add_topic_question(row.question, n, g->type);
    return {};
  });
  if (!rows) return rows;
  writer.add_topics(report, views->topics->size());
  return {};
}

HtmlReportWriter::HtmlReportWriter(BufferedOutput& out, std::vector<std::string> jobs)
    : out_(out), jobs_(std::move(jobs)) {}

void HtmlReportWriter::begin() {
  out_.append(
      "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
      "form-action 'none'\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"generator\" content=\"paa export --format html\">\n"
      "<title>People Also Ask report</title>\n<style>\n");
  out_.append(report_assets::kCss);
  out_.append("</style>\n</head>\n<body>\n");
  out_.append(report_assets::kBody);
}

void HtmlReportWriter::add(const StoredResult& r, const Envelope& env, std::span<const std::uint32_t> jobs) {
  // Results go in elements of kResultsPerElement: Chromium parses many small script elements
  // about twice as fast as one large one (a 12 MB report: 1.0 s instead of 1.8 to 2.9 s).
  if (results_ % kResultsPerElement == 0) {
    if (results_ > 0) out_.append("\n]</script>\n");
    out_.append("<script type=\"application/json\" class=\"paa-results\">[\n");
  } else {
    out_.append(",\n");
  }
  out_.put('[');
  append_script_json_string(out_, r.q);
  out_.put(',');
  append_script_json_string(out_, r.hl);
  out_.put(',');
  append_script_json_string(out_, r.gl);
  out_.put(',');
  append_script_json_string(out_, r.city);
  out_.put(',');
  append_decimal(out_, r.fetched_at_ms);
  out_.append(",[");
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (i > 0) out_.put(',');
    append_decimal(out_, jobs[i]);
  }
  out_.append("],[");
  for (std::size_t i = 0; i < env.result.related.size(); ++i) {
    if (i > 0) out_.put(',');
    append_script_json_string(out_, env.result.related[i]);
  }
  out_.append("],");
  append_tree(out_, env.result.children);
  out_.put(']');
  ++results_;
  newest_ = std::max(newest_, r.fetched_at_ms);
}

void HtmlReportWriter::close_results() {
  if (results_closed_) return;
  results_closed_ = true;
  if (results_ > 0) out_.append("\n]</script>\n");
}

void HtmlReportWriter::add_topic_question(std::string_view question, std::uint32_t topic, topics::QuestionType type) {
  close_results();
  if (topic_questions_ % kTopicQuestionsPerElement == 0) {
    if (topic_questions_ > 0) out_.append("\n]</script>\n");
    out_.append("<script type=\"application/json\" class=\"paa-topic-questions\">[\n");
  } else {
    out_.append(",\n");
  }
  out_.put('[');
  append_script_json_string(out_, question);
  out_.put(',');
  append_decimal(out_, topic);
  out_.put(',');
  append_decimal(out_, static_cast<unsigned>(type));
  out_.put(']');
  ++topic_questions_;
}

void HtmlReportWriter::add_topics(const std::vector<ReportTopic>& listed, std::uint64_t total) {
  close_results();
  if (!topic_questions_closed_ && topic_questions_ > 0) out_.append("\n]</script>\n");
  topic_questions_closed_ = true;
  out_.append("<script type=\"application/json\" id=\"paa-topics\">{\"types\":[");
  for (std::size_t i = 0; i < topics::kQuestionTypes.size(); ++i) {
    if (i > 0) out_.put(',');
    append_script_json_string(out_, topics::name(static_cast<topics::QuestionType>(i)));
  }
  out_.append("],\"intents\":[");
  for (std::size_t i = 0; i < topics::kIntents.size(); ++i) {
    if (i > 0) out_.put(',');
    append_script_json_string(out_, topics::name(static_cast<topics::Intent>(i)));
  }
  out_.append("],\"total\":");
  append_decimal(out_, total);
  out_.append(",\"questions_per_topic\":");
  append_decimal(out_, kQuestionsPerTopic);
  out_.append(",\"topics\":[");
  for (std::size_t n = 0; n < listed.size(); ++n) {
    const ReportTopic& t = listed[n];
    out_.append(n > 0 ? ",\n[" : "\n[");
    for (const std::string* text : {&t.id, &t.label, &t.hl}) {
      append_script_json_string(out_, *text);
      out_.put(',');
    }
    for (std::uint64_t figure : {t.questions, t.groups, t.trees}) {
      append_decimal(out_, figure);
      out_.put(',');
    }
    append_script_json_string(out_, t.representative);
    out_.append(",[");
    for (std::size_t i = 0; i < t.types.size(); ++i) {
      if (i > 0) out_.put(',');
      append_decimal(out_, t.types[i]);
    }
    out_.append("],[");
    for (std::size_t i = 0; i < t.listed.size(); ++i) {
      const ReportTopic::Question& q = t.listed[i];
      if (i > 0) out_.put(',');
      out_.put('[');
      append_script_json_string(out_, q.question);
      out_.put(',');
      append_decimal(out_, static_cast<unsigned>(q.type));
      out_.put(',');
      append_decimal(out_, static_cast<unsigned>(q.intent));
      out_.put(',');
      append_decimal(out_, q.trees);
      out_.put(',');
      append_script_json_string(out_, q.variant_of);
      out_.put(']');
    }
    out_.append("]]");
  }
  out_.append("]}</script>\n");
}

void HtmlReportWriter::finish() {
  close_results();
  if (!topic_questions_closed_ && topic_questions_ > 0) out_.append("\n]</script>\n");
  topic_questions_closed_ = true;
  out_.append("<script type=\"application/json\" id=\"paa-meta\">{\"jobs\":[");
  for (std::size_t i = 0; i < jobs_.size(); ++i) {
    if (i > 0) out_.put(',');
    append_script_json_string(out_, jobs_[i]);
  }
  out_.append("],\"newest_fetched_at\":");
  append_decimal(out_, newest_);
  out_.append("}</script>\n<script>\n");
  out_.append(report_assets::kScript);
  out_.append("</script>\n</body>\n</html>\n");
}

Result<ExportSummary> export_html(StoreReader& store, const ExportRequest& request, BufferedOutput& out) {
  auto jobs = store.job_names();
  if (!jobs) return jobs.error();
  std::unordered_map<std::string, std::vector<std::uint32_t>> memberships;
  for (std::uint32_t j = 0; j < jobs->size(); ++j) {
    auto scanned = store.scan_progress((*jobs)[j], [&](std::string_view key, const ProgressEntry& entry) {
      if (entry.state == ProgressState::done) memberships[std::string(key)].push_back(j);
      return true;
    });
    if (!scanned) return scanned.error();
  }
  // The topics' hubs count by each tree's seed, as `--format topics` does.
  auto lineages = LineageLookup::create(store, request.job);
  if (!lineages) return lineages.error();
  analysis::QuestionPass pass;
  HtmlReportWriter writer(out, *jobs);
  const std::vector<std::uint32_t> none;
  ExportSummary summary;
  writer.begin();
  auto selected = scan_selection(store, request, summary, [&](const StoredResult& result) -> Result<bool> {
    auto env = parse_stored_result(result, request.format.max_question_depth);
    if (!env) return env.error();
    const auto it = memberships.find(result.key);
    writer.add(result, *env, it == memberships.end() ? none : it->second);
    auto lineage = lineages->of(result);
    if (!lineage) return lineage.error();
    analysis::TreeSeed seed;
    seed.root = lineage->seed_key;
    if (auto added = pass.add_tree(result, env->result.children, seed); !added) return added.error();
    return !out.failed();
  });
  if (!selected) return selected.error();
  if (!out.failed()) {
    if (auto written = write_report_topics(pass, request.format.resolution, writer); !written && !out.failed()) {
      return written.error();
    }
  }
  writer.finish();
  if (auto flushed = out.flush(); !flushed) return flushed.error();
  summary.records = writer.results();
  return summary;
}

}  // namespace paa::exporting
