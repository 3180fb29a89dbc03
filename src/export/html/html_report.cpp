#include "paa/export/html/html_report.hpp"

#include "paa/analysis/question_pass.hpp"
#include "paa/export/lineage_lookup.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/export/stored_tree.hpp"
#include "paa/model/clock.hpp"
#include "paa/watch/own_domains.hpp"
#include "paa/output/text.hpp"
#include "report_assets.hpp"

#include <algorithm>
#include <cstdio>
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

// A fraction (churn, share) with up to 4 decimals, or null.
void append_optional_fraction(BufferedOutput& out, const std::optional<double>& value) {
  if (!value) {
    out.append("null");
    return;
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.4f", *value);
  out.append(text);
}

// q, hl, gl, city as four strings, each followed by a comma.
void append_key(BufferedOutput& out, const ReportKey& key) {
  for (const std::string* text : {&key.q, &key.hl, &key.gl, &key.city}) {
    append_script_json_string(out, *text);
    out.put(',');
  }
}

}  // namespace

Result<void> write_report_topics(QuestionViews& views, HtmlReportWriter& writer) {
  const std::uint32_t listed = std::min(views.topics->size(), kTopicsListed);
  std::vector<ReportTopic> report(listed);
  for (std::uint32_t n = 0; n < listed; ++n) {
    auto t = views.topics->topic(n);
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
  auto rows = views.unique->for_each([&](const analysis::UniqueQuestion& row) -> Result<void> {
    auto g = views.groups->of(row.index);
    if (!g) return g.error();
    const std::uint32_t n = views.topics->topic_of(g->number);
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
  writer.add_topics(report, views.topics->size());
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

void HtmlReportWriter::add(const StoredResult& r, const Envelope& env, std::span<const std::uint32_t> jobs,
                           const watch::KeyStability* history) {
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
  if (history != nullptr) {
    out_.append(",[");
    append_decimal(out_, history->versions);
    out_.put(',');
    append_optional_fraction(out_, history->mean_churn);
    out_.put(',');
    if (history->last_change_ms) append_decimal(out_, *history->last_change_ms); else out_.append("null");
    out_.put(']');
  }
  out_.put(']');
  ++results_;
  newest_ = std::max(newest_, r.fetched_at_ms);
}

void HtmlReportWriter::close_results() {
  if (results_closed_) return;
  results_closed_ = true;
  if (results_ > 0) out_.append("\n]</script>\n");
}

void HtmlReportWriter::close_lists() {
  close_results();
  if (!topic_questions_closed_ && topic_questions_ > 0) out_.append("\n]</script>\n");
  topic_questions_closed_ = true;
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
  close_lists();
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

void HtmlReportWriter::add_changes(const ReportChanges& c) {
  close_lists();
  out_.append("<script type=\"application/json\" id=\"paa-changes\">{\"keys\":");
  append_decimal(out_, c.keys);
  out_.append(",\"changed_keys\":");
  append_decimal(out_, c.changed_keys);
  out_.append(",\"versions\":");
  append_decimal(out_, c.versions);
  out_.append(",\"runs\":");
  append_decimal(out_, c.runs);
  out_.append(",\"statuses\":{");
  for (std::size_t i = 0; i < c.statuses.size(); ++i) {
    if (i > 0) out_.put(',');
    append_script_json_string(out_, watch::stability_status_name(static_cast<watch::StabilityStatus>(i)));
    out_.put(':');
    append_decimal(out_, c.statuses[i]);
  }
  out_.append("},\"caps\":{\"keys\":");
  append_decimal(out_, kVolatileKeysListed);
  out_.append(",\"questions\":");
  append_decimal(out_, kQuestionChangesListed);
  out_.append(",\"versions_per_key\":");
  append_decimal(out_, kVersionsPerKey);
  out_.append(",\"changes_per_version\":");
  append_decimal(out_, kChangesPerVersion);
  out_.append("},\"volatile\":[");
  for (std::size_t n = 0; n < c.volatile_keys.size(); ++n) {
    const ReportVolatileKey& k = c.volatile_keys[n];
    out_.append(n > 0 ? ",\n[" : "\n[");
    append_key(out_, k.key);
    append_decimal(out_, k.summary.versions);
    out_.put(',');
    append_optional_fraction(out_, k.summary.mean_churn);
    out_.put(',');
    if (k.summary.last_change_ms) append_decimal(out_, *k.summary.last_change_ms); else out_.append("null");
    out_.append(",[");
    append_decimal(out_, k.summary.stable);
    out_.put(',');
    append_decimal(out_, k.summary.intermittent);
    out_.put(',');
    append_decimal(out_, k.summary.gone);
    out_.put(',');
    append_decimal(out_, k.summary.added);
    out_.append("],");
    append_decimal(out_, k.earlier_versions);
    out_.append(",[");
    for (std::size_t i = 0; i < k.versions.size(); ++i) {
      const ReportVersion& v = k.versions[i];
      if (i > 0) out_.put(',');
      out_.put('[');
      append_decimal(out_, v.first_fetch_ms);
      out_.put(',');
      append_decimal(out_, v.last_fetch_ms);
      out_.put(',');
      append_script_json_string(out_, v.run_id);
      out_.put(',');
      append_decimal(out_, v.questions);
      out_.put(',');
      append_optional_fraction(out_, v.churn);
      out_.append(",[");
      for (std::size_t j = 0; j < v.changes.size(); ++j) {
        const TreeChange& ch = v.changes[j];
        if (j > 0) out_.put(',');
        out_.put('[');
        append_script_json_string(out_, tree_change_name(ch.kind));
        out_.put(',');
        append_script_json_string(out_, ch.question);
        out_.put(',');
        append_script_json_string(out_, ch.old_value);
        out_.put(',');
        append_script_json_string(out_, ch.new_value);
        out_.put(']');
      }
      out_.append("],");
      append_decimal(out_, v.more_changes);
      out_.put(']');
    }
    out_.append("]]");
  }
  out_.append("],\"questions\":[");
  for (std::size_t n = 0; n < c.questions.size(); ++n) {
    const ReportQuestionChange& q = c.questions[n];
    out_.append(n > 0 ? ",\n[" : "\n[");
    append_key(out_, q.key);
    append_script_json_string(out_, q.question);
    out_.put(',');
    append_script_json_string(out_, watch::stability_status_name(q.status));
    for (const std::int64_t v : {q.first_seen_ms, q.last_seen_ms, std::int64_t{q.versions_seen}, std::int64_t{q.versions}}) {
      out_.put(',');
      append_decimal(out_, v);
    }
    out_.put(']');
  }
  out_.append("]}</script>\n");
}

void HtmlReportWriter::add_domains(const ReportDomains& d) {
  close_lists();
  out_.append("<script type=\"application/json\" id=\"paa-domains\">{\"sourced\":");
  append_decimal(out_, d.sourced);
  out_.append(",\"total\":");
  append_decimal(out_, d.total);
  out_.append(",\"yours\":[");
  for (std::size_t i = 0; i < d.yours.size(); ++i) {
    if (i > 0) out_.put(',');
    append_script_json_string(out_, d.yours[i]);
  }
  out_.append("],\"runs\":");
  append_decimal(out_, d.runs);
  out_.append(",\"caps\":{\"rows\":");
  append_decimal(out_, kDomainsListed);
  out_.append(",\"runs\":");
  append_decimal(out_, kRunsCompared);
  out_.append(",\"moves\":");
  append_decimal(out_, kDomainMovesPerRun);
  out_.append("},\"rows\":[");
  for (std::size_t n = 0; n < d.rows.size(); ++n) {
    const DomainRowFigures& r = d.rows[n];
    out_.append(n > 0 ? ",\n[" : "\n[");
    append_script_json_string(out_, r.domain);
    out_.put(',');
    append_decimal(out_, r.answers);
    out_.put(',');
    append_optional_fraction(out_, r.share);
    for (const std::uint64_t v : {r.questions, r.keys, r.topics}) {
      out_.put(',');
      append_decimal(out_, v);
    }
    out_.append(r.yours ? ",true]" : ",false]");
  }
  out_.append("],\"since\":[");
  for (std::size_t n = 0; n < d.since.size(); ++n) {
    const ReportRunMoves& run = d.since[n];
    out_.append(n > 0 ? ",\n[" : "\n[");
    append_script_json_string(out_, run.run_id);
    out_.put(',');
    append_script_json_string(out_, run.job);
    out_.put(',');
    append_decimal(out_, run.at_ms);
    out_.put(',');
    append_decimal(out_, run.keys);
    out_.put(',');
    append_decimal(out_, run.moves);
    out_.append(",[");
    for (std::size_t i = 0; i < run.rows.size(); ++i) {
      const watch::DomainRow& r = run.rows[i];
      if (i > 0) out_.put(',');
      out_.put('[');
      append_script_json_string(out_, r.domain);
      for (const std::uint64_t v : {r.figures.from, r.figures.to, r.figures.won, r.figures.lost}) {
        out_.put(',');
        append_decimal(out_, v);
      }
      out_.put(']');
    }
    out_.append("],");
    append_decimal(out_, run.more_rows);
    out_.put(']');
  }
  out_.append("]}</script>\n");
}

void HtmlReportWriter::finish() {
  close_lists();
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

namespace {

// After the scan: the topics (with the pass's domains reducer beside them), the changes and the
// domains over time.
Result<void> write_report_views(analysis::QuestionPass& pass, const ExportRequest& request, StoreReader& store,
                                ReportHistory& history, const watch::OwnDomains& own, std::uint64_t runs,
                                HtmlReportWriter& writer) {
  topics::TopicOptions options;
  options.resolution = request.format.resolution;
  watch::DomainAnswers answers;
  analysis::QuestionReducer* const more[] = {&answers};
  auto views = analyse_questions(pass, options, more);
  if (!views) return views.error();
  if (auto written = write_report_topics(*views, writer); !written) return written;
  auto changes = history.changes(store);
  if (!changes) return changes.error();
  writer.add_changes(*changes);
  auto rows = domain_rows(answers, *views, own);
  if (!rows) return rows.error();
  ReportDomains domains;
  domains.sourced = answers.sourced();
  domains.total = rows->size();
  domains.yours = own.domains();
  domains.runs = runs;
  // The first kDomainsListed rows, and your domains past them.
  for (std::size_t i = 0; i < rows->size(); ++i) {
    if (i < kDomainsListed || (*rows)[i].yours) domains.rows.push_back(std::move((*rows)[i]));
  }
  domains.since = history.moves(own);
  writer.add_domains(domains);
  return {};
}

}  // namespace

Result<ExportSummary> export_html(StoreReader& store, const ExportRequest& request, BufferedOutput& out) {
  auto own = watch::OwnDomains::parse(request.format.own_domains);
  if (!own) return own.error();
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
  // The runs the Domains view compares from, up to the report's point (--at).
  auto runs = store.runs();
  if (!runs) return runs.error();
  const std::int64_t to_ms = request.window.to_ms;
  std::uint64_t runs_then = 0;
  for (const auto& run : *runs) runs_then += run.started_at_ms <= to_ms ? 1 : 0;
  ReportHistory history(to_ms, report_run_points(*runs, to_ms, unix_now_ms()), runs_then,
                        request.format.max_question_depth);
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
    // Its versions, one key in memory at a time (as `--format stability` reads them).
    auto versions = store.versions(result.key);
    if (!versions) return versions.error();
    auto key_history = history.add_key(result, env->result, *versions);
    if (!key_history) return key_history.error();
    const auto it = memberships.find(result.key);
    writer.add(result, *env, it == memberships.end() ? none : it->second, &*key_history);
    auto lineage = lineages->of(result);
    if (!lineage) return lineage.error();
    analysis::TreeSeed seed;
    seed.root = lineage->seed_key;
    if (auto added = pass.add_tree(result, env->result.children, seed); !added) return added.error();
    return !out.failed();
  });
  if (!selected) return selected.error();
  if (!out.failed()) {
    if (auto written = write_report_views(pass, request, store, history, *own, runs_then, writer);
        !written && !out.failed()) {
      return written.error();
    }
  }
  writer.finish();
  if (auto flushed = out.flush(); !flushed) return flushed.error();
  summary.records = writer.results();
  return summary;
}

}  // namespace paa::exporting
