#include "paa/export/brief/brief_gather.hpp"

#include "paa/export/attributes.hpp"
#include "paa/analysis/question_pass.hpp"
#include "paa/export/export_request.hpp"
#include "paa/export/pipeline/analysis_sink.hpp"
#include "paa/export/pipeline/analysis_views.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/export/stored_tree.hpp"
#include "paa/selection/stores.hpp"
#include "paa/topics/question_groups.hpp"
#include "paa/topics/topic_map.hpp"
#include "paa/watch/answer_domain.hpp"
#include "paa/watch/domain_answers.hpp"
#include "paa/watch/question_stability.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <limits>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace paa::exporting {

namespace {

const std::size_t kMaxDepth = FormatOptions{}.max_question_depth;

// The whole store as a brief reads it, its seeds' volumes included when its lists have some
// (catalog_selection names the jobs whose attributes the scan reads).
Result<ExportRequest> whole_store(StoreReader& store, WorkProgress* progress) {
  ExportRequest request;
  request.format.progress = progress;
  if (auto catalogued = catalog_selection(store, request); !catalogued) return catalogued.error();
  return request;
}

// A tree's distinct questions as the pass counts them (fold_text, texts that fold to nothing
// skipped), each where it first appears in pre-order.
struct Place {
  std::string folded;
  const Question* node;
  std::uint32_t depth, position;
};
std::vector<Place> distinct_places(const std::vector<Question>& roots) {
  std::vector<Place> out;
  std::unordered_set<std::string> seen;
  walk_preorder(roots, [&](const QuestionVisit& v) {
    auto folded = fold_text(v.node.question);
    if (!folded || folded->empty() || !seen.insert(*folded).second) return;
    out.push_back({std::move(*folded), &v.node, static_cast<std::uint32_t>(v.depth),
                   static_cast<std::uint32_t>(v.position)});
  });
  return out;
}

// Each question's status over every stored version of `key` (folded text -> status).
Result<std::unordered_map<std::string, watch::StabilityStatus>> stability_of(StoreReader& store,
                                                                              std::string_view key,
                                                                              std::uint32_t* versions = nullptr) {
  auto all = store.versions(key);
  if (!all) return all.error();
  watch::StabilityTimeline timeline;
  for (const StoredResult& v : *all) {
    auto env = parse_stored_result(v, kMaxDepth);
    if (!env) return env.error();
    const std::int64_t first = v.unchanged_since_ms != 0 ? v.unchanged_since_ms : v.fetched_at_ms;
    timeline.add_version({first, v.fetched_at_ms}, env->result);
  }
  if (versions != nullptr) *versions = timeline.versions();
  std::unordered_map<std::string, watch::StabilityStatus> out;
  for (auto& q : timeline.questions()) out.emplace(std::move(q.folded), q.status);
  return out;
}

std::string locale_of(std::string_view hl, std::string_view gl, std::string_view city) {
  std::string out = std::string(hl) + "-" + std::string(gl);
  if (!city.empty()) out += ", " + std::string(city);
  return out;
}

std::vector<BriefDomain> ranked(const std::map<std::string, std::uint64_t>& counts) {
  std::vector<BriefDomain> out;
  out.reserve(counts.size());
  for (const auto& [domain, answers] : counts) out.push_back({domain, answers});
  return rank_brief_domains(std::move(out));
}

// The store's question views for a brief: the kept analysis (read when current, else computed
// and kept) when the store's folder is known, else computed for this brief alone. `parts`: a
// query brief reads a current analysis's rows alone.
Result<QuestionViews> brief_views(StoreReader& store, ExportRequest& whole, const BriefSource& source,
                                  KeptParts parts = KeptParts::whole) {
  ExportSummary own;
  ExportSummary& summary = source.summary != nullptr ? *source.summary : own;
  if (source.store_folder) whole.kept = kept_place_of(analysis_root(*source.store_folder), store, whole);
  if (whole.kept) {
    if (parts == KeptParts::rows) {
      // A current analysis's rows alone; one that cannot be read is analysis_views's to say and replace.
      ExportSummary opened;
      if (auto current = current_kept_views(whole, opened, parts)) {
        summary.notes.insert(summary.notes.end(), opened.notes.begin(), opened.notes.end());
        return std::move(*current);
      }
    }
    return analysis_views(store, whole, summary);
  }
  AnalysisSink analysis({.volumes = whole.format.volumes, .progress = whole.format.progress});  // each group's demand, when seeds have volumes
  if (auto fed = scan_results(store, whole, analysis.needs(), {&analysis}, summary); !fed) return fed.error();
  return analysis.finish(whole.format.topics);
}

}  // namespace

