#pragma once
// `paa export --format html`: one self-contained page (styles, script and data inline; a
// Content-Security-Policy that allows no network request). The data is JSON in
// <script type="application/json"> elements, escaped for that place (append_script_json_string,
// paa/output/text.hpp); the page's script (report/report.js) renders every store string through
// textContent.
//
// Data layout (compact arrays, documented for people who script against it):
//   <script type="application/json" class="paa-results">[result, ...]</script>, one element
//   per kResultsPerElement results, in export order, then
//   <script type="application/json" id="paa-meta">{"jobs":[names], "newest_fetched_at": ms}</script>
//   result = [q, hl, gl, city, fetched_at_ms, [job indexes], [related], tree]
//   tree = [node, ...], node = [question, answer, url, title] or with a 5th element, its children.
// Then the topics of the selection (docs/topics.md; docs/reports.md "Topics"):
//   <script type="application/json" class="paa-topic-questions">[[question, topic, type], ...]
//   </script>, one element per kTopicQuestionsPerElement unique questions of the listed topics,
//   most trees first (what the mind map colours nodes by), then
//   <script type="application/json" id="paa-topics">{"types":[names], "intents":[names],
//   "total": topics, "questions_per_topic": cap, "topics":[topic, ...]}</script>
//   topic = [id, label, hl, questions, groups, trees, representative, [questions of each type],
//            [[question, type, intent, trees, variant_of], ...]] (the first kQuestionsPerTopic
//            questions, most trees first); type and intent are indexes into "types"/"intents".
// Then the selection over time (docs/reports.md "Changes", "Domains"; report_history.hpp):
//   <script type="application/json" id="paa-changes">{"keys", "changed_keys", "versions", "runs",
//   "statuses":{"stable","intermittent","gone","new"}, "caps":{...}, "volatile":[key, ...],
//   "questions":[question, ...]}</script>
//   key = [q, hl, gl, city, versions, mean_churn, last_change_ms, [stable, intermittent, gone, new],
//          earlier_versions, [[first_fetch_ms, last_fetch_ms, run_id, questions, churn|null,
//          [[change, question, old, new], ...], more_changes], ...]]
//   question = [q, hl, gl, city, question, status, first_seen_ms, last_seen_ms, versions_seen, versions]
//   <script type="application/json" id="paa-domains">{"sourced", "total", "yours":[domains], "runs",
//   "caps":{...}, "rows":[[domain, answers, share|null, questions, keys, topics, yours], ...],
//   "since":[[run_id, job, at_ms, keys, moves, [[domain, from, to, won, lost], ...], more_rows], ...]}</script>
// A result's 9th element, when the report knows its key's versions: [versions, mean_churn|null,
// last_change_ms|null].
#include "paa/error.hpp"
#include "paa/export/rows/domain_rows.hpp"
#include "paa/export/rows/market_rows.hpp"
#include "paa/export/export_request.hpp"
#include "paa/export/branding.hpp"
#include "paa/export/html/report_history.hpp"
#include "paa/export/lineage_lookup.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/model/envelope.hpp"
#include "paa/store/store.hpp"

#include "paa/question/question_type.hpp"

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace paa::analysis {
class QuestionPass;
struct UniqueQuestion;
}
namespace paa::watch {
class DomainAnswers;
class OwnDomains;
}

