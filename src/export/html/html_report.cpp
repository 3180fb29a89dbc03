#include "paa/export/html/html_report.hpp"

#include "paa/export/pipeline/analysis_sink.hpp"
#include "paa/export/pipeline/analysis_views.hpp"
#include "paa/export/html/report_folder.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/export/stored_tree.hpp"
#include "paa/model/clock.hpp"
#include "paa/model/top_k.hpp"
#include "paa/watch/own_domains.hpp"
#include "paa/output/text.hpp"
#include "report_assets.hpp"
#include "report_fields.hpp"
#include "report_json.hpp"

#include <algorithm>
#include <optional>
#include <cstdio>
#include <string>
#include <tuple>
#include <unordered_map>

namespace paa::exporting {

Result<ReportTopicsBuilder> ReportTopicsBuilder::create(QuestionViews& views) {
  ReportTopicsBuilder b(views);
  const std::uint32_t listed = std::min(views.topics->size(), kTopicsListed);
  b.listed_.resize(listed);
  for (std::uint32_t n = 0; n < listed; ++n) {
    auto t = views.topics->topic(n);
    if (!t) return t.error();
    ReportTopic& r = b.listed_[n];
    r.id = topics::topic_hex(t->id);
    r.label = t->label;
    r.hl = t->hl;
    r.representative = t->representative;
    r.questions = t->questions;
    r.groups = t->groups;
    r.trees = t->trees;
    r.volume = t->volume;
  }
  b.add_trend();
  return b;
}

// The trend's figures for the listed topics, its counts, and the merged and gone topics with the
// most trees before: two streaming passes over the changes (never held whole), the second for
// the labels those name. The topics are whole without it: a trend that cannot be read is said on
// the page.
void ReportTopicsBuilder::add_trend() {
  topics::TopicMap& map = *views_->topics;
  for (const char* word : {"grew", "shrank", "new", "split", "merged", "gone", "same"}) trend_.counts.emplace_back(word, 0);
  // Ranks first: most trees before, then questions, then the smaller id (as `paa topics`).
  const auto ranks_first = [](const topics::TopicChange& a, const topics::TopicChange& b) {
    return std::tie(b.before.trees, b.before.questions, a.id) < std::tie(a.before.trees, a.before.questions, b.id);
  };
  std::vector<topics::TopicChange> ended;  // a heap of the kReportTopicsEnded ranked first: its front ranks last
  std::unordered_map<std::uint64_t, std::optional<std::string>> label_of;  // the topics a shown change names
  std::vector<std::optional<std::uint64_t>> split_from(listed_.size());  // by listed topic
  auto head = map.for_each_change([&](const topics::TopicChange& c) -> Result<void> {
    const std::string_view word = topics::trend_word(c);
    for (auto& [w, n] : trend_.counts) n += w == word ? 1 : 0;
    if (c.kind == topics::TopicChangeKind::merged || c.kind == topics::TopicChangeKind::gone) {
      ++trend_.ended_total;
      keep_top_k(ended, kReportTopicsEnded, c, ranks_first);
    } else if (c.number < listed_.size()) {
      ReportTopic& r = listed_[c.number];
      r.change = word;
      r.trees_before = c.before.trees;
      r.questions_before = c.before.questions;
      if (c.kind == topics::TopicChangeKind::split) {
        split_from[c.number] = c.other;
        label_of.emplace(c.other, std::nullopt);
      }
    }
    return {};
  });
  // Unreadable: the page says so and shows no change at all.
  const auto unreadable = [&](const Error& e) {
    trend_ = ReportTopicTrend{};
    trend_.unreadable = e.message;
    for (ReportTopic& r : listed_) {
      r.change.clear();
      r.from.clear();
      r.trees_before = r.questions_before = 0;
    }
  };
  if (!head) return unreadable(head.error());
  if (!head->compared) {
    trend_.counts.clear();
    return;
  }
  trend_.compared = true;
  trend_.since_ms = head->since_ms;
  trend_.since_results = head->since_results;
  std::sort_heap(ended.begin(), ended.end(), ranks_first);
  for (const topics::TopicChange& c : ended) {
    if (c.kind == topics::TopicChangeKind::merged) label_of.emplace(c.other, std::nullopt);
  }
  if (auto named = map.label_changes(label_of); !named) return unreadable(named.error());
  const auto label = [&](std::uint64_t id) {
    auto found = label_of.find(id);
    return found == label_of.end() ? std::string() : found->second.value_or(std::string());
  };
  for (std::size_t n = 0; n < listed_.size(); ++n) {
    if (split_from[n]) listed_[n].from = label(*split_from[n]);
  }
  for (const topics::TopicChange& c : ended) {
    trend_.ended.push_back({topics::trend_word(c), topics::topic_hex(c.id), std::string(map.change_label(c)),
                            c.kind == topics::TopicChangeKind::merged ? label(c.other) : std::string(), c.before.trees,
                            c.before.questions});
  }
}

ReportTopicsBuilder::Placed ReportTopicsBuilder::add(const analysis::UniqueQuestion& row,
                                                     const topics::QuestionGroup& g, std::uint32_t n) {
  ++mix_.types[static_cast<std::size_t>(g.type)];
  ++mix_.intents[static_cast<std::size_t>(g.intent)];
  if (n >= listed_.size()) return Placed{-1, g.type};
  ReportTopic& r = listed_[n];
  ++r.types[static_cast<std::size_t>(g.type)];
  // Rows come most trees first: each topic's first kQuestionsPerTopic are its listed ones.
  if (r.listed.size() < kQuestionsPerTopic) {
    r.listed.push_back({std::string(row.question), g.type, g.intent, row.count,
                        g.is_representative ? std::string() : std::string(g.representative)});
  }
  return Placed{static_cast<std::int64_t>(n), g.type};
}

Result<void> write_report_topics(QuestionViews& views, HtmlReportWriter& writer, bool volumes) {
  auto topics = ReportTopicsBuilder::create(views);
  if (!topics) return topics.error();
  auto rows = for_each_question_row(views, [&](const analysis::UniqueQuestion& row, const topics::QuestionGroup& group,
                                                const topics::Topic& topic) -> Result<void> {
    const auto placed = topics->add(row, group, topic.number);
    if (placed.topic >= 0) writer.add_topic_question(row.question, static_cast<std::uint32_t>(placed.topic), placed.type);
    return {};
  });
  if (!rows) return rows;
  writer.add_topics(topics->listed(), topics->total(), volumes, topics->mix(), topics->trend());
  return {};
}

HtmlReportWriter::HtmlReportWriter(BufferedOutput& out, std::vector<std::string> jobs)
    : out_(out), jobs_(std::move(jobs)) {}

void HtmlReportWriter::begin() {
  std::string page =
      "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
      "form-action 'none'\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"generator\" content=\"paa export --format html\">\n"
      "<title>People Also Ask report</title>\n<style>\n";
  page += report_assets::kCss;
  page += "</style>\n</head>\n<body>\n";
  page += report_assets::kBody;
  out_.append(branded_page(page, branding_));  // --title, --logo
}

void HtmlReportWriter::add(const StoredResult& r, const Envelope& env, std::span<const std::uint32_t> jobs,
                           const watch::KeyStability* history, const ExportLineage* lineage) {
  // Results go in elements of kResultsPerElement: Chromium parses many small script elements
  // about twice as fast as one large one (a 12 MB report: 1.0 s instead of 1.8 to 2.9 s).
  if (results_ % kResultsPerElement == 0) {
    if (results_ > 0) out_.append("\n]</script>\n");
    out_.append("<script type=\"application/json\" class=\"paa-results\">[\n");
  } else {
    out_.append(",\n");
  }
  namespace result = report_schema::result;  // records.schema: written in its order
  static_assert(report_schema::in_order(result::kFields, {result::kQ, result::kHl, result::kGl, result::kCity,
                                                          result::kFetchedMs, result::kJobs, result::kRelated,
                                                          result::kTree, result::kHistory, result::kLevel,
                                                          result::kParent, result::kSeed}));
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
  out_.append("],");
  append_report_related_tree(out_, env.result);
  if (history != nullptr || lineage != nullptr) {
    out_.put(',');
    if (history != nullptr) append_key_history(out_, *history); else out_.append("null");
  }
  if (lineage != nullptr) {
    out_.put(',');
    append_lineage(out_, *lineage);
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

void HtmlReportWriter::add_topic_question(std::string_view question, std::uint32_t topic, question::QuestionType type) {
  close_results();
  if (topic_questions_ % kTopicQuestionsPerElement == 0) {
    if (topic_questions_ > 0) out_.append("\n]</script>\n");
    out_.append("<script type=\"application/json\" class=\"paa-topic-questions\">[\n");
  } else {
    out_.append(",\n");
  }
  namespace tq = report_schema::topic_question;
  static_assert(report_schema::in_order(tq::kFields, {tq::kQuestion, tq::kTopic, tq::kType}));
  out_.put('[');
  append_script_json_string(out_, question);
  out_.put(',');
  append_decimal(out_, topic);
  out_.put(',');
  append_decimal(out_, static_cast<unsigned>(type));
  out_.put(']');
  ++topic_questions_;
}

void HtmlReportWriter::add_topics(const std::vector<ReportTopic>& listed, std::uint64_t total, bool volumes,
                                  const ReportQuestionMix& mix,
                                  const ReportTopicTrend& trend) {
  close_lists();
  out_.append("<script type=\"application/json\" id=\"paa-topics\">");
  append_topics_json(out_, listed, total, volumes, mix, trend);
  out_.append("</script>\n");
}

void HtmlReportWriter::add_changes(const ReportChanges& c) {
  close_lists();
  out_.append("<script type=\"application/json\" id=\"paa-changes\">");
  append_changes_json(out_, c);
  out_.append("</script>\n");
}

void HtmlReportWriter::add_domains(const ReportDomains& d) {
  close_lists();
  out_.append("<script type=\"application/json\" id=\"paa-domains\">");
  append_domains_json(out_, d);
  out_.append("</script>\n");
}

void HtmlReportWriter::add_markets(const ReportMarkets& m) {
  close_lists();
  out_.append("<script type=\"application/json\" id=\"paa-markets\">");
  append_markets_json(out_, m);
  out_.append("</script>\n");
}

void HtmlReportWriter::finish() {
  close_lists();
  out_.append("<script type=\"application/json\" id=\"paa-meta\">{\"jobs\":");
  append_script_json_strings(out_, jobs_);
  out_.append(",\"newest_fetched_at\":");
  append_decimal(out_, newest_);
  // The code both forms share, then this form's (report.js reads the elements above).
  out_.append("}</script>\n<script>\n");
  out_.append(report_assets::kCommon);
  out_.append("</script>\n<script>\n");
  out_.append(report_assets::kScript);
  out_.append("</script>\n</body>\n</html>\n");
}

Result<ReportDomains> report_domains(watch::DomainAnswers& answers, QuestionViews& views,
                                    const watch::OwnDomains& own, ReportHistory& history, std::uint64_t runs) {
  auto figures = domain_figures(answers, views);
  if (!figures) return figures.error();
  auto rows = domain_rows(*figures, own);
  ReportDomains domains;
  domains.sourced = figures->sourced;
  domains.total = rows.size();
  domains.yours = own.domains();
  domains.runs = runs;
  // The first kDomainsListed rows, and your domains past them.
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (i < kDomainsListed || rows[i].yours) domains.rows.push_back(std::move(rows[i]));
  }
  domains.since = history.moves(own);
  return domains;
}

Result<ReportMarkets> report_markets(MarketTrees& trees, QuestionViews& views) {
  auto figures = market_figures(trees, views);
  if (!figures) return figures.error();
  ReportMarkets markets;
  auto pairs = market_pairs(*figures);
  if (!pairs) return pairs.error();
  markets.pairs = std::move(*pairs);
  // The languages asked in two locales or more: only their groups compare anything.
  std::vector<bool> compared(figures->locales.size(), false);
  for (const MarketPair& p : markets.pairs) compared[p.a] = compared[p.b] = true;
  const auto before = [](const ReportMarkets::Group& a, const ReportMarkets::Group& b) {
    return a.trees != b.trees ? a.trees > b.trees : a.number < b.number;
  };
  ReportMarkets::Group row;
  auto visited = for_each_group_markets(views, *figures, [&](const topics::GroupRecord& g,
                                                             std::span<const GroupMarket> cells) -> Result<void> {
    // (A group of one language may be shown in another's trees too: it is compared where it is.)
    if (std::none_of(cells.begin(), cells.end(), [&](const GroupMarket& c) { return compared[c.locale]; })) return {};
    ++markets.compared;
    row.number = g.number;
    row.trees = g.trees;
    if (markets.listed.size() >= kMarketGroupsListed && !before(row, markets.listed.front())) {
      return {};  // (the texts are copied only for a group that is kept)
    }
    row.representative = g.representative;
    row.hl = g.hl;
    row.topic = views.topics->label(views.topics->topic_of(g.number));
    row.counts.assign(figures->locales.size(), 0);
    for (const GroupMarket& c : cells) row.counts[c.locale] = c.trees;
    keep_top_k(markets.listed, kMarketGroupsListed, std::move(row), before);
    row = {};
    return {};
  });
  if (!visited) return visited.error();
  std::sort_heap(markets.listed.begin(), markets.listed.end(), before);
  markets.locales = std::move(figures->locales);
  return markets;
}

Result<ReportHistory> report_history(StoreReader& store, const ExportRequest& request, std::uint64_t& runs_then) {
  auto runs = store.runs();
  if (!runs) return runs.error();
  const std::int64_t to_ms = request.window.to_ms;
  runs_then = 0;
  for (const auto& run : *runs) runs_then += run.started_at_ms <= to_ms ? 1 : 0;
  return ReportHistory(to_ms, report_run_points(*runs, to_ms, unix_now_ms()), runs_then,
                       request.format.max_question_depth);
}

namespace {

// After the scan: the topics (the kept analysis's, or the pass's with its domains reducer beside
// them), the changes and the domains over time.
Result<void> write_report_views(std::optional<QuestionViews>& kept, AnalysisSink& analysis, const ExportRequest& request,
                                StoreReader& store, ReportHistory& history, const watch::OwnDomains& own,
                                std::uint64_t runs, HtmlReportWriter& writer) {
  watch::DomainAnswers answers;
  MarketTrees market_trees;
  analysis::QuestionReducer* const more[] = {&answers, &market_trees};
  auto views = kept ? Result<QuestionViews>(std::move(*kept)) : analysis.finish(request.format.topics, more);
  if (!views) return views.error();
  // (The markets first: they read the groups, which the topics' rows then consume.)
  auto markets = report_markets(market_trees, *views);
  if (!markets) return markets.error();
  if (auto written = write_report_topics(*views, writer, request.format.volumes); !written) return written;
  auto changes = history.changes(store);
  if (!changes) return changes.error();
  writer.add_changes(*changes);
  auto domains = report_domains(answers, *views, own, history, runs);
  if (!domains) return domains.error();
  writer.add_domains(*domains);
  writer.add_markets(*markets);
  return {};
}

}  // namespace

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
  // The runs the Domains view compares from, up to the report's point (--at).
  std::uint64_t runs_then = 0;
  auto made = report_history(store, request, runs_then);
  if (!made) return made.error();
  ReportHistory& history = *made;
  ExportSummary summary;
  // The kept analysis when current (the scan then reads the trees for the page alone); else the
  // topics' hubs count by each tree's seed, as `--format topics` does, in the scan's own pass.
  std::optional<QuestionViews> kept = current_kept_views(request, summary);
  AnalysisSink analysis({.volumes = request.format.volumes, .progress = request.format.progress});
  HtmlReportWriter writer(out, *jobs);
  const std::vector<std::uint32_t> none;
  writer.brand(request.format.branding);
  writer.begin();
  CallbackSink page([&](const ScannedResult& scanned) -> Result<bool> {
    const StoredResult& result = scanned.result;
    const Envelope* env = scanned.envelope;
    // Its versions, one key in memory at a time (as `--format stability` reads them).
    auto key_history = history.add_key(result, env->result, *scanned.versions);
    if (!key_history) return key_history.error();
    const auto it = memberships.find(result.key);
    writer.add(result, *env, it == memberships.end() ? none : it->second, &*key_history, &scanned.lineage);
    return !out.failed();
  });
  ScanNeeds needs = kept ? ScanNeeds{.tree = true, .lineage = true} : analysis.needs();
  needs.versions = true;
  needs.lineage = true;  // each result's level, parent and seed in its detail
  ResultSink* const both[] = {&page, &analysis};
  auto selected = scan_results(store, request, needs, std::span<ResultSink* const>(both, kept ? 1 : 2), summary);
  if (!selected) return selected.error();
  if (!out.failed()) {
    if (auto written = write_report_views(kept, analysis, request, store, history, request.format.own_domains, runs_then, writer);
        !written && !out.failed()) {
      return written.error();
    }
  }
  writer.finish();
  if (auto flushed = out.flush(); !flushed) return flushed.error();
  summary.records = writer.results();
  if (const std::size_t bytes = out.bytes_written(); bytes > kSingleFileWarnBytes) {
    summary.warnings.push_back("the report is " + std::to_string(bytes / 1'000'000) +
                               " MB: a browser opens a single-file report past 50 MB slowly, if at all; "
                               "write a report folder instead (-o DIR/, docs/reports.md)");
  }
  return summary;
}

}  // namespace paa::exporting
