#pragma once
// The HTML report's Changes and Domains views over time (docs/reports.md "Changes", "Domains"):
// what the report gathers from each selected key's versions while it writes the key's tree, kept
// within the caps below whatever the selection's size, then handed to HtmlReportWriter.
//
// Changes: each key's versions as `paa export --format stability` reads them (key_timeline,
// every version up to the report's point), its KeyStability (versions, mean churn, last change);
// the most volatile keys (mean churn, then versions) with each one's timeline: every version's
// first fetch and run, and its diff from the version before (diff_trees, as `paa diff`); the
// questions whose status is new, gone or intermittent, most recent first.
// Domains over time: for each of the store's last runs, watch::DomainMoves from the end of that
// run (resolve_point) to the report's point over the selected keys.
#include "paa/error.hpp"
#include "paa/history/tree_diff.hpp"
#include "paa/model/envelope.hpp"
#include "paa/store/records.hpp"
#include "paa/store/store.hpp"
#include "paa/watch/domain_answers.hpp"
#include "paa/watch/domain_moves.hpp"
#include "paa/watch/own_domains.hpp"
#include "paa/watch/question_stability.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace paa::exporting {

// The caps (stated on the page).
inline constexpr std::size_t kVolatileKeysListed = 200;      // keys in "Most volatile keys"
inline constexpr std::size_t kQuestionChangesListed = 500;   // rows of "New and gone questions"
inline constexpr std::size_t kVersionsPerKey = 20;           // a listed key's latest versions in its timeline
inline constexpr std::size_t kChangesPerVersion = 50;        // changes shown of one version's diff
inline constexpr std::size_t kRunsCompared = 10;             // the store's latest runs the Domains view offers
inline constexpr std::size_t kDomainMovesPerRun = 500;       // domain rows of one run's won and lost
inline constexpr std::size_t kDomainsListed = 500;           // rows of the Domains view's share table
inline constexpr std::size_t kMarketGroupsListed = 500;      // variant groups of the Compare view's markets table

struct ReportKey {
  std::string q, hl, gl, city;
};

// One version of a listed key, and what changed from the version before it.
struct ReportVersion {
  std::int64_t first_fetch_ms = 0;  // the fetch that first returned this answer
  std::int64_t last_fetch_ms = 0;   // the latest fetch that returned it (as seen at the report's point)
  std::string run_id;               // the run of that first fetch ("" when none was recorded)
  std::uint64_t questions = 0;      // distinct questions
  std::optional<double> churn;      // from the version before; none for the key's first version
  std::vector<TreeChange> changes;  // the diff from the version before, at most kChangesPerVersion
  std::uint64_t more_changes = 0;   // changes past the cap
};

struct ReportVolatileKey {
  ReportKey key;
  watch::KeyStability summary;
  std::vector<ReportVersion> versions;  // the latest kVersionsPerKey, oldest first
  std::uint64_t earlier_versions = 0;   // versions before those
};

// A question of a key whose status is new, gone or intermittent.
struct ReportQuestionChange {
  ReportKey key;
  std::string question;
  watch::StabilityStatus status = watch::StabilityStatus::added;
  std::int64_t first_seen_ms = 0, last_seen_ms = 0;
  std::uint32_t versions_seen = 0, versions = 0;
};

struct ReportChanges {
  std::uint64_t keys = 0;          // selected keys with a version
  std::uint64_t changed_keys = 0;  // of which with two versions or more
  std::uint64_t versions = 0;      // all their versions
  std::uint64_t runs = 0;          // the store's runs up to the report's point
  // Questions of the selected keys by status (stable, intermittent, gone, new), all of them.
  std::array<std::uint64_t, 4> statuses{};
  std::vector<ReportVolatileKey> volatile_keys;    // at most kVolatileKeysListed, most volatile first
  std::vector<ReportQuestionChange> questions;     // at most kQuestionChangesListed, most recent first
};

// Won and lost since the end of one run.
struct ReportRunMoves {
  std::string run_id, job;
  std::int64_t at_ms = 0;         // the run's end (resolve_point)
  std::uint64_t keys = 0;         // selected keys at both points
  std::uint64_t moves = 0;        // questions whose domain changed
  // Questions added and removed from the key's version then to now (as `paa diff --from RUN`
  // counts its `added` and `removed` rows), over the same keys.
  std::uint64_t added = 0, removed = 0;
  // Every domain with a figure, by answers now (as `paa diff --by domain`): the first
  // kDomainMovesPerRun, and your domains past them.
  std::vector<watch::DomainRow> rows;
  std::uint64_t more_rows = 0;
};

// A run the Domains view compares from: its id and job, and its end as resolve_point gives it.
struct RunPoint {
  std::string run_id, job;
  std::int64_t at_ms = 0;
};

// The store's latest runs (at most kRunsCompared, oldest first) whose end is at or before
// `to_ms`, each with the point its id names (now_ms: the moment the report started).
std::vector<RunPoint> report_run_points(const std::vector<RunInfo>& runs, std::int64_t to_ms, std::int64_t now_ms);

class ReportHistory {
 public:
  // `to_ms`: the report's point (--at, or the largest time: every version); `points`: the runs
  // to compare from (report_run_points); `runs`: how many runs the store has up to `to_ms`.
  ReportHistory(std::int64_t to_ms, std::vector<RunPoint> points, std::uint64_t runs, std::size_t max_question_depth);

  // One selected key: `current`, the version the report shows, and its parsed tree; `versions`,
  // every version of the key, oldest first (empty: only `current` is known, a union of stores).
  // Returns the key's summary (versions 0: the key has no version up to the point).
  Result<watch::KeyStability> add_key(const StoredResult& current, const SearchResult& tree,
                                      const std::vector<StoredResult>& versions);

  // After the last key: the Changes view's data, the listed keys' timelines read again from
  // `store` (their versions, one key at a time).
  Result<ReportChanges> changes(StoreReader& store);
  // Won and lost since each run of `points`, in their order; each run's rows capped at
  // kDomainMovesPerRun, your domains (`own`) kept past the cap.
  std::vector<ReportRunMoves> moves(const watch::OwnDomains& own) const;

 private:
  struct Candidate {  // a key of "Most volatile keys"
    double churn = 0;
    std::uint32_t versions = 0;
    std::uint64_t order = 0;  // the key's place in the scan
    std::string key;          // its stored key
    ReportKey spelled;
    watch::KeyStability summary;
  };
  struct QuestionCandidate {
    std::int64_t when = 0;  // new: first seen; gone, intermittent: last seen
    std::uint64_t order = 0;
    ReportQuestionChange change;
  };
  struct RunTally {
    std::unordered_map<std::string, watch::DomainFigures> figures;
    std::uint64_t keys = 0, moves = 0, added = 0, removed = 0;
  };
  void consider(Candidate candidate);
  void consider(QuestionCandidate candidate);
  Result<void> add_moves(const std::vector<StoredResult>& versions, const std::vector<std::int64_t>& firsts, std::size_t now,
                 const SearchResult& tree);

  std::int64_t to_ms_;
  std::vector<RunPoint> points_;
  std::size_t max_depth_;
  ReportChanges changes_;
  std::uint64_t order_ = 0;
  std::vector<Candidate> candidates_;           // a heap: the least volatile listed at the front
  std::vector<QuestionCandidate> question_heap_;  // a heap: the oldest listed at the front
  std::vector<RunTally> tallies_;               // one per point
  watch::DomainCache domains_;
};

}  // namespace paa::exporting
