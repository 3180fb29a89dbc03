#pragma once
// The store as each reader sees it: one narrow port per kind of question, as ports.hpp is for the
// writer, so that a reader depends on what it asks and its tests fake only that. StoreReader
// (store.hpp) is all four; its implementations (a store's own reader, a union of shard stores, a
// store at a point in time) implement them.
//
//   ResultScan      the current results: one key's, every key's in order, the legacy question index
//   HistoryReader   results over time: a key's versions, the store at a point in time, the runs
//   JobProgress     what the harvests did: jobs, their counts, each key's progress, the shard held
//   ExpansionView   an expanding job's discovery: its state, each key's lineage, its levels
//
// Visitors return false to stop early. Scans are in key order and stream (bounded memory).
#include "paa/error.hpp"
#include "paa/model/lineage.hpp"
#include "paa/store/expansion.hpp"
#include "paa/store/records.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace paa {

class ResultScan {
 public:
  virtual ~ResultScan() = default;
  virtual Result<std::optional<StoredResult>> get(std::string_view key) = 0;
  // `prefix`: encode_locale_prefix(hl, gl) or "" for all.
  virtual Result<void> scan_results(std::string_view prefix,
                                    const std::function<bool(const StoredResult&)>& visit) = 0;
  // Removed with the analysis pass (#30): the question index of a store of format 4 or older,
  // until a writer drops it; a store of format 5 has none (nothing is visited).
  virtual Result<void> scan_questions(const std::function<bool(const QuestionEntry&)>& visit) = 0;
  // Removed with the analysis pass (#30): whether scan_questions has an index to read; without
  // one, a reader recounts the questions from the results (OpenedStores::index_matches).
  virtual bool has_question_index() const = 0;
};

// History (docs/history.md).
class HistoryReader {
 public:
  virtual ~HistoryReader() = default;
  // The version of `key` current at `at_ms` (the latest whose unchanged_since_ms <= at_ms),
  // as_seen_at then; nullopt: the key had no result then. Given the current result (from get or
  // scan_results), it is used when it is old enough, without a read.
  virtual Result<std::optional<StoredResult>> get_at(std::string_view key, std::int64_t at_ms,
                                                     const StoredResult* current = nullptr) = 0;
  // scan_results as the store was at `at_ms`: each key's version current then (get_at), keys
  // without one then left out.
  virtual Result<void> scan_results_at(std::string_view prefix, std::int64_t at_ms,
                                       const std::function<bool(const StoredResult&)>& visit) = 0;
  // Every version of `key`, oldest first, the current one last (empty: no result).
  virtual Result<std::vector<StoredResult>> versions(std::string_view key) = 0;
  // Every named run, oldest first (stores from before run ids have none).
  virtual Result<std::vector<RunInfo>> runs() = 0;
};

class JobProgress {
 public:
  virtual ~JobProgress() = default;
  virtual Result<std::vector<std::string>> job_names() = 0;  // sorted; no progress scan
  virtual Result<std::vector<JobStats>> jobs() = 0;
  virtual Result<JobStats> job_stats(std::string_view job) = 0;
  // One job's progress entry for a key (its attributes, for the exports); nullopt: none.
  virtual Result<std::optional<ProgressEntry>> progress(std::string_view job, std::string_view key) = 0;
  virtual Result<void> scan_progress(
      std::string_view job,
      const std::function<bool(std::string_view key, const ProgressEntry&)>& visit) = 0;
  // The shard of `job` this store holds (nullopt: the whole job, or a union of stores).
  virtual Result<std::optional<ShardClaim>> shard_of(std::string_view job) = 0;
};

// Expansion (docs/running.md "Expansion") as the exports read it; the writer's ExpansionRecords
// (ports.hpp) is these reads of its own instance plus its writes.
class ExpansionView {
 public:
  virtual ~ExpansionView() = default;
  // A job's expansion (an empty state: a job that does not expand).
  virtual Result<ExpansionState> expansion_state(std::string_view job) = 0;
  virtual Result<std::optional<Lineage>> lineage(std::string_view job, std::string_view key) = 0;
  // Level `level`'s keys (level >= 1) in discovery order.
  virtual Result<void> scan_level(std::string_view job, std::uint32_t level,
                                  const std::function<bool(const LevelKey&)>& visit) = 0;
  // The round whose level-1 pass walked `key` as a parent (its seed record); nullopt: none did.
  virtual Result<std::optional<std::uint32_t>> seed_round(std::string_view job, std::string_view key) = 0;
};

}  // namespace paa