namespace paa::exporting {

inline constexpr std::uint64_t kResultsPerElement = 200;
// The report's caps on the topics it lists (the rest: `paa export --format topics-jsonl`).
inline constexpr std::uint32_t kTopicsListed = 500;
inline constexpr std::size_t kQuestionsPerTopic = 50;
inline constexpr std::uint64_t kTopicQuestionsPerElement = 2000;

// One listed topic of the report, as its Topics view shows it.
struct ReportTopic {
  struct Question {
    std::string question;
    question::QuestionType type = question::QuestionType::other;
    question::Intent intent = question::Intent::informational;
    std::uint64_t trees = 0;
    std::string variant_of;  // "" on a group's representative
  };
  std::string id, label, hl, representative;
  std::uint64_t questions = 0, groups = 0, trees = 0;
  std::uint64_t volume = 0;  // topics::Topic::volume
  std::array<std::uint64_t, question::kQuestionTypes.size()> types{};  // questions of each type (enum order)
  std::vector<Question> listed;  // at most kQuestionsPerTopic, most trees first
  // What it did since the analysis before (docs/topics.md "A topic's identity"): trend_word,
  // "" when there was none to compare with; `from`: a split's earlier topic's label.
  std::string change, from;
  std::uint64_t trees_before = 0, questions_before = 0;
};

// Every unique question of the report by type and by intent (indexes as question::kQuestionTypes
// and kIntents): the Topics view's charts of the question mix.
struct ReportQuestionMix {
  std::array<std::uint64_t, question::kQuestionTypes.size()> types{};
  std::array<std::uint64_t, question::kIntents.size()> intents{};
};

// The report's trend of the topics: its counts of each change, and the earlier topics that
// merged into another or are gone (the kReportTopicsEnded with the most trees).
inline constexpr std::size_t kReportTopicsEnded = 100;
struct ReportTopicTrend {
  struct Ended {
    std::string change, id, label, into;  // into: a merged topic's topic now (its label)
    std::uint64_t trees_before = 0, questions_before = 0;
  };
  bool compared = false;
  std::string unreadable;  // why the trend cannot be read ("": it could)
  std::int64_t since_ms = 0;
  std::uint64_t since_results = 0;
  std::vector<std::pair<std::string, std::uint64_t>> counts;  // (trend word, topics), in a fixed order
  std::uint64_t ended_total = 0;
  std::vector<Ended> ended;
};

// The Domains view's data: the domains export's rows of the selection (the first kDomainsListed,
// and your domains past them), and won and lost since each of the store's latest runs.
struct ReportDomains {
  std::uint64_t sourced = 0;  // answers with a source: what `share` divides by
  std::uint64_t total = 0;    // domain rows in all
  std::vector<DomainRowFigures> rows;
  std::vector<std::string> yours;  // --domain, as registrable domains
  std::uint64_t runs = 0;          // the store's runs up to the report's point
  std::vector<ReportRunMoves> since;  // oldest first
};

// The Compare view's markets over the whole selection: the locales export's figures for the
// kMarketGroupsListed groups with the most trees among those shown in a locale of a language asked
// in two locales or more (the others compare nothing), and the locale-pairs export's rows.
struct ReportMarkets {
  struct Group {
    std::string representative, hl, topic;  // topic: its label
    std::uint64_t trees = 0;
    std::uint32_t number = 0;
    std::vector<std::uint64_t> counts;  // by locale
  };
  std::vector<MarketLocale> locales;
  std::vector<MarketPair> pairs;
  std::uint64_t compared = 0;  // groups shown in such a locale
  std::vector<Group> listed;   // most trees first
};
// `trees`: the MarketTrees reducer the pass fed (unused when the views keep their markets).
Result<ReportMarkets> report_markets(MarketTrees& trees, QuestionViews& views);

class HtmlReportWriter {
 public:
  // `jobs`: the store's job names; add() refers to them by index.
  HtmlReportWriter(BufferedOutput& out, std::vector<std::string> jobs);

