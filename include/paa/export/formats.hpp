#pragma once
// The `paa export` formats as pure writers: they are fed stored results (or question-index
// entries) in order and write bytes to a BufferedOutput. No store, no files: unit-testable.
#include "paa/error.hpp"
#include "paa/output/atomic_file.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/output/sink.hpp"
#include "paa/export/question_tally.hpp"
#include "paa/model/lineage.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace paa::exporting {

// html and xlsx are not FormatWriters: see html_report.hpp and xlsx_workbook.hpp; edges is
// written by an EdgeWriter from a job's expansion, not from stored results.
enum class ExportFormat { jsonl, json, csv, questions, related, xlsx, html, edges };

std::optional<ExportFormat> parse_export_format(std::string_view name);
std::string_view format_name(ExportFormat format);

struct FormatOptions {
  ExportFormat format = ExportFormat::jsonl;
  // jsonl/json/csv: drop a question whose fold_text was already seen in the same tree,
  // with its whole subtree (first occurrence in depth-first pre-order wins).
  bool dedupe = false;
  // CSV formats: UTF-8 BOM + CRLF line ends.
  bool excel = false;
  std::size_t max_question_depth = 1000;
};

// CSV headers, exactly.
// The lineage columns come last, so the columns before them keep their positions.
inline constexpr std::string_view kCsvHeader =
    "q,hl,gl,city,depth,position,parent,question,answer,url,title,level,parent_q,seed_q";
inline constexpr std::string_view kQuestionsHeader =
    "question,answer,url,title,count,first_q,first_hl,first_gl,first_city";
inline constexpr std::string_view kRelatedHeader = "q,hl,gl,city,position,related";
inline constexpr std::string_view kEdgesHeader =
    "parent_q,parent_hl,parent_gl,parent_city,q,hl,gl,city,level,via";

// A key as the exports show it: the stored result's first-seen spelling (city "" = none).
struct KeySpelling {
  std::string q;
  std::string hl;
  std::string gl;
  std::string city;
  friend bool operator==(const KeySpelling&, const KeySpelling&) = default;
};

KeySpelling spelling_of(const StoredResult& result);

// Where an exported result's key came from (docs/exports.md "Lineage"): the level and, for a
// discovered key, the key that discovered it; `seed` is the level-0 key it descends from
// (itself at level 0).
struct ExportLineage {
  std::uint32_t level = 0;
  std::optional<KeySpelling> parent;  // nullopt at level 0
  KeySpelling seed;
  friend bool operator==(const ExportLineage&, const ExportLineage&) = default;
};

// A key no job discovered: level 0, no parent, its own seed.
ExportLineage own_lineage(const StoredResult& result);

// Whether a format's records carry the lineage (jsonl, json, csv): the exporter looks it up
// only for these.
bool format_has_lineage(ExportFormat format);

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
  virtual Result<void> finish() = 0;
  // Records written: JSON objects, or CSV data rows (header excluded).
  std::uint64_t records() const { return records_; }

 protected:
  std::uint64_t records_ = 0;
};

// Parses a stored body; the error names the result (its q, hl, gl) and suggests a re-fetch.
Result<Envelope> parse_stored_result(const StoredResult& result, std::size_t max_question_depth);

// nullptr for ExportFormat::xlsx, ExportFormat::html and ExportFormat::edges.
// For ExportFormat::questions this aggregates the fed trees in memory (one entry per unique
// question of the selection, keyed by fold_text; count = trees containing it, once per tree;
// question/answer/url/title/first_* from its first occurrence) and writes on finish().
std::unique_ptr<FormatWriter> make_format_writer(const FormatOptions& options,
                                                 BufferedOutput& out);

// `questions` straight from the store's question index (no filters). Entries arrive in index
// (fold_text) order; each rendered row is spilled to an unlinked temporary file and its
// (count, offset, length) goes to a CountOrder (bounded memory). finish() copies the rows out
// most frequent first, ties in fold_text order.
class QuestionIndexWriter {
 public:
  // Opens the spill file in $TMPDIR (or /tmp).
  static Result<std::unique_ptr<QuestionIndexWriter>> create(bool excel, BufferedOutput& out);
  ~QuestionIndexWriter();
  QuestionIndexWriter(const QuestionIndexWriter&) = delete;
  QuestionIndexWriter& operator=(const QuestionIndexWriter&) = delete;

  void begin();
  // Entries with count 0 are skipped.
  Result<void> add(const QuestionEntry& entry, const FirstSeen& first);
  Result<void> finish();
  std::uint64_t records() const { return records_; }

 private:
  struct Impl;
  explicit QuestionIndexWriter(std::unique_ptr<Impl> impl, bool excel, BufferedOutput& out);
  std::unique_ptr<Impl> impl_;
  bool excel_;
  BufferedOutput& out_;
  std::uint64_t records_ = 0;
};

// One edge of a job's discovery tree: a key of level >= 1 and the parent that admitted it.
struct Edge {
  KeySpelling parent;
  KeySpelling child;
  std::uint32_t level = 0;
  Via via = Via::question;
};

// `edges`: kEdgesHeader, then one CSV row per edge as fed (the exporter feeds them in level
// order, then discovery order).
class EdgeWriter {
 public:
  EdgeWriter(bool excel, BufferedOutput& out) : excel_(excel), out_(out) {}
  void begin();
  void add(const Edge& edge);
  std::uint64_t records() const { return records_; }

 private:
  bool excel_;
  BufferedOutput& out_;
  std::uint64_t records_ = 0;
};

}  // namespace paa::exporting
