#pragma once
// The `paa export` formats as pure writers: they are fed stored results (or question-index
// entries) in order and write bytes to a BufferedOutput. No store, no files: unit-testable.
#include "paa/error.hpp"
#include "paa/export/output.hpp"
#include "paa/export/question_tally.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace paa::exporting {

// html and xlsx are not FormatWriters: see html_report.hpp and xlsx_workbook.hpp.
enum class ExportFormat { jsonl, json, csv, questions, related, xlsx, html };

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
inline constexpr std::string_view kCsvHeader =
    "q,hl,gl,city,depth,position,parent,question,answer,url,title";
inline constexpr std::string_view kQuestionsHeader =
    "question,answer,url,title,count,first_q,first_hl,first_gl,first_city";
inline constexpr std::string_view kRelatedHeader = "q,hl,gl,city,position,related";

// One format over a stream of stored results: begin(), add() per result, finish().
// Errors name the result (its q, hl, gl) and what is wrong; output already written stays.
class FormatWriter {
 public:
  virtual ~FormatWriter() = default;
  virtual void begin() = 0;
  virtual Result<void> add(const StoredResult& result) = 0;
  virtual Result<void> finish() = 0;
  // Records written: JSON objects, or CSV data rows (header excluded).
  std::uint64_t records() const { return records_; }

 protected:
  std::uint64_t records_ = 0;
};

// Parses a stored body; the error names the result (its q, hl, gl) and suggests a re-fetch.
Result<Envelope> parse_stored_result(const StoredResult& result, std::size_t max_question_depth);

// nullptr for ExportFormat::xlsx and ExportFormat::html.
// For ExportFormat::questions this aggregates the fed trees in memory (one entry per unique
// question of the selection, keyed by fold_text; count = trees containing it, once per tree;
// question/answer/url/title/first_* from its first occurrence) and writes on finish().
std::unique_ptr<FormatWriter> make_format_writer(const FormatOptions& options,
                                                 BufferedOutput& out);

// `questions` straight from the store's question index (no filters). Entries arrive in index
// (fold_text) order; each rendered row is spilled to an unlinked temporary file and only
// (count, offset, length) stays in memory: 24 bytes per unique question. finish() sorts by
// count, most frequent first, ties in fold_text order, and copies the rows out.
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

}  // namespace paa::exporting
