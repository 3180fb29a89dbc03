#pragma once
// The streamed formats (jsonl, json, csv, questions, related, topics, domains) as pure writers:
// fed the scan's results in order (pipeline/result_scan.hpp), they write bytes to a
// BufferedOutput. No store, no files: unit-testable.
#include "paa/error.hpp"
#include "paa/export/export_format.hpp"
#include "paa/export/lineage_lookup.hpp"
#include "paa/export/pipeline/result_scan.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <memory>

namespace paa::exporting {

// One format over a stream of stored results: begin(), add() per result, finish().
// Errors name the result (its q, hl, gl) and what is wrong; output already written stays.
class FormatWriter {
 public:
  virtual ~FormatWriter() = default;
  virtual void begin() = 0;
  // What the scan looks up for each result: by default the tree and the lineage with its
  // attributes, which the records of jsonl, json and csv and the questions' volumes carry.
  virtual ScanNeeds needs() const { return {.tree = true, .lineage = true, .attributes = true}; }
  virtual Result<void> add(const ScannedResult& scanned) = 0;
  // A result fed by hand (tests): parsed when the writer needs its tree; no earlier version.
  Result<void> add(const StoredResult& result, const ExportLineage& lineage);
  // ... as a key no job discovered (own_lineage).
  Result<void> add(const StoredResult& result) { return add(result, own_lineage(result)); }
  virtual Result<void> finish() = 0;
  // Records written: JSON objects, or CSV data rows (header excluded).
  std::uint64_t records() const { return records_; }

 protected:
  std::uint64_t records_ = 0;
};

// The writer of a streamed format; nullptr for xlsx, html and edges.
std::unique_ptr<FormatWriter> make_format_writer(const FormatOptions& options, BufferedOutput& out);

// What the writer of a streamed format needs from the scan (FormatWriter::needs).
ScanNeeds format_needs(const FormatOptions& options);

}  // namespace paa::exporting