  void brand(const Branding& branding) { branding_ = branding; }  // before begin(): --title, --logo
  void begin();  // the page up to the first result
  // `history`: the key's versions (ReportHistory::add_key), written as the result's 9th element;
  // `lineage`: its level, parent and seed, the 10th to 12th (records.schema's RESULT).
  void add(const StoredResult& result, const Envelope& envelope, std::span<const std::uint32_t> jobs,
           const watch::KeyStability* history = nullptr, const ExportLineage* lineage = nullptr);
  // After the results: each unique question of a listed topic (most trees first), then the
  // listed topics and how many there are in all. Either may be left out (an empty Topics view).
  void add_topic_question(std::string_view question, std::uint32_t topic, question::QuestionType type);
  // `volumes`: some seed of the selection has a volume (a Volume column, as the exports have).
  void add_topics(const std::vector<ReportTopic>& listed, std::uint64_t total, bool volumes, const ReportQuestionMix& mix,
                  const ReportTopicTrend& trend);
  // After the topics: the Changes view's data, then the Domains view's. Either may be left out.
  void add_changes(const ReportChanges& changes);
  void add_domains(const ReportDomains& domains);
  void add_markets(const ReportMarkets& markets);
  void finish();  // the rest of the data, the script, the end of the page
  std::uint64_t results() const { return results_; }

 private:
  BufferedOutput& out_;
  Branding branding_;
  std::vector<std::string> jobs_;
  void close_results();
  void close_lists();  // the results' and the topic questions' elements
  std::uint64_t results_ = 0;
  std::uint64_t topic_questions_ = 0;
  bool results_closed_ = false;
  bool topic_questions_closed_ = false;
  std::int64_t newest_ = 0;
};

// The report's listed topics, from the pass's views (analyse_questions: the topics clustered at
// --resolution): the first kTopicsListed (most trees first, as `--format topics` lists them),
// filled in by each unique question in the views' order (most trees first).
class ReportTopicsBuilder {
 public:
  static Result<ReportTopicsBuilder> create(QuestionViews& views);
  struct Placed {
    std::int64_t topic = -1;  // the listed topic's number; -1: not in a listed topic
    question::QuestionType type = question::QuestionType::other;
  };
  // Counts the question (a row of for_each_question_row: computed or kept views) in its topic,
  // listing it among the first kQuestionsPerTopic.
  Placed add(const analysis::UniqueQuestion& row, const topics::QuestionGroup& group, std::uint32_t topic);
  const std::vector<ReportTopic>& listed() const { return listed_; }
  std::uint64_t total() const { return views_->topics->size(); }
  const ReportTopicTrend& trend() const { return trend_; }
  const ReportQuestionMix& mix() const { return mix_; }  // every question added, listed or not

 private:
  explicit ReportTopicsBuilder(QuestionViews& views) : views_(&views) {}
  void add_trend();
  QuestionViews* views_;
  std::vector<ReportTopic> listed_;
  ReportTopicTrend trend_;
  ReportQuestionMix mix_;
};

// The Domains view: the domains export's rows (the first kDomainsListed, and yours past them),
// and won and lost since each of the latest runs.
Result<ReportDomains> report_domains(watch::DomainAnswers& answers, QuestionViews& views,
                                    const watch::OwnDomains& own, ReportHistory& history, std::uint64_t runs);

// The history the Changes and Domains views gather, up to the report's point
// (request.window.to_ms: --at); `runs_then`: the store's runs up to it.
Result<ReportHistory> report_history(StoreReader& store, const ExportRequest& request, std::uint64_t& runs_then);

// From the pass's views (analyse_questions: the topics clustered at --resolution), writes the
// first kTopicsListed topics (most trees first, as `--format topics` lists them) with their first
// kQuestionsPerTopic questions, and each question of those topics for the mind map.
Result<void> write_report_topics(QuestionViews& views, HtmlReportWriter& writer, bool volumes);

// The whole report of the selection, flushed: every selected tree, with the jobs that finished
// its key (for the page's job filter; memory: those jobs per stored key), and its topics (the
// analysis pass fed by the same scan, as `--format topics` computes them); its changes and
// domains over time from each key's versions (ReportHistory; request.window.to_ms: the report's
// point, --at) and its answer domains (the pass's watch::DomainAnswers, as `--format domains`).
Result<ExportSummary> export_html(StoreReader& store, const ExportRequest& request, BufferedOutput& out);

}  // namespace paa::exporting
