#include "paa/export/html/report_history.hpp"

#include "paa/export/export_request.hpp"
#include "paa/export/rows/stability_rows.hpp"
#include "paa/export/stored_tree.hpp"
#include "paa/model/top_k.hpp"
#include "paa/store/point_in_time.hpp"
#include "paa/watch/distinct_questions.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <unordered_set>

namespace paa::exporting {

namespace {

// A version's first fetch; a version from before result history (format < 3) has none: its
// fetch is it (as key_timeline counts it).
std::int64_t first_fetch(const StoredResult& v) { return v.unchanged_since_ms != 0 ? v.unchanged_since_ms : v.fetched_at_ms; }

ReportKey spelled(const StoredResult& r) { return {r.q, r.hl, r.gl, r.city}; }

// Heap orders: the front is the one to drop first.
bool more_volatile(double churn_a, std::uint32_t versions_a, std::uint64_t order_a, double churn_b,
                   std::uint32_t versions_b, std::uint64_t order_b) {
  if (churn_a != churn_b) return churn_a > churn_b;
  if (versions_a != versions_b) return versions_a > versions_b;
  return order_a < order_b;
}

}  // namespace

std::vector<RunPoint> report_run_points(const std::vector<RunInfo>& runs, std::int64_t to_ms, std::int64_t now_ms) {
  std::vector<RunPoint> points;
  std::unordered_set<std::string> taken;  // a merged store may list one run's shards more than once
  for (auto it = runs.rbegin(); it != runs.rend() && points.size() < kRunsCompared; ++it) {
    if (!taken.insert(it->run_id).second) continue;
    auto point = resolve_point(it->run_id, runs, now_ms);
    if (!point || point->at_ms > to_ms) continue;  // ended after the report's point
    points.push_back({it->run_id, it->job, point->at_ms});
  }
  std::reverse(points.begin(), points.end());
  return points;
}

ReportHistory::ReportHistory(std::int64_t to_ms, std::vector<RunPoint> points, std::uint64_t runs,
                             std::size_t max_question_depth)
    : to_ms_(to_ms), points_(std::move(points)), max_depth_(max_question_depth), tallies_(points_.size()) {
  changes_.runs = runs;
}

void ReportHistory::consider(Candidate c) {
  auto before = [](const Candidate& a, const Candidate& b) {
    return more_volatile(a.churn, a.versions, a.order, b.churn, b.versions, b.order);
  };
  keep_top_k(candidates_, kVolatileKeysListed, std::move(c), before);
}

void ReportHistory::consider(QuestionCandidate c) {
  auto before = [](const QuestionCandidate& a, const QuestionCandidate& b) {
    return a.when != b.when ? a.when > b.when : a.order < b.order;
  };
  keep_top_k(question_heap_, kQuestionChangesListed, std::move(c), before);
}

Result<watch::KeyStability> ReportHistory::add_key(const StoredResult& current, const SearchResult& tree,
                                                   const std::vector<StoredResult>& stored) {
  const std::vector<StoredResult> only{current};
  const std::vector<StoredResult>& versions = stored.empty() ? only : stored;  // a union of stores
  std::vector<std::int64_t> firsts;
  firsts.reserve(versions.size());
  for (const auto& v : versions) firsts.push_back(first_fetch(v));
  const auto range = watch::versions_in_window(firsts, std::numeric_limits<std::int64_t>::min(), to_ms_);
  if (range.size() == 0) return watch::KeyStability{};

  const std::uint64_t order = order_++;
  watch::StabilityTimeline timeline;
  if (range.size() == 1) {
    // One version: the tree at hand is it; no other version to read.
    const StoredResult seen = as_seen_at(versions[range.begin], to_ms_);
    timeline.add_version({first_fetch(seen), seen.fetched_at_ms}, tree);
  } else {
    StabilityWindow window;
    window.to_ms = to_ms_;
    auto read = key_timeline(versions, window, max_depth_);
    if (!read) return read.error();
    timeline = std::move(*read);
  }
  const watch::KeyStability summary = timeline.summary();
  ++changes_.keys;
  changes_.versions += summary.versions;
  changes_.statuses[static_cast<std::size_t>(watch::StabilityStatus::stable)] += summary.stable;
  changes_.statuses[static_cast<std::size_t>(watch::StabilityStatus::intermittent)] += summary.intermittent;
  changes_.statuses[static_cast<std::size_t>(watch::StabilityStatus::gone)] += summary.gone;
  changes_.statuses[static_cast<std::size_t>(watch::StabilityStatus::added)] += summary.added;
  if (summary.versions >= 2) {
    ++changes_.changed_keys;
    consider(Candidate{summary.mean_churn.value_or(0), summary.versions, order, current.key, spelled(current), summary});
    for (const auto& q : timeline.questions()) {
      if (q.status == watch::StabilityStatus::stable) continue;
      QuestionCandidate c;
      c.when = q.status == watch::StabilityStatus::added ? q.first_seen_ms : q.last_seen_ms;
      c.order = order;
      c.change = {spelled(current), q.question, q.status, q.first_seen_ms, q.last_seen_ms, q.versions_seen, q.versions};
      consider(std::move(c));
    }
  }
  if (!points_.empty()) {
    if (auto moved = add_moves(versions, firsts, range.end - 1, tree); !moved) return moved.error();
  }
  return summary;
}

Result<void> ReportHistory::add_moves(const std::vector<StoredResult>& versions, const std::vector<std::int64_t>& firsts,
                                      std::size_t now, const SearchResult& tree) {
  // The key's share of each run's figures, worked out once per distinct earlier version.
  struct Share {
    std::vector<watch::DomainRow> rows;
    std::uint64_t moves = 0, added = 0, removed = 0;
    bool parsed = false;
  };
  std::map<std::size_t, Share> by_version;
  for (std::size_t p = 0; p < points_.size(); ++p) {
    const auto after = std::upper_bound(firsts.begin(), firsts.end(), points_[p].at_ms);
    if (after == firsts.begin()) continue;  // the key was not stored yet at that run's end
    const auto then = static_cast<std::size_t>(after - firsts.begin()) - 1;
    Share& share = by_version[then];
    if (!share.parsed) {
      share.parsed = true;
      if (then == now) {
        // The same answer then and now: its answers on each domain at both points, no move.
        std::unordered_map<std::string, std::uint64_t> counts;
        for (const auto& d : watch::distinct_questions(tree.children)) ++counts[domains_.of(d.node->url).name()];
        for (auto& [domain, n] : counts) share.rows.push_back({domain, {n, n, 0, 0}});
      } else {
        auto env = parse_stored_result(versions[then], max_depth_);
        if (!env) return env.error();
        watch::DomainMoves one;
        one.add_key(env->result, tree);
        share.rows = one.rows();
        share.moves = one.moves();
        for (const TreeChange& c : diff_trees(env->result, tree).changes) {
          share.added += c.kind == TreeChangeKind::added ? 1 : 0;
          share.removed += c.kind == TreeChangeKind::removed ? 1 : 0;
        }
      }
    }
    RunTally& tally = tallies_[p];
    ++tally.keys;
    tally.moves += share.moves;
    tally.added += share.added;
    tally.removed += share.removed;
    for (const auto& row : share.rows) {
      watch::DomainFigures& f = tally.figures[row.domain];
      f.from += row.figures.from;
      f.to += row.figures.to;
      f.won += row.figures.won;
      f.lost += row.figures.lost;
    }
  }
  return {};
}

Result<ReportChanges> ReportHistory::changes(StoreReader& store) {
  ReportChanges out = changes_;
  std::sort(candidates_.begin(), candidates_.end(), [](const Candidate& a, const Candidate& b) {
    return more_volatile(a.churn, a.versions, a.order, b.churn, b.versions, b.order);
  });
  for (const Candidate& c : candidates_) {
    ReportVolatileKey listed;
    listed.key = c.spelled;
    listed.summary = c.summary;
    auto versions = store.versions(c.key);
    if (!versions) return versions.error();
    if (versions->empty()) {  // a reader without history (cannot hold a key of two versions)
      out.volatile_keys.push_back(std::move(listed));
      continue;
    }
    std::vector<std::int64_t> firsts;
    for (const auto& v : *versions) firsts.push_back(first_fetch(v));
    const auto range = watch::versions_in_window(firsts, std::numeric_limits<std::int64_t>::min(), to_ms_);
    const std::size_t start = range.size() > kVersionsPerKey ? range.end - kVersionsPerKey : range.begin;
    listed.earlier_versions = start - range.begin;
    std::optional<SearchResult> previous;
    if (start > range.begin) {
      auto env = parse_stored_result((*versions)[start - 1], max_depth_);
      if (!env) return env.error();
      previous = std::move(env->result);
    }
    for (std::size_t i = start; i < range.end; ++i) {
      const StoredResult seen = as_seen_at((*versions)[i], to_ms_);
      auto env = parse_stored_result(seen, max_depth_);
      if (!env) return env.error();
      ReportVersion v;
      v.first_fetch_ms = first_fetch(seen);
      v.last_fetch_ms = seen.fetched_at_ms;
      // The run of the first fetch (a stretch keeps it; a version from before run ids has none).
      v.run_id = !(*versions)[i].first_run_id.empty() ? (*versions)[i].first_run_id : (*versions)[i].run_id;
      v.questions = watch::distinct_questions(env->result.children).size();
      if (previous) {
        TreeDiff diff = diff_trees(*previous, env->result);
        v.churn = diff.churn;
        if (diff.changes.size() > kChangesPerVersion) {
          v.more_changes = diff.changes.size() - kChangesPerVersion;
          diff.changes.resize(kChangesPerVersion);
        }
        v.changes = std::move(diff.changes);
      }
      previous = std::move(env->result);
      listed.versions.push_back(std::move(v));
    }
    out.volatile_keys.push_back(std::move(listed));
  }
  std::sort(question_heap_.begin(), question_heap_.end(), [](const QuestionCandidate& a, const QuestionCandidate& b) {
    return a.when != b.when ? a.when > b.when : a.order < b.order;
  });
  for (auto& q : question_heap_) out.questions.push_back(q.change);
  return out;
}

std::vector<ReportRunMoves> ReportHistory::moves(const watch::OwnDomains& own) const {
  std::vector<ReportRunMoves> out;
  for (std::size_t p = 0; p < points_.size(); ++p) {
    ReportRunMoves run;
    run.run_id = points_[p].run_id;
    run.job = points_[p].job;
    run.at_ms = points_[p].at_ms;
    const RunTally& tally = tallies_[p];
    run.keys = tally.keys;
    run.moves = tally.moves;
    run.added = tally.added;
    run.removed = tally.removed;
    for (const auto& [domain, f] : tally.figures) run.rows.push_back({domain, f});
    // As DomainMoves orders its rows: answers now (most first), then the name, buckets last.
    std::sort(run.rows.begin(), run.rows.end(), [](const watch::DomainRow& a, const watch::DomainRow& b) {
      return watch::domain_row_before(a.domain, a.figures.to, b.domain, b.figures.to);
    });
    // The first kDomainMovesPerRun, and your domains past them.
    std::size_t kept = 0;
    for (std::size_t i = 0; i < run.rows.size(); ++i) {
      if (i < kDomainMovesPerRun || own.owns_domain(run.rows[i].domain)) {
        if (kept != i) run.rows[kept] = std::move(run.rows[i]);
        ++kept;
      }
    }
    run.more_rows = run.rows.size() - kept;
    run.rows.resize(kept);
    out.push_back(std::move(run));
  }
  return out;
}

}  // namespace paa::exporting
