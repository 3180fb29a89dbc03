#include "paa/topics/topic_map.hpp"

#include "paa/question/question_profile.hpp"

#include "stages/co_occurrence.hpp"
#include "stages/graph_parts.hpp"
#include "stages/part_clusters.hpp"
#include "stages/stem_links.hpp"
#include "stages/term_units.hpp"
#include "stages/topic_labels.hpp"
#include "stages/topic_numbering.hpp"
#include "stages/topic_records.hpp"
#include "stages/topic_volume.hpp"

#include "paa/extmem/kept_file_reader.hpp"
#include "paa/extmem/kept_file_writer.hpp"
#include "paa/extmem/scratch_reader.hpp"
#include "paa/extmem/sorted_runs.hpp"

#include <fcntl.h>
#include <algorithm>
#include <optional>
#include <stdexcept>
#include <unistd.h>

namespace paa::topics {

namespace {

// Each occurrence (TopicLinks's records, in question order) with its question's group.
Result<void> join_occurrences(const QuestionGroups& groups, TopicLinks& links, stages::CoOccurrence& co) {
  auto file = links.file();
  if (!file) return file.error();
  extmem::ScratchReader in(**file);
  std::optional<TopicLink> next;
  auto read_next = [&]() -> Result<void> {
    next.reset();
    if (in.done()) return {};
    auto link = in.take_value<TopicLink>();
    if (!link) return link.error();
    next = *link;
    return {};
  };
  if (auto read = read_next(); !read) return read;
  auto joined = groups.for_each_question([&](std::uint64_t index, std::uint32_t group) -> Result<void> {
    while (next && next->question == index) {
      if (auto added = co.add(*next, group); !added) return added;
      if (auto read = read_next(); !read) return read;
    }
    return {};
  });
  if (!joined) return joined;
  if (next) return make_error(errc::io, "the topic analysis's scratch files disagree (a bug in paa)");
  return {};
}

}  // namespace

std::string topic_hex(std::uint64_t id) { return question::variant_group_hex(id); }

// The term finder's counters for the topic map: 32,768 n-grams of each length per language
// (about 10 MiB), ample for the terms that matter, which are frequent by definition.
const TermOptions kTopicTerms{.min_count = 5, .min_association = 0.4, .capacity = std::size_t{1} << 15};

namespace {

// The first pass over the groups: their terms counted, and with `ids` (for the ids' match) each
// group's id by number into a scratch file (8 bytes a group, read once in order).
Result<std::unique_ptr<extmem::ScratchFile>> count_terms(const QuestionGroups& groups, stages::TermUnits& units,
                                                         bool ids) {
  std::unique_ptr<extmem::ScratchFile> group_ids;
  if (ids) {
    auto created = extmem::ScratchFile::create("paa-topic-group-ids");
    if (!created) return created.error();
    group_ids = std::move(*created);
  }
  auto counted = groups.for_each_group([&](const GroupRecord& g) -> Result<void> {
    units.count(g);
    if (group_ids) group_ids->out().append({reinterpret_cast<const char*>(&g.id), sizeof g.id});
    return {};
  });
  if (!counted) return counted.error();
  if (group_ids) {
    if (auto flushed = group_ids->flush(); !flushed) return flushed.error();
  }
  return group_ids;
}

}  // namespace

// The stages in order (src/topics/stages/): the edges from shared stems and co-occurrence,
// summed; the parts; Leiden per part; the label stems; the records; the numbers.
Result<std::unique_ptr<TopicMap>> TopicMap::build(const QuestionGroups& groups, TopicLinks& links,
                                                  const TopicOptions& options, WorkProgress* progress) {
  progress_phase(progress, "finding the terms");
  std::unique_ptr<TopicMap> map(new TopicMap());
  const std::uint32_t G = groups.group_count();
  map->stats_.groups = G;
  const stages::GroupLanguages languages(groups.languages());
  // Multi-word terms first: every later stage reads a group with its terms as units.
  stages::TermUnits units(kTopicTerms, groups.languages());
  auto group_ids = count_terms(groups, units, static_cast<bool>(options.previous));
  if (!group_ids) return group_ids.error();
  units.choose();
  map->stats_.terms = units.terms();
  // The first pass reads each group's terms; the second reads back what the first wrote.
  const stages::GroupSource group_source = [&](const stages::GroupVisit& visit) {
    return groups.for_each_group([&](const GroupRecord& g) -> Result<void> {
      auto unit = units.of(g);
      if (!unit) return unit.error();
      return visit(**unit);
    });
  };
  const stages::GroupSource group_source_again = [&](const stages::GroupVisit& visit) {
    return groups.for_each_group([&](const GroupRecord& g) -> Result<void> {
      auto unit = units.replay(g);
      if (!unit) return unit.error();
      return visit(**unit);
    });
  };

  progress_phase(progress, "linking the variant groups");
  stages::GraphEdges edges(languages, G, options.memory);
  auto notes = [&]() -> Result<std::unique_ptr<extmem::ScratchFile>> {  // its sort freed after
    stages::StemLinks stems(languages, options.memory);
    if (auto listed = group_source([&](const GroupRecord& g) { return stems.add(g); }); !listed) return listed.error();
    return stems.finish(edges);
  }();
  if (!notes) return notes.error();
  stages::CoOccurrence co(options.memory);
  if (auto joined = join_occurrences(groups, links, co); !joined) return joined.error();
  if (auto linked = co.finish(edges); !linked) return linked.error();
  auto graph = edges.sum();
  if (!graph) return graph.error();
  map->stats_.edges = graph->edges();

  progress_phase(progress, "clustering the topics");
  auto parts = stages::cut_into_parts(G, graph->source(), options.max_part_edges);
  if (!parts) return parts.error();
  map->stats_.parts = parts->parts;
  map->stats_.cut_parts = parts->cut_parts;
  map->stats_.largest_part_edges = parts->largest_part_edges;
  auto clusters = stages::cluster_parts(std::move(parts->part_of), graph->source(), options.resolution, options.memory);
  if (!clusters) return clusters.error();
  map->stats_.largest_part_nodes = clusters->largest_part_nodes;
  map->stats_.topics = clusters->topics;

  progress_phase(progress, "labelling the topics");
  auto trees = co.trees_per_topic(clusters->topic_of, clusters->topics);
  if (!trees) return trees.error();
  auto label_stems =
      stages::choose_label_stems(std::move(*notes), clusters->topic_of, clusters->topics, languages, options.memory);
  if (!label_stems) return label_stems.error();
  auto volumes = stages::volume_per_topic([&](const stages::GroupSeedVisit& visit) { return groups.for_each_group_seed(visit); },
                                          clusters->topic_of, clusters->topics, options.memory);
  if (!volumes) return volumes.error();
  stages::TopicRecords records(options.memory);
  if (auto written = records.write(group_source_again, {clusters->topic_of, *graph, *label_stems, *trees, *volumes});
      !written) {
    return written.error();
  }
  // Written into the records: what the labels, trees and volumes held (about 50 bytes a topic)
  // goes before the numbering and the map's own arrays take theirs.
  std::vector<stages::LabelStems>().swap(*label_stems);
  std::vector<std::uint64_t>().swap(*trees);
  std::vector<std::uint64_t>().swap(*volumes);
  auto numbering = stages::number_topics(records.ranks, records.offsets);
  if (!numbering) return numbering.error();
  std::vector<std::uint64_t>().swap(records.offsets);

  map->records_ = std::move(records.file);
  map->offsets_ = std::move(numbering->offsets);
  map->topic_of_ = std::move(clusters->topic_of);
  for (auto& t : map->topic_of_) t = numbering->number[t];
  map->ids_.reserve(clusters->topics);
  map->label_at_.reserve(clusters->topics + 1);
  std::vector<TopicFigures> figures;  // for the trend, when there is an analysis to match
  if (options.previous) figures.reserve(clusters->topics);
  for (std::uint32_t n = 0; n < clusters->topics; ++n) {
    auto t = map->topic(n);
    if (!t) return t.error();
    map->ids_.push_back(t->id);
    map->label_at_.push_back(map->labels_.size());
    map->labels_.append(t->label);
    if (options.previous) figures.push_back({t->questions, t->groups, t->trees, t->volume});
  }
  map->label_at_.push_back(map->labels_.size());
  if (options.previous) {
    auto previous = options.previous();
    if (!previous) return previous.error();
    if (*previous) {
      progress_phase(progress, "matching the topics' ids");
      // A damaged previous analysis is not this one's failure: its topics take new ids, and the
      // note says why (the damaged folder is replaced when this analysis is kept).
      if (auto carried = map->carry_ids(groups, **group_ids, **previous, figures, options.trend, options.memory); !carried) {
        if (carried.error().kind() != errc::store_damaged) return carried.error();
        map->identity_warning_ = "the topics take new ids: the analysis they keep their ids from is damaged (" +
                                 carried.error().message + ")";
        map->trend_ = {};
      }
    }
  }
  return map;
}

namespace {

// Each topic's groups: n(T) by number.
std::vector<std::uint32_t> groups_per_topic(const std::vector<std::uint32_t>& topic_of, std::uint32_t topics) {
  std::vector<std::uint32_t> n(topics, 0);
  for (const std::uint32_t t : topic_of) ++n[t];
  return n;
}

}  // namespace

Result<void> TopicMap::carry_ids(const QuestionGroups& groups, const extmem::ScratchFile& group_ids,
                                 PreviousTopics& previous, const std::vector<TopicFigures>& figures, bool trend,
                                 std::size_t memory) {
  if (group_ids.size() != topic_of_.size() * sizeof(std::uint64_t)) {
    throw std::logic_error("carry_ids: a group without its id (a bug in paa)");
  }
  TopicMap& old = previous.map();
  const TopicSide before{old.ids_, groups_per_topic(old.topic_of_, old.size())};
  const TopicSide now{ids_, groups_per_topic(topic_of_, size())};
  // The groups of both, joined by one merge of the two (language, id) orders; each shared
  // group's (new topic, old topic) pair sorted on disk (one per group: 118 MiB at a million keys).
  extmem::SortedRuns<std::uint64_t> pairs(std::max<std::size_t>(memory / sizeof(std::uint64_t), 1), {},
                                          "paa-topic-shares");
  std::string old_hl;
  std::uint64_t old_id = 0;
  std::uint32_t old_number = 0;
  const auto advance = [&]() -> Result<bool> {
    std::string_view hl;
    auto more = previous.next_group(hl, old_id, old_number);
    if (!more) return more.error();
    if (*more && (old_number >= old.topic_of_.size())) {
      return make_error(errc::store_damaged, "the analysis matched against names a group it has not");
    }
    old_hl.assign(hl);
    return *more;
  };
  auto has_old = advance();
  if (!has_old) return has_old.error();
  bool more_old = *has_old;
  // The new groups' ids by number, with their languages from the groups' ranges: no pass over
  // the groups again.
  extmem::ScratchReader ids(group_ids);
  for (const LanguageRange& language : groups.languages()) {
    for (std::uint32_t number = language.first; number < language.first + language.count; ++number) {
      auto read = ids.take_value<std::uint64_t>();
      if (!read) return read.error();
      const std::uint64_t id = *read;
      const auto old_before = [&] {
        const int by_language = std::string_view(old_hl).compare(language.hl);
        return by_language < 0 || (by_language == 0 && old_id < id);
      };
      while (more_old && old_before()) {
        auto next = advance();
        if (!next) return next.error();
        more_old = *next;
      }
      if (more_old && old_hl == language.hl && old_id == id) {
        if (auto added = pairs.add((std::uint64_t{topic_of_[number]} << 32) | old.topic_of_[old_number]); !added) {
          return added.error();
        }
      }
    }
  }
  TopicShares shares;
  auto counted = pairs.for_each([&](const std::uint64_t& p) -> Result<void> {
    count_share(shares, p);
    return {};
  });
  if (!counted) return counted.error();
  TopicIdentity identity = match_topic_ids(before, now, shares);
  TopicShares().swap(shares);
  if (!trend) {  // a view of another selection takes the ids only
    ids_ = std::move(identity.ids);
    return {};
  }
  // The figures: this analysis's from its build; the previous one's from its records. Labels
  // are kept for the previous analysis's topics only (change_label).
  for (TopicChange& c : identity.changes) {
    if (c.kind == TopicChangeKind::merged || c.kind == TopicChangeKind::gone) {
      auto t = old.topic(c.number);
      if (!t) return t.error();
      c.label = std::string(t->label);
      c.before = {t->questions, t->groups, t->trees, t->volume};
      continue;
    }
    c.after = figures[c.number];
    if (c.kind == TopicChangeKind::same) {
      auto t = old.topic(identity.kept_from[c.number]);
      if (!t) return t.error();
      c.before = {t->questions, t->groups, t->trees, t->volume};
    }
  }
  TopicTrend trend_before;
  if (no_topic_changed(identity.changes)) {  // only then is the previous trend read (trend_since keeps it)
    auto read = old.trend();
    if (!read) return read.error();
    trend_before = std::move(old.trend_);  // the previous map is ours to consume
    // Its numbers are the previous analysis's: each of its topics is one of this one's now.
    std::vector<std::uint32_t> number_now(old.size(), 0);
    for (std::uint32_t t = 0; t < identity.kept_from.size(); ++t) number_now[identity.kept_from[t]] = t;
    for (TopicChange& c : trend_before.changes) {
      if (c.kind != TopicChangeKind::merged && c.kind != TopicChangeKind::gone) c.number = number_now[c.number];
    }
  }
  // Everything read: nothing below can fail, so a damaged previous analysis changes nothing here.
  ids_ = std::move(identity.ids);
  trend_ = trend_since(std::move(trend_before), previous.made_ms, previous.results, std::move(identity.changes));
  return {};
}

Result<const TopicTrend*> TopicMap::trend() {
  if (!trend_file_) return &trend_;
  std::vector<TopicChange> changes;
  auto head = for_each_change([&](const TopicChange& c) -> Result<void> {
    changes.push_back(c);
    return {};
  });
  if (!head) return head.error();
  trend_file_.reset();
  trend_ = std::move(*head);
  trend_.changes = std::move(changes);
  return &trend_;
}

Result<TopicTrend> TopicMap::for_each_change(const std::function<Result<void>(const TopicChange&)>& visit) {
  TopicTrend head;
  if (!trend_file_) {
    for (const TopicChange& c : trend_.changes) {
      if (auto visited = visit(c); !visited) return visited.error();
    }
    head.compared = trend_.compared;
    head.since_ms = trend_.since_ms;
    head.since_results = trend_.since_results;
    return head;
  }
  extmem::KeptFileReader in(*trend_file_);
  // A read that failed is its error; anything else not as TopicMap::keep wrote it is damage.
  const auto bad = [&]() -> Error {
    if (in.error()) return *in.error();
    return make_error(errc::store_damaged, "the kept analysis is damaged: " + trend_shown_);
  };
  head.compared = true;
  head.since_ms = in.value<std::int64_t>();
  head.since_results = in.value<std::uint64_t>();
  const auto count = in.value<std::uint64_t>();
  // A change is its kind, ten figures, its number and its label: at least this many bytes.
  constexpr std::uint64_t kLeast = 1 + 10 * sizeof(std::uint64_t) + 2 * sizeof(std::uint32_t);
  if (!in.ok() || count > trend_file_->size() / kLeast) return bad();
  TopicChange c;
  for (std::uint64_t i = 0; i < count; ++i) {
    const auto kind = in.value<std::uint8_t>();
    if (!in.ok() || kind > static_cast<std::uint8_t>(TopicChangeKind::gone)) return bad();
    c.kind = static_cast<TopicChangeKind>(kind);
    for (std::uint64_t* v : {&c.id, &c.other, &c.before.questions, &c.before.groups, &c.before.trees, &c.before.volume,
                             &c.after.questions, &c.after.groups, &c.after.trees, &c.after.volume}) {
      *v = in.value<std::uint64_t>();
    }
    c.number = in.value<std::uint32_t>();
    c.label = in.text();
    if (!in.ok()) return bad();
    // A topic of this analysis is looked up by its number (change_label).
    if (c.kind != TopicChangeKind::merged && c.kind != TopicChangeKind::gone && c.number >= size()) return bad();
    if (auto visited = visit(c); !visited) return visited.error();
  }
  if (!in.done()) return bad();
  return head;
}

Result<void> TopicMap::label_changes(std::unordered_map<std::uint64_t, std::optional<std::string>>& wanted) {
  if (wanted.empty()) return {};
  auto read = for_each_change([&](const TopicChange& c) -> Result<void> {
    if (auto found = wanted.find(c.id); found != wanted.end() && !found->second) found->second = std::string(change_label(c));
    return {};
  });
  if (!read) return read.error();
  return {};
}

Result<Topic> TopicMap::topic(std::uint32_t number) {
  if (number >= offsets_.size()) return make_error(errc::io, "no topic " + std::to_string(number) + " (a bug in paa)");
  auto t = stages::read_topic_record(*records_, offsets_[number], number, record_);
  // The record holds the representative's id; the id is the one carried (once the ids are known).
  if (t && number < ids_.size()) t->id = ids_[number];
  return t;
}


// Kept: the records (.records) as they are; the numbers held in memory and the figures (.meta).
Result<void> TopicMap::keep(int dir_fd, const std::string& prefix) const {
  if (auto kept = records_->keep_as(dir_fd, prefix + ".records"); !kept) return kept;
  // Written through a buffer: the meta and the trend are hundreds of MiB at a million keys.
  auto meta = extmem::KeptFileWriter::create(dir_fd, prefix + ".meta");
  if (!meta) return meta.error();
  (*meta)->array(topic_of_);
  (*meta)->array(offsets_);
  (*meta)->array(ids_);
  (*meta)->array(label_at_);
  (*meta)->text(labels_);
  for (const std::uint64_t figure : {stats_.groups, stats_.edges, stats_.parts, stats_.largest_part_nodes,
                                     stats_.largest_part_edges, stats_.cut_parts, stats_.topics, stats_.terms}) {
    (*meta)->value(figure);
  }
  if (auto kept = (*meta)->finish(); !kept) return kept;
  if (!trend_.compared) return {};
  auto trend = extmem::KeptFileWriter::create(dir_fd, prefix + ".trend");
  if (!trend) return trend.error();
  (*trend)->value(trend_.since_ms);
  (*trend)->value(trend_.since_results);
  (*trend)->value(static_cast<std::uint64_t>(trend_.changes.size()));
  for (const TopicChange& c : trend_.changes) {
    (*trend)->value(static_cast<std::uint8_t>(c.kind));
    for (const std::uint64_t v : {c.id, c.other, c.before.questions, c.before.groups, c.before.trees, c.before.volume,
                                  c.after.questions, c.after.groups, c.after.trees, c.after.volume}) {
      (*trend)->value(v);
    }
    (*trend)->value(c.number);
    (*trend)->text(c.label);
  }
  return (*trend)->finish();
}

Result<std::unique_ptr<TopicMap>> TopicMap::open_kept(int dir_fd, const std::string& prefix,
                                                     const std::string& shown_folder) {
  auto records = extmem::ScratchFile::open_kept(dir_fd, prefix + ".records", shown_folder + "/" + prefix + ".records");
  if (!records) return records.error();
  auto meta_file = extmem::ScratchFile::open_kept(dir_fd, prefix + ".meta", shown_folder + "/" + prefix + ".meta");
  if (!meta_file) return meta_file.error();
  std::unique_ptr<TopicMap> map(new TopicMap());
  map->records_ = std::move(*records);
  extmem::KeptFileReader in(**meta_file);
  map->topic_of_ = in.array<std::uint32_t>();
  map->offsets_ = in.array<std::uint64_t>();
  map->ids_ = in.array<std::uint64_t>();
  map->label_at_ = in.array<std::uint64_t>();
  map->labels_ = in.text();
  for (std::uint64_t* figure : {&map->stats_.groups, &map->stats_.edges, &map->stats_.parts,
                                &map->stats_.largest_part_nodes, &map->stats_.largest_part_edges,
                                &map->stats_.cut_parts, &map->stats_.topics, &map->stats_.terms}) {
    *figure = in.value<std::uint64_t>();
  }
  const auto topics = map->offsets_.size();
  const bool consistent = map->ids_.size() == topics && map->label_at_.size() == topics + 1 &&
                          (map->label_at_.empty() || map->label_at_.back() == map->labels_.size()) &&
                          std::is_sorted(map->label_at_.begin(), map->label_at_.end()) &&
                          std::all_of(map->topic_of_.begin(), map->topic_of_.end(), [&](std::uint32_t t) { return t < topics; });
  if (in.error()) return *in.error();
  if (!in.ok() || !in.done() || !consistent) {
    return make_error(errc::store_damaged, "the kept analysis is damaged: " + shown_folder + "/" + prefix + ".meta");
  }
  // The trend (kept only when there was a previous analysis to match against): read when asked.
  if (::faccessat(dir_fd, (prefix + ".trend").c_str(), F_OK, 0) != 0) return map;
  map->trend_shown_ = shown_folder + "/" + prefix + ".trend";
  auto trend_file = extmem::ScratchFile::open_kept(dir_fd, prefix + ".trend", map->trend_shown_);
  if (!trend_file) return trend_file.error();
  map->trend_file_ = std::move(*trend_file);
  return map;
}

}  // namespace paa::topics
