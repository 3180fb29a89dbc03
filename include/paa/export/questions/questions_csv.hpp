#pragma once
// `questions`: the selection's unique questions, one CSV row each, most frequent first (ties in
// case-folded text order). With --job/--hl/--gl a FormatWriter counts the selected trees in
// memory (QuestionTally); without, QuestionIndexWriter reads the store's own index in bounded
// memory (docs/exports.md "Memory and speed").
#include "paa/error.hpp"
#include "paa/export/export_request.hpp"
#include "paa/export/format_writer.hpp"
#include "paa/export/questions/question_tally.hpp"
#include "paa/export/questions/question_volumes.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <memory>
#include <string_view>

namespace paa::exporting {

inline constexpr std::string_view kQuestionsHeader =
    "question,answer,url,title,count,first_q,first_hl,first_gl,first_city";

// Aggregates the fed trees in memory (one entry per unique question of the selection, keyed by
// fold_text; count = trees containing it, once per tree; question/answer/url/title/first_*
// from its first occurrence) and writes on finish().
std::unique_ptr<FormatWriter> make_questions_writer(const FormatOptions& options, BufferedOutput& out);

// `questions` straight from the store's question index (no filters). Entries arrive in index
// (fold_text) order; each rendered row is spilled to a scratch file and its (count, offset,
// length) goes to a CountOrder (bounded memory). finish() copies the rows out most frequent
// first, ties in fold_text order.
class QuestionIndexWriter {
 public:
  // Opens the spill file in $TMPDIR (or /tmp). With `volumes` (the trees' seeds added), rows get
  // a `volume` column; it must outlive the writer.
  static Result<std::unique_ptr<QuestionIndexWriter>> create(bool excel, BufferedOutput& out,
                                                             QuestionVolumes* volumes = nullptr);
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

// The whole `questions` export from the store's index, flushed.
Result<ExportSummary> export_question_index(StoreReader& store, const ExportRequest& request, BufferedOutput& out);

}  // namespace paa::exporting