Result<Brief> gather_query_brief(StoreReader& store, const Query& query, std::string_view store_name,
                                 const BriefSource& source) {
  const std::string key = encode_key(query.key);
  auto current = store.get(key);
  if (!current) return current.error();
  if (!*current) {
    std::string message = "no result stored for " + describe_key(QueryKey{query.q, query.hl, query.gl, query.city}) +
                          " in " + std::string(store_name) +
                          ": harvest it first or check the spelling (`paa status` lists the jobs; the key is "
                          "normalised like a job's: case and spacing do not matter)";
    auto nearest = nearest_stored(store, query.key);
    if (!nearest) return nearest.error();
    for (std::size_t i = 0; i < nearest->best().size(); ++i) {
      message += (i == 0 ? "; the nearest stored: " : ", ") + describe_key(nearest->best()[i]);
    }
    return make_error(errc::not_found, std::move(message));
  }
  const StoredResult& result = **current;
  auto env = parse_stored_result(result, kMaxDepth);
  if (!env) return env.error();
  const std::vector<Place> places = distinct_places(env->result.children);

  // The store's variant groups, and where this tree's questions are among them.
  auto whole = whole_store(store, source.progress);
  if (!whole) return whole.error();
  auto views = brief_views(store, *whole, source, KeptParts::rows);
  if (!views) return views.error();
  std::vector<std::string> folded;
  folded.reserve(places.size());
  for (const auto& p : places) folded.push_back(p.folded);
  struct Grouped {
    topics::QuestionGroup group;
    std::string spelling;  // the group's representative (group.representative views the row, gone with it)
  };
  std::unordered_map<std::string, Grouped> group_of;
  auto found = for_each_question_row_of(*views, folded, [&](const analysis::UniqueQuestion& row,
                                                             const topics::QuestionGroup& g,
                                                             const topics::Topic&) -> Result<void> {
    Grouped& kept = group_of[fold_or_raw(row.question)];
    kept.group = g;
    kept.spelling = std::string(g.representative);
    kept.group.representative = {};
    return {};
  });
  if (!found) return found.error();

  Brief brief;
  brief.kind = BriefKind::query;
  brief.title = result.q;
  brief.locale = locale_of(result.hl, result.gl, result.city);
  brief.hl = result.hl;
  brief.fetched_at_ms = result.fetched_at_ms;
  auto stability = stability_of(store, key, &brief.versions);
  if (!stability) return stability.error();

  std::map<std::string, std::uint64_t> domains;
  watch::DomainCache cache;
  std::vector<BriefEntry> entries;
  entries.reserve(places.size());
  for (std::size_t i = 0; i < places.size(); ++i) {
    const Place& p = places[i];
    BriefEntry e;
    e.question = p.node->question;
    e.answer = p.node->answer.value_or("");
    e.url = p.node->url;
    e.title = p.node->title;
    e.domain = cache.of(p.node->url).name();
    e.depth = p.depth;
    e.position = p.position;
    ++domains[e.domain];
    if (auto s = stability->find(p.folded); s != stability->end()) e.status = s->second;
    if (auto g = group_of.find(p.folded); g == group_of.end()) {
      // Not in the analysis (cannot happen: the analysis holds every stored tree's): a group of its own.
      e.group = std::numeric_limits<std::uint64_t>::max() - i;
      e.group_count = 1;
    } else {
      const topics::QuestionGroup& group = g->second.group;
      e.type = group.type;
      e.group = group.group;
      e.group_spelling = g->second.spelling;
      e.representative = group.is_representative;
      e.group_count = group.trees;
      e.volume = group.volume;
    }
    entries.push_back(std::move(e));
  }
  brief.entries = order_brief_entries(std::move(entries));
  brief.related = env->result.related;
  brief.domains = ranked(domains);
  return brief;
}

