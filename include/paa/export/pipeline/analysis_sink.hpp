#pragma once
// The analysis pass as a sink of the scan: each tree with the seed its questions' hubs count by
// (and, for volumes, the seed's attributes), compared with its version at --since when asked;
// finish() runs the pass once and clusters the topics (question_rows.hpp). Needs the tree and
// the lineage (ScanNeeds).
#include "paa/analysis/question_pass.hpp"
#include "paa/export/pipeline/result_scan.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/topics/topic_changes.hpp"
#include "paa/topics/topic_options.hpp"

#include <optional>
#include <span>

namespace paa::exporting {

class AnalysisSink final : public ResultSink {
 public:
  struct Options {
    bool volumes = false;  // each tree counts its seed's volume (the lineage's attributes)
    bool since = false;    // each topic's new and gone questions since the earlier versions
    WorkProgress* progress = nullptr;  // told the pass's and the topics' phases (may be null)
  };
  AnalysisSink() = default;
  explicit AnalysisSink(Options options) : options_(options) {}

  // The needs of a scan that feeds this sink.
  ScanNeeds needs() const { return {.tree = true, .lineage = true, .attributes = options_.volumes, .earlier = options_.since}; }

  Result<bool> add(const ScannedResult& scanned) override;

  // Runs the pass with `more` reducers beside the views' own (and the changes with since).
  Result<QuestionViews> finish(const topics::TopicOptions& topics, std::span<analysis::QuestionReducer* const> more = {});

  // The pass itself, for a view that runs reducers of its own instead of finish().
  analysis::QuestionPass& pass() { return pass_; }

  // With since: each topic's new and gone questions, after finish().
  const topics::TopicChanges* changes() const { return options_.since ? &changes_ : nullptr; }

 private:
  Options options_;
  analysis::QuestionPass pass_;
  topics::TopicChanges changes_;
};

}  // namespace paa::exporting
