#pragma once
// The streamed formats (jsonl, json, csv, questions, related) as pure writers: fed stored
// results in order, they write bytes to a BufferedOutput. No store, no files: unit-testable.
#include "paa/error.hpp"
#include "paa/export/export_format.hpp"
#include "paa/export/lineage_lookup.hpp"
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
  // `lineage` is what the records of jsonl, json and csv carry (other formats ignore it).
  virtual Result<void> add(const StoredResult& result, const ExportLineage& lineage) = 0;
  // A result as a key no job discovered (own_lineage).
  Result<void> add(const StoredResult& result) { return add(result, own_lineage(result)); }
  // `--since` (FormatOptions::since): the key's version current then, or nullptr when it had
  // none, given just before add() of its current version. Only the topics formats use it.
  virtual void earlier_version(const StoredResult* /*earlier*/) {}
  virtual Result<void> finish() = 0;
  // Records written: JSON objects, or CSV data rows (header excluded).
  std::uint64_t records() const { return records_; }

 protected:
  std::uint64_t records_ = 0;
};

// The writer of a streamed format; nullptr for xlsx, html and edges.
std::unique_ptr<FormatWriter> make_format_writer(const FormatOptions& options, BufferedOutput& out);

}  // namespace paa::exporting
