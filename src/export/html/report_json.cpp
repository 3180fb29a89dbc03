#include "report_json.hpp"

#include "report_fields.hpp"

#include "paa/output/sink.hpp"
#include "paa/output/text.hpp"
#include "paa/question/question_type.hpp"

#include <algorithm>
#include <cstdio>
#include <span>

namespace paa::exporting {

// Each record is written in records.schema's order: the static_asserts name its fields as they
// are written, so a field moved or added there fails here until the writer follows.
namespace rs = report_schema;

// The tree as nested arrays, without native recursion (trees may be 1,000 levels deep).
void append_report_tree(BufferedOutput& out, const std::vector<Question>& roots) {
  static_assert(rs::in_order(rs::node::kFields, {rs::node::kQuestion, rs::node::kAnswer, rs::node::kUrl, rs::node::kTitle,
                                                 rs::node::kChildren}));
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

void append_report_related_tree(BufferedOutput& out, const SearchResult& result) {
  append_script_json_strings(out, result.related);
  out.put(',');
  append_report_tree(out, result.children);
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
  static_assert(rs::query::kQ == 0 && rs::query::kHl == 1 && rs::query::kGl == 2 && rs::query::kCity == 3);
  for (const std::string* text : {&key.q, &key.hl, &key.gl, &key.city}) {
    append_script_json_string(out, *text);
    out.put(',');
  }
}


namespace {
// "types":[names],"intents":[names],"type_counts":[...],"intent_counts":[...]: every question of
// the report by type and by intent, in the lists' order.
void append_question_mix(BufferedOutput& out, const ReportQuestionMix& mix) {
  out.append("\"types\":[");
  for (std::size_t i = 0; i < question::kQuestionTypes.size(); ++i) {
    if (i > 0) out.put(',');
    append_script_json_string(out, question::name(static_cast<question::QuestionType>(i)));
  }
  out.append("],\"intents\":[");
  for (std::size_t i = 0; i < question::kIntents.size(); ++i) {
    if (i > 0) out.put(',');
    append_script_json_string(out, question::name(static_cast<question::Intent>(i)));
  }
  for (const auto& [name, counts] : {std::pair<const char*, std::span<const std::uint64_t>>{"type_counts", mix.types},
                                     {"intent_counts", mix.intents}}) {
    out.append("],\"");
    out.append(name);
    out.append("\":[");
    for (std::size_t i = 0; i < counts.size(); ++i) {
      if (i > 0) out.put(',');
      append_decimal(out, counts[i]);
    }
  }
  out.put(']');
}
}  // namespace

void append_topics_json(BufferedOutput& out, const std::vector<ReportTopic>& listed, std::uint64_t total,
                        bool volumes, const ReportQuestionMix& mix, const ReportTopicTrend& trend) {
  out.put('{');
  append_question_mix(out, mix);
  out.append(",\"total\":");
  append_decimal(out, total);
  out.append(",\"questions_per_topic\":");
  append_decimal(out, kQuestionsPerTopic);
  // Whether the topics carry demand (some seed of the selection has a volume, as the exports
  // decide): the page shows the column then.
  out.append(volumes ? ",\"volumes\":true" : ",\"volumes\":false");
  out.append(",\"trend\":{\"compared\":");
  out.append(trend.compared ? "true" : "false");
  out.append(",\"unreadable\":");
  append_script_json_string(out, trend.unreadable);
  out.append(",\"since_ms\":");
  append_decimal(out, trend.since_ms);
  out.append(",\"since_results\":");
  append_decimal(out, trend.since_results);
  out.append(",\"counts\":[");
  for (std::size_t i = 0; i < trend.counts.size(); ++i) {
    out.append(i > 0 ? ",[" : "[");
    append_script_json_string(out, trend.counts[i].first);
    out.put(',');
    append_decimal(out, trend.counts[i].second);
    out.put(']');
  }
  out.append("],\"ended_total\":");
  append_decimal(out, trend.ended_total);
  out.append(",\"ended\":[");
  namespace te = rs::topic_ended;
  static_assert(rs::in_order(te::kFields, {te::kChange, te::kId, te::kLabel, te::kTreesBefore, te::kQuestionsBefore,
                                           te::kInto}));
  for (std::size_t i = 0; i < trend.ended.size(); ++i) {
    const ReportTopicTrend::Ended& e = trend.ended[i];
    out.append(i > 0 ? ",\n[" : "\n[");
    for (const std::string* text : {&e.change, &e.id, &e.label}) {
      append_script_json_string(out, *text);
      out.put(',');
    }
    for (std::uint64_t figure : {e.trees_before, e.questions_before}) {
      append_decimal(out, figure);
      out.put(',');
    }
    append_script_json_string(out, e.into);
    out.put(']');
  }
  out.append("]}");
  out.append(",\"topics\":[");
  static_assert(rs::in_order(rs::topic::kFields, {rs::topic::kId, rs::topic::kLabel, rs::topic::kHl, rs::topic::kQuestions,
                                                  rs::topic::kGroups, rs::topic::kTrees, rs::topic::kVolume,
                                                  rs::topic::kRepresentative, rs::topic::kOfType, rs::topic::kListed,
                                                  rs::topic::kChange, rs::topic::kTreesBefore,
                                                  rs::topic::kQuestionsBefore, rs::topic::kFrom}));
  static_assert(rs::in_order(rs::topic_listed::kFields, {rs::topic_listed::kQuestion, rs::topic_listed::kType,
                                                         rs::topic_listed::kIntent, rs::topic_listed::kTrees,
                                                         rs::topic_listed::kVariantOf}));
  for (std::size_t n = 0; n < listed.size(); ++n) {
    const ReportTopic& t = listed[n];
    out.append(n > 0 ? ",\n[" : "\n[");
    for (const std::string* text : {&t.id, &t.label, &t.hl}) {
      append_script_json_string(out, *text);
      out.put(',');
    }
    for (std::uint64_t figure : {t.questions, t.groups, t.trees, t.volume}) {
      append_decimal(out, figure);
      out.put(',');
    }
    append_script_json_string(out, t.representative);
    out.append(",[");
    for (std::size_t i = 0; i < t.types.size(); ++i) {
      if (i > 0) out.put(',');
      append_decimal(out, t.types[i]);
    }
    out.append("],[");
    for (std::size_t i = 0; i < t.listed.size(); ++i) {
      const ReportTopic::Question& q = t.listed[i];
      if (i > 0) out.put(',');
      out.put('[');
      append_script_json_string(out, q.question);
      out.put(',');
      append_decimal(out, static_cast<unsigned>(q.type));
      out.put(',');
      append_decimal(out, static_cast<unsigned>(q.intent));
      out.put(',');
      append_decimal(out, q.trees);
      out.put(',');
      append_script_json_string(out, q.variant_of);
      out.put(']');
    }
    out.append("],");
    append_script_json_string(out, t.change);
    out.put(',');
    append_decimal(out, t.trees_before);
    out.put(',');
    append_decimal(out, t.questions_before);
    out.put(',');
    append_script_json_string(out, t.from);
    out.put(']');
  }
  out.append("]}");
}

void append_changes_json(BufferedOutput& out, const ReportChanges& c) {
  out.append("{\"keys\":");
  append_decimal(out, c.keys);
  out.append(",\"changed_keys\":");
  append_decimal(out, c.changed_keys);
  out.append(",\"versions\":");
  append_decimal(out, c.versions);
  out.append(",\"runs\":");
  append_decimal(out, c.runs);
  out.append(",\"statuses\":{");
  for (std::size_t i = 0; i < c.statuses.size(); ++i) {
    if (i > 0) out.put(',');
    append_script_json_string(out, watch::stability_status_name(static_cast<watch::StabilityStatus>(i)));
    out.put(':');
    append_decimal(out, c.statuses[i]);
  }
  out.append("},\"caps\":{\"keys\":");
  append_decimal(out, kVolatileKeysListed);
  out.append(",\"questions\":");
  append_decimal(out, kQuestionChangesListed);
  out.append(",\"versions_per_key\":");
  append_decimal(out, kVersionsPerKey);
  out.append(",\"changes_per_version\":");
  append_decimal(out, kChangesPerVersion);
  out.append("},\"volatile\":[");
  namespace vk = rs::volatile_key;
  static_assert(rs::in_order(vk::kFields, {vk::kQ, vk::kHl, vk::kGl, vk::kCity, vk::kVersions, vk::kMeanChurn,
                                           vk::kLastChangeMs, vk::kStatuses, vk::kEarlierVersions, vk::kTimeline}));
  static_assert(rs::in_order(rs::statuses::kFields, {rs::statuses::kStable, rs::statuses::kIntermittent,
                                                     rs::statuses::kGone, rs::statuses::kAdded}));
  static_assert(rs::in_order(rs::version::kFields, {rs::version::kFirstFetchMs, rs::version::kLastFetchMs,
                                                    rs::version::kRunId, rs::version::kQuestions, rs::version::kChurn,
                                                    rs::version::kChanges, rs::version::kMoreChanges}));
  static_assert(rs::in_order(rs::change::kFields, {rs::change::kKind, rs::change::kQuestion, rs::change::kBefore,
                                                   rs::change::kAfter}));
  for (std::size_t n = 0; n < c.volatile_keys.size(); ++n) {
    const ReportVolatileKey& k = c.volatile_keys[n];
    out.append(n > 0 ? ",\n[" : "\n[");
    append_key(out, k.key);
    append_decimal(out, k.summary.versions);
    out.put(',');
    append_optional_fraction(out, k.summary.mean_churn);
    out.put(',');
    if (k.summary.last_change_ms) append_decimal(out, *k.summary.last_change_ms); else out.append("null");
    out.append(",[");
    append_decimal(out, k.summary.stable);
    out.put(',');
    append_decimal(out, k.summary.intermittent);
    out.put(',');
    append_decimal(out, k.summary.gone);
    out.put(',');
    append_decimal(out, k.summary.added);
    out.append("],");
    append_decimal(out, k.earlier_versions);
    out.append(",[");
    for (std::size_t i = 0; i < k.versions.size(); ++i) {
      const ReportVersion& v = k.versions[i];
      if (i > 0) out.put(',');
      out.put('[');
      append_decimal(out, v.first_fetch_ms);
      out.put(',');
      append_decimal(out, v.last_fetch_ms);
      out.put(',');
      append_script_json_string(out, v.run_id);
      out.put(',');
      append_decimal(out, v.questions);
      out.put(',');
      append_optional_fraction(out, v.churn);
      out.append(",[");
      for (std::size_t j = 0; j < v.changes.size(); ++j) {
        const TreeChange& ch = v.changes[j];
        if (j > 0) out.put(',');
        out.put('[');
        append_script_json_string(out, tree_change_name(ch.kind));
        out.put(',');
        append_script_json_string(out, ch.question);
        out.put(',');
        append_script_json_string(out, ch.old_value);
        out.put(',');
        append_script_json_string(out, ch.new_value);
        out.put(']');
      }
      out.append("],");
      append_decimal(out, v.more_changes);
      out.put(']');
    }
    out.append("]]");
  }
  out.append("],\"questions\":[");
  namespace qc = rs::question_change;
  static_assert(rs::in_order(qc::kFields, {qc::kQ, qc::kHl, qc::kGl, qc::kCity, qc::kQuestion, qc::kStatus,
                                           qc::kFirstSeenMs, qc::kLastSeenMs, qc::kVersionsSeen, qc::kVersions}));
  for (std::size_t n = 0; n < c.questions.size(); ++n) {
    const ReportQuestionChange& q = c.questions[n];
    out.append(n > 0 ? ",\n[" : "\n[");
    append_key(out, q.key);
    append_script_json_string(out, q.question);
    out.put(',');
    append_script_json_string(out, watch::stability_status_name(q.status));
    for (const std::int64_t v : {q.first_seen_ms, q.last_seen_ms, std::int64_t{q.versions_seen}, std::int64_t{q.versions}}) {
      out.put(',');
      append_decimal(out, v);
    }
    out.put(']');
  }
  out.append("]}");
}

void append_domains_json(BufferedOutput& out, const ReportDomains& d) {
  out.append("{\"sourced\":");
  append_decimal(out, d.sourced);
  out.append(",\"total\":");
  append_decimal(out, d.total);
  out.append(",\"yours\":");
  append_script_json_strings(out, d.yours);
  out.append(",\"runs\":");
  append_decimal(out, d.runs);
  out.append(",\"caps\":{\"rows\":");
  append_decimal(out, kDomainsListed);
  out.append(",\"runs\":");
  append_decimal(out, kRunsCompared);
  out.append(",\"moves\":");
  append_decimal(out, kDomainMovesPerRun);
  out.append("},\"rows\":[");
  static_assert(rs::in_order(rs::domain::kFields, {rs::domain::kDomain, rs::domain::kAnswers, rs::domain::kShare,
                                                   rs::domain::kQuestions, rs::domain::kKeys, rs::domain::kTopics,
                                                   rs::domain::kYours}));
  for (std::size_t n = 0; n < d.rows.size(); ++n) {
    const DomainRowFigures& r = d.rows[n];
    out.append(n > 0 ? ",\n[" : "\n[");
    append_script_json_string(out, r.domain);
    out.put(',');
    append_decimal(out, r.answers);
    out.put(',');
    append_optional_fraction(out, r.share);
    for (const std::uint64_t v : {r.questions, r.keys, r.topics}) {
      out.put(',');
      append_decimal(out, v);
    }
    out.append(r.yours ? ",true]" : ",false]");
  }
  out.append("],\"since\":[");
  static_assert(rs::in_order(rs::since_run::kFields, {rs::since_run::kRunId, rs::since_run::kJob, rs::since_run::kAtMs,
                                                      rs::since_run::kKeys, rs::since_run::kMoves, rs::since_run::kRows,
                                                      rs::since_run::kMoreRows, rs::since_run::kAdded,
                                                      rs::since_run::kRemoved}));
  static_assert(rs::in_order(rs::domain_move::kFields, {rs::domain_move::kDomain, rs::domain_move::kFrom,
                                                        rs::domain_move::kTo, rs::domain_move::kWon, rs::domain_move::kLost}));
  for (std::size_t n = 0; n < d.since.size(); ++n) {
    const ReportRunMoves& run = d.since[n];
    out.append(n > 0 ? ",\n[" : "\n[");
    append_script_json_string(out, run.run_id);
    out.put(',');
    append_script_json_string(out, run.job);
    out.put(',');
    append_decimal(out, run.at_ms);
    out.put(',');
    append_decimal(out, run.keys);
    out.put(',');
    append_decimal(out, run.moves);
    out.append(",[");
    for (std::size_t i = 0; i < run.rows.size(); ++i) {
      const watch::DomainRow& r = run.rows[i];
      if (i > 0) out.put(',');
      out.put('[');
      append_script_json_string(out, r.domain);
      for (const std::uint64_t v : {r.figures.from, r.figures.to, r.figures.won, r.figures.lost}) {
        out.put(',');
        append_decimal(out, v);
      }
      out.put(']');
    }
    out.append("],");
    append_decimal(out, run.more_rows);
    out.put(',');
    append_decimal(out, run.added);
    out.put(',');
    append_decimal(out, run.removed);
    out.put(']');
  }
  out.append("]}");
}

namespace {
// A key as [q, hl, gl, city].
void append_spelling(BufferedOutput& out, const KeySpelling& k) {
  out.put('[');
  append_script_json_string(out, k.q);
  out.put(',');
  append_script_json_string(out, k.hl);
  out.put(',');
  append_script_json_string(out, k.gl);
  out.put(',');
  append_script_json_string(out, k.city);
  out.put(']');
}
}  // namespace

std::string branded_page(std::string_view page, const Branding& branding) {
  constexpr std::string_view kHeading = "<h1>People Also Ask report</h1>";
  constexpr std::string_view kTitle = "<title>People Also Ask report</title>";
  if (branding.empty()) return std::string(page);
  StringSink sink;
  {
    BufferedOutput out(sink);
    const auto title_at = page.find(kTitle), heading_at = page.find(kHeading);
    const std::string_view name = branding.title.empty() ? std::string_view("People Also Ask report") : branding.title;
    std::size_t from = 0;
    if (title_at != std::string_view::npos) {
      out.append(page.substr(0, title_at));
      out.append("<title>");
      append_xml_escaped(out, name);
      out.append("</title>");
      from = title_at + kTitle.size();
    }
    if (heading_at != std::string_view::npos && heading_at >= from) {
      out.append(page.substr(from, heading_at - from));
      if (!branding.logo.empty()) {
        out.append("<img class=\"logo\" alt=\"\" src=\"");
        out.append(branding.logo_data_url());  // base64: nothing to escape
        out.append("\">");
      }
      out.append("<h1>");
      append_xml_escaped(out, name);
      out.append(branding.title.empty() ? "</h1>" : "</h1><span class=\"kind\">People Also Ask report</span>");
      from = heading_at + kHeading.size();
    }
    out.append(page.substr(from));
    (void)out.flush();  // a StringSink cannot fail
  }
  return std::move(sink.data);
}

void append_lineage(BufferedOutput& out, const ExportLineage& lineage) {
  append_decimal(out, lineage.level);
  out.put(',');
  if (lineage.parent) append_spelling(out, *lineage.parent); else out.append("null");
  out.put(',');
  if (lineage.level > 0) append_spelling(out, lineage.seed); else out.append("null");
}

// A key's versions as the page reads them: [versions, mean_churn|null, last_change_ms|null].
void append_key_history(BufferedOutput& out, const watch::KeyStability& history) {
  static_assert(rs::in_order(rs::history::kFields, {rs::history::kVersions, rs::history::kChurn, rs::history::kLastChangeMs}));
  out.put('[');
  append_decimal(out, history.versions);
  out.put(',');
  append_optional_fraction(out, history.mean_churn);
  out.put(',');
  if (history.last_change_ms) append_decimal(out, *history.last_change_ms); else out.append("null");
  out.put(']');
}

void append_markets_json(BufferedOutput& out, const ReportMarkets& m) {
  static_assert(rs::in_order(rs::market_locale::kFields, {rs::market_locale::kName, rs::market_locale::kHl}));
  static_assert(rs::in_order(rs::market_pair::kFields, {rs::market_pair::kA, rs::market_pair::kB, rs::market_pair::kBoth,
                                                        rs::market_pair::kOnlyA, rs::market_pair::kOnlyB}));
  static_assert(rs::in_order(rs::market_group::kFields, {rs::market_group::kRepresentative, rs::market_group::kHl,
                                                         rs::market_group::kTopic, rs::market_group::kTrees,
                                                         rs::market_group::kCounts}));
  out.append("{\"compared\":");
  append_decimal(out, m.compared);
  out.append(",\"caps\":{\"groups\":");
  append_decimal(out, kMarketGroupsListed);
  out.append("},\"locales\":[");
  for (std::size_t n = 0; n < m.locales.size(); ++n) {
    out.append(n > 0 ? ",[" : "[");
    append_script_json_string(out, market_name(m.locales[n]));
    out.put(',');
    append_script_json_string(out, m.locales[n].hl);
    out.put(']');
  }
  out.append("],\"pairs\":[");
  for (std::size_t n = 0; n < m.pairs.size(); ++n) {
    const MarketPair& p = m.pairs[n];
    out.append(n > 0 ? ",[" : "[");
    const std::uint64_t values[] = {p.a, p.b, p.both, p.only_a, p.only_b};
    for (std::size_t v = 0; v < std::size(values); ++v) {
      if (v > 0) out.put(',');
      append_decimal(out, values[v]);
    }
    out.put(']');
  }
  out.append("],\"rows\":[");
  for (std::size_t n = 0; n < m.listed.size(); ++n) {
    const ReportMarkets::Group& g = m.listed[n];
    out.append(n > 0 ? ",\n[" : "\n[");
    for (const std::string* text : {&g.representative, &g.hl, &g.topic}) {
      append_script_json_string(out, *text);
      out.put(',');
    }
    append_decimal(out, g.trees);
    out.append(",[");
    for (std::size_t c = 0; c < g.counts.size(); ++c) {
      if (c > 0) out.put(',');
      // Another language's locale compares nothing: null, unless the group is there too.
      if (g.counts[c] == 0 && m.locales[c].hl != g.hl) out.append("null");
      else append_decimal(out, g.counts[c]);
    }
    out.append("]]");
  }
  out.append("]}");
}

}  // namespace paa::exporting
