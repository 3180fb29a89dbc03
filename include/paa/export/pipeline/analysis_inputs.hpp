#pragma once
// What an analysis is computed from, as one digest (AnalysisInputs, analysis_plan.hpp): a sink
// of the scan that folds, for every selected result in scan order, what the analysis pass reads
// of it: the key and its search's spelling, the tree (StoredResult::tree_digest, or the body's
// bytes for a record from before format 6), the time the tree is "first fetched" by, and its
// seed (the lineage's seed, and the seed's attributes key and volume when volumes are summed).
// Needs no parsed tree: a scan for it alone reads the store without parsing one body, and the
// full analysis's scan computes it beside the pass at the cost of one hash per result.
#include "paa/export/pipeline/analysis_plan.hpp"
#include "paa/export/pipeline/result_scan.hpp"

#include <cstdint>

namespace paa::exporting {

class InputsDigest final : public ResultSink {
 public:
  // `volumes`: the seeds' volumes are summed (AnalysisSink::Options::volumes).
  explicit InputsDigest(bool volumes) : volumes_(volumes) {}

  // The needs of a scan that feeds this sink alone.
  ScanNeeds needs() const { return {.lineage = true, .attributes = volumes_}; }

  Result<bool> add(const ScannedResult& scanned) override;

  // The digest so far; the scan's figures are the caller's (ExportSummary).
  std::uint64_t digest() const { return digest_; }

 private:
  bool volumes_;
  std::uint64_t digest_ = 0;
};

}  // namespace paa::exporting
