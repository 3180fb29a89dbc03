#pragma once
// The one scan every view reads the selection with (the Sink shape of a query engine's
// operators): each selected result in key order, with what its view needs looked up once (its
// lineage, its parsed tree, its version at --since), handed to the view's sinks in turn. What
// the views compute after the last result is their own finish.
#include "paa/error.hpp"
#include "paa/export/export_request.hpp"
#include "paa/export/lineage_lookup.hpp"
#include "paa/model/envelope.hpp"
#include "paa/store/store.hpp"

#include <span>
#include <vector>
#include <utility>

namespace paa::exporting {

// What the scan looks up for each result; what a view leaves out costs nothing.
struct ScanNeeds {
  bool tree = false;        // the parsed body (ScannedResult::envelope)
  bool lineage = false;     // the lineage looked up for the request's job (else own_lineage)
  bool attributes = false;  // with lineage: the attributes of request.attribute_jobs
  bool earlier = false;     // the version current at request.since_ms (--since)
  bool versions = false;    // the key's stored versions (StoreReader::versions), one key at a time
};

struct ScannedResult {
  const StoredResult& result;
  const ExportLineage& lineage;
  const Envelope* envelope = nullptr;      // with ScanNeeds::tree
  const StoredResult* earlier = nullptr;   // with ScanNeeds::earlier; nullptr: none then
  const Envelope* earlier_envelope = nullptr;  // with earlier and tree: its parsed body
  const std::vector<StoredResult>* versions = nullptr;  // with ScanNeeds::versions
};

class ResultSink {
 public:
  virtual ~ResultSink() = default;
  // false stops the scan without an error: an output failed, and its flush says why.
  virtual Result<bool> add(const ScannedResult& scanned) = 0;
};

// A sink from a callable (Result<bool>(const ScannedResult&)), for a view's own per-key work.
template <class Fn>
class CallbackSink final : public ResultSink {
 public:
  explicit CallbackSink(Fn fn) : fn_(std::move(fn)) {}
  Result<bool> add(const ScannedResult& scanned) override { return fn_(scanned); }

 private:
  Fn fn_;
};

// Feeds every selected result (scan_selection: counting summary.results and missing ones) to
// each sink in order, until one returns false or an error (which is returned). An unreadable
// body is a store_damaged error naming the result.
Result<void> scan_results(StoreReader& store, const ExportRequest& request, const ScanNeeds& needs,
                          std::span<ResultSink* const> sinks, ExportSummary& summary);

inline Result<void> scan_results(StoreReader& store, const ExportRequest& request, const ScanNeeds& needs,
                                 std::initializer_list<ResultSink*> sinks, ExportSummary& summary) {
  return scan_results(store, request, needs, std::span<ResultSink* const>(sinks.begin(), sinks.size()), summary);
}

}  // namespace paa::exporting
