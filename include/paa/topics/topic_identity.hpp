#pragma once
// Topic identity (docs/topics.md "A topic's identity"): a new analysis's topics matched against
// the analysis it replaces by the variant groups they share, so that a topic keeps its id while
// it is the same topic, and what split, merged, appeared or went is recorded. Pure: the
// previous analysis is read by the caller (export's kept analysis), the ids are applied by
// TopicMap. The rule, with n(T) a topic's groups and s(T, O) the groups T and O share:
//   - T keeps O's id when s(T, O) > n(T) / 2 and s(T, O) > n(O) / 2 (each holds most of the
//     other: at most one such O for a T, and one T for an O);
//   - otherwise T is split from O when some O gives it most of its groups (s > n(T) / 2; the O
//     that shares the most, ties by the previous order), else new;
//   - an O whose id no T kept merged into T when some T took most of its groups, else is gone;
//   - a T that keeps no id takes its representative's group id, unless an earlier topic had
//     that id: then the id hashed (splitmix64) until no topic of either analysis had it.
#include "paa/error.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace paa::topics {

// What the trend compares: a topic's size in one analysis.
struct TopicFigures {
  std::uint64_t questions = 0, groups = 0, trees = 0, volume = 0;
  bool operator==(const TopicFigures&) const = default;
};

struct TopicSummary {
  std::uint64_t id = 0;
  std::string label;
  TopicFigures figures;
};

enum class TopicChangeKind : std::uint8_t { same, split, new_topic, merged, gone };
const char* name(TopicChangeKind kind);

// One topic's change: the new analysis's topics first (by number), then the previous ones whose
// ids no topic kept (by their previous number).
struct TopicChange {
  TopicChangeKind kind = TopicChangeKind::same;
  std::uint64_t id = 0;     // the topic's id (a previous id for merged and gone)
  std::uint64_t other = 0;  // split: the previous topic it came from; merged: the topic it went into
  std::uint32_t number = 0;  // its number in its own analysis
  std::string label;         // its label in its own analysis (TopicMap's trend: merged and gone only)
  TopicFigures before, after;  // before: zero for new; after: zero for merged and gone
  bool operator==(const TopicChange&) const = default;
};

struct TopicIdentity {
  std::vector<std::uint64_t> ids;  // the new topics' ids, by number
  std::vector<std::uint32_t> kept_from;  // by number: the previous topic whose id it kept, or ~0
  std::vector<TopicChange> changes;
};

// What the trend calls a change: a topic kept "grew" or "shrank" (by trees, then questions) or
// stayed "same"; the others their kind's name (new, split, merged, gone).
const char* trend_word(const TopicChange& change);

// What an analysis's topics did since the analysis they were matched against (TopicMap::trend).
struct TopicTrend {
  bool compared = false;  // false: there was no previous analysis to match against
  std::int64_t since_ms = 0;  // when the previous analysis was made
  std::uint64_t since_results = 0;
  std::vector<TopicChange> changes;
};

// An analysis's topics as the next one matches against: each topic (by its number) and each
// variant group's topic.
struct TopicSnapshot {
  std::vector<TopicSummary> topics;  // by number
  std::vector<std::pair<std::uint64_t, std::uint32_t>> group_topic;  // (group id, topic number), any order
  std::int64_t made_ms = 0;  // when that analysis was made (0: not known)
  std::uint64_t results = 0;  // the results it read
  TopicTrend trend;  // what its topics did since the analysis before it
};

// One analysis's topics as the rule reads them, by number: each one's id (the new analysis's:
// its representative's group id) and its groups' count n.
struct TopicSide {
  std::vector<std::uint64_t> ids;
  std::vector<std::uint32_t> groups;
};
// s(T, O) of each pair sharing a group, keyed (T << 32) | O: sorted, each key once.
using TopicShares = std::vector<std::pair<std::uint64_t, std::uint32_t>>;
// Counts (T << 32) | O keys, one per shared group (any order; consumed), into TopicShares.
TopicShares count_shares(std::vector<std::uint64_t> pairs);
// The same one key at a time, the keys in ascending order (from a sort on disk).
void count_share(TopicShares& shares, std::uint64_t pair);

// The rule on what it reads (memory: a few numbers per topic): the new ids and each change,
// with kind, id, other and number only (labels and figures are the caller's).
TopicIdentity match_topic_ids(const TopicSide& previous, const TopicSide& now, const TopicShares& shares);

// The rule on two snapshots (labels and figures filled in): what the step tests read.
// `now`: the new analysis, each topic's id being its representative's group id.
TopicIdentity match_topics(const TopicSnapshot& previous, const TopicSnapshot& now);

// Whether every topic is the same topic at the same size (trend_since keeps the trend before).
bool no_topic_changed(const std::vector<TopicChange>& changes);

// The trend of the analysis matched as `changes` against `previous`: those changes, since the
// previous analysis; but when no topic changed at all (each the same, at the same size) the
// previous analysis's own trend, so that a run that changed nothing (one with nothing due still
// records itself) does not hide the last changes.
TopicTrend trend_since(TopicTrend previous_trend, std::int64_t previous_made_ms, std::uint64_t previous_results,
                       std::vector<TopicChange> changes);

class TopicMap;

// The analysis a new one matches against, read while the new topics are built (the kept
// analysis, by export): its topic map, and its groups one by one in number order, which is
// (language, id) order as QuestionGroups numbers them, so the two analyses' groups are joined
// by one merge, never held.
class PreviousTopics {
 public:
  virtual ~PreviousTopics() = default;
  virtual TopicMap& map() = 0;
  // The next group's language, id and number (the views live until the next call); false at the end.
  virtual Result<bool> next_group(std::string_view& hl, std::uint64_t& id, std::uint32_t& number) = 0;
  std::int64_t made_ms = 0;   // when it was made
  std::uint64_t results = 0;  // the results it read
};

// The id a topic takes when `natural` is taken: splitmix64 of it.
std::uint64_t next_topic_id(std::uint64_t natural);

}  // namespace paa::topics