namespace {

// The topic's number among the views' topics: the one whose id starts with the digits given;
// not_found naming how to list the ids, or invalid_input naming the candidates when several do.
Result<std::uint32_t> find_topic(const QuestionViews& views, const TopicIdPrefix& topic_id, double resolution,
                                 std::string_view store_name) {
  constexpr std::size_t kNamed = 5;  // candidates named in the message
  std::vector<std::uint32_t> found;
  for (std::uint32_t n = 0; n < views.topics->size(); ++n) {
    if (topic_id.matches(views.topics->id(n))) found.push_back(n);
  }
  const std::string given = topics::topic_hex(topic_id.bits).substr(0, topic_id.digits);
  if (found.size() == 1) return found.front();
  if (found.size() > 1) {
    std::string named;
    for (std::size_t i = 0; i < found.size() && i < kNamed; ++i) {
      auto t = views.topics->topic(found[i]);
      if (!t) return t.error();
      named += (i == 0 ? "" : ", ") + topics::topic_hex(t->id) + " (" + std::string(t->label) + ")";
    }
    if (found.size() > kNamed) named += ", ...";
    return make_error(errc::invalid_input, "--topic " + given + " starts " + std::to_string(found.size()) +
                                               " topics' ids: " + named + "; give more of its digits");
  }
  char resolution_text[32];
  std::snprintf(resolution_text, sizeof resolution_text, "%g", resolution);
  return make_error(errc::not_found,
                    "no topic " + given + (topic_id.digits < 16 ? "..." : "") + " in " + std::string(store_name) +
                        " at resolution " + resolution_text + " (it has " + std::to_string(views.topics->size()) +
                        " topics): `paa topics` or `paa export --format topics` of the same store and --resolution "
                        "lists their ids");
}

// The topic's questions, with the answer of the tree fetched first that holds each, and the key
// of that tree (its stability is read there).
struct Candidate {
  BriefEntry entry;
  std::string folded;
  std::optional<Query> first_key;  // none: its search does not make a key (cannot happen)
  bool placed = false;
};

struct TopicCandidates {
  std::vector<Candidate> list;
  std::unordered_map<std::string, std::size_t> of;  // by folded text
};

Result<TopicCandidates> topic_candidates(QuestionViews& views, std::uint32_t number) {
  TopicCandidates candidates;
  auto rows = for_each_question_row(views, [&](const analysis::UniqueQuestion& row, const topics::QuestionGroup& group,
                                                const topics::Topic& topic) -> Result<void> {
    if (topic.number != number) return {};
    const topics::QuestionGroup* g = &group;
    Candidate c;
    c.entry.question = std::string(row.question);
    c.entry.answer = std::string(row.answer);
    c.entry.url = std::string(row.url);
    c.entry.title = std::string(row.title);
    c.entry.type = g->type;
    c.entry.group = g->group;
    c.entry.group_spelling = std::string(g->representative);
    c.entry.representative = g->is_representative;
    c.entry.group_count = g->trees;
    c.entry.volume = g->volume;
    c.entry.depth = c.entry.position = std::numeric_limits<std::uint32_t>::max();
    c.folded = fold_or_raw(row.question);
    if (auto q = make_query(row.first_q, row.first_hl, row.first_gl, row.first_city)) c.first_key = std::move(*q);
    candidates.of.emplace(c.folded, candidates.list.size());
    candidates.list.push_back(std::move(c));
    return {};
  });
  if (!rows) return rows.error();
  return candidates;
}

// The topic's trees again (a sink of the scan): each question's most prominent place, the
// domains of the answers, the related searches (by folded text: the trees listing it, and its
// first spelling).
class TopicPlaces final : public ResultSink {
 public:
  explicit TopicPlaces(TopicCandidates& candidates) : candidates_(candidates) {}

  Result<bool> add(const ScannedResult& scanned) override {
    const Envelope* env = scanned.envelope;
    bool holds = false;
    for (const Place& p : distinct_places(env->result.children)) {
      const auto it = candidates_.of.find(p.folded);
      if (it == candidates_.of.end()) continue;
      holds = true;
      Candidate& c = candidates_.list[it->second];
      c.placed = true;
      if (std::tie(p.depth, p.position) < std::tie(c.entry.depth, c.entry.position)) {
        c.entry.depth = p.depth;
        c.entry.position = p.position;
      }
      ++domains_[cache_.of(p.node->url).name()];
    }
    if (!holds) return true;
    std::unordered_set<std::string> listed;
    for (const std::string& text : env->result.related) {
      std::string folded = fold_or_raw(text);
      if (folded.empty() || !listed.insert(folded).second) continue;
      auto [at, added] = related_.try_emplace(std::move(folded));
      if (added) {
        at->second.text = text;
        at->second.first = related_.size();
      }
      ++at->second.trees;
    }
    return true;
  }

  // The related searches the most trees list (ties: the first seen), at most kTopicRelatedListed.
  std::vector<std::string> top_related() {
    std::vector<Related> listed;
    listed.reserve(related_.size());
    for (auto& [folded, r] : related_) listed.push_back(std::move(r));
    std::sort(listed.begin(), listed.end(), [](const Related& a, const Related& b) {
      return a.trees != b.trees ? a.trees > b.trees : a.first < b.first;
    });
    if (listed.size() > kTopicRelatedListed) listed.resize(kTopicRelatedListed);
    std::vector<std::string> texts;
    for (auto& r : listed) texts.push_back(std::move(r.text));
    return texts;
  }

  const std::map<std::string, std::uint64_t>& domains() const { return domains_; }
  watch::DomainCache& cache() { return cache_; }

 private:
  struct Related {
    std::string text;
    std::uint64_t trees = 0;
    std::uint64_t first = 0;
  };
  TopicCandidates& candidates_;
  std::unordered_map<std::string, Related> related_;
  std::map<std::string, std::uint64_t> domains_;
  watch::DomainCache cache_;
};

// The entries: each candidate with its answer's domain and its stability in its first key.
Result<std::vector<BriefEntry>> topic_entries(StoreReader& store, TopicCandidates& candidates,
                                              watch::DomainCache& cache) {
  std::unordered_map<std::string, std::unordered_map<std::string, watch::StabilityStatus>> by_key;
  std::vector<BriefEntry> entries;
  entries.reserve(candidates.list.size());
  for (Candidate& c : candidates.list) {
    if (!c.placed) c.entry.depth = c.entry.position = 1;  // not in any tree now (the store moved on)
    c.entry.domain = cache.of(c.entry.url).name();
    if (c.first_key) {
      const std::string key = encode_key(c.first_key->key);
      auto known = by_key.find(key);
      if (known == by_key.end()) {
        auto statuses = stability_of(store, key);
        if (!statuses) return statuses.error();
        known = by_key.emplace(key, std::move(*statuses)).first;
      }
      if (auto s = known->second.find(c.folded); s != known->second.end()) c.entry.status = s->second;
    }
    entries.push_back(std::move(c.entry));
  }
  return entries;
}

}  // namespace

Result<Brief> gather_topic_brief(StoreReader& store, const TopicIdPrefix& topic_id, double resolution,
                                 std::string_view store_name, const BriefSource& source) {
  auto whole = whole_store(store, source.progress);
  if (!whole) return whole.error();
  whole->format.topics.resolution = resolution;
  // Its topics and ids are the ones `paa topics` printed.
  auto views = brief_views(store, *whole, source);
  if (!views) return views.error();
  auto number = find_topic(*views, topic_id, resolution, store_name);
  if (!number) return number.error();
  auto topic = views->topics->topic(*number);
  if (!topic) return topic.error();
  Brief brief;
  brief.kind = BriefKind::topic;
  brief.title = std::string(topic->label);
  brief.locale = std::string(topic->hl);
  brief.hl = std::string(topic->hl);
  brief.topic_id = topics::topic_hex(topic->id);
  brief.representative = std::string(topic->representative);
  brief.trees = topic->trees;
  brief.volume = topic->volume;

  auto candidates = topic_candidates(*views, *number);
  if (!candidates) return candidates.error();
  TopicPlaces places(*candidates);
  ExportSummary summary;
  ExportRequest every;
  every.format.progress = source.progress;
  if (auto scanned = scan_results(store, every, {.tree = true}, {&places}, summary); !scanned) {
    return scanned.error();
  }
  auto entries = topic_entries(store, *candidates, places.cache());
  if (!entries) return entries.error();
  brief.entries = order_brief_entries(std::move(*entries));
  brief.related = places.top_related();
  brief.domains = ranked(places.domains());
  return brief;
}

Result<TopicIdPrefix> parse_topic_id(std::string_view text) {
  std::uint64_t value = 0;
  const auto* end = text.data() + text.size();
  const auto parsed = std::from_chars(text.data(), end, value, 16);
  if (text.size() < kMinTopicIdDigits || text.size() > 16 || parsed.ec != std::errc() || parsed.ptr != end) {
    return make_error(errc::invalid_input, "--topic '" + std::string(text) +
                                               "' is not a topic id: its 16 hex digits as `paa topics` prints them, "
                                               "or the first " + std::to_string(kMinTopicIdDigits) +
                                               " or more of them");
  }
  const auto digits = static_cast<unsigned>(text.size());
  return TopicIdPrefix{digits == 16 ? value : value << (64 - 4 * digits), digits};
}

}  // namespace paa::exporting
