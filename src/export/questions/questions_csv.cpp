#include "paa/export/questions/questions_csv.hpp"

#include "paa/export/csv_rows.hpp"
#include "paa/export/questions/indexed_questions.hpp"
#include "paa/extmem/scratch_file.hpp"
#include "paa/output/text.hpp"

#include <string>

namespace paa::exporting {

namespace {

void append_question_row(BufferedOutput& out, std::string_view question, std::string_view answer,
                         std::string_view url, std::string_view title, std::uint64_t count,
                         const FirstSeen& first, bool excel) {
  append_csv_fields(out, {question, answer, url, title});
  out.put(',');
  append_decimal(out, count);
  out.put(',');
  append_csv_fields(out, {first.q, first.hl, first.gl, first.city});
  end_csv_row(out, excel);
}

// Memory: one entry per unique question of the selection (see QuestionTally).
class QuestionAggregateWriter final : public FormatWriter {
 public:
  QuestionAggregateWriter(const FormatOptions& options, BufferedOutput& out)
      : options_(options), out_(out) {}

  void begin() override { begin_csv(out_, options_.excel, kQuestionsHeader); }

  Result<void> add(const StoredResult& r, const ExportLineage&) override {
    auto env = parse_stored_result(r, options_.max_question_depth);
    if (!env) return env.error();
    tally_.add_tree(r, env->result.children);
    return {};
  }

  Result<void> finish() override {
    tally_.for_each_sorted([&](const QuestionRow& row) {
      append_question_row(out_, row.question, row.answer, row.url, row.title, row.count, *row.first,
                          options_.excel);
      ++records_;
    });
    return {};
  }

 private:
  FormatOptions options_;
  BufferedOutput& out_;
  QuestionTally tally_;
};

}  // namespace

std::unique_ptr<FormatWriter> make_questions_writer(const FormatOptions& options, BufferedOutput& out) {
  return std::make_unique<QuestionAggregateWriter>(options, out);
}

// --- QuestionIndexWriter --------------------------------------------------------------------

struct QuestionIndexWriter::Impl {
  std::unique_ptr<extmem::ScratchFile> spill;  // the rendered rows, in index order
  CountOrder order = make_count_order();       // (count, offset, length) of each row in the spill
};

Result<std::unique_ptr<QuestionIndexWriter>> QuestionIndexWriter::create(bool excel, BufferedOutput& out) {
  auto spill = extmem::ScratchFile::create("paa-export-questions");
  if (!spill) return spill.error();
  auto impl = std::make_unique<Impl>();
  impl->spill = std::move(*spill);
  return std::unique_ptr<QuestionIndexWriter>(new QuestionIndexWriter(std::move(impl), excel, out));
}

QuestionIndexWriter::QuestionIndexWriter(std::unique_ptr<Impl> impl, bool excel, BufferedOutput& out)
    : impl_(std::move(impl)), excel_(excel), out_(out) {}

QuestionIndexWriter::~QuestionIndexWriter() = default;

void QuestionIndexWriter::begin() { begin_csv(out_, excel_, kQuestionsHeader); }

Result<void> QuestionIndexWriter::add(const QuestionEntry& entry, const FirstSeen& first) {
  if (entry.count == 0) return {};
  BufferedOutput& spill = impl_->spill->out();
  const std::uint64_t offset = spill.bytes_written();
  append_question_row(spill, entry.question, entry.answer ? std::string_view(*entry.answer) : std::string_view(),
                      entry.url, entry.title, entry.count, first, excel_);
  if (spill.failed()) return *spill.error();
  return impl_->order.add({entry.count, offset, spill.bytes_written() - offset});
}

Result<void> QuestionIndexWriter::finish() {
  if (impl_->spill->size() == 0) return impl_->spill->flush();
  auto map = impl_->spill->map(extmem::ScratchMap::Access::random);
  if (!map) return map.error();
  // Entries arrived in fold_text order; CountOrder keeps it among equal counts.
  auto written = impl_->order.for_each([&](const CountedRow& row) -> Result<void> {
    out_.append({map->data() + row.offset, row.length});
    map->read(row.length);
    ++records_;
    if (out_.failed()) return *out_.error();
    return {};
  });
  if (!written && !out_.failed()) return written;  // the output's own error is reported by its flush
  return {};
}

Result<ExportSummary> export_question_index(StoreReader& store, const ExportRequest& request, BufferedOutput& out) {
  auto writer = QuestionIndexWriter::create(request.format.excel, out);
  if (!writer) return writer.error();
  (*writer)->begin();
  auto scanned = scan_indexed_questions(store, [&](const QuestionEntry& entry, const FirstSeen& first) {
    return (*writer)->add(entry, first);
  });
  if (!scanned) return scanned.error();
  if (auto finished = (*writer)->finish(); !finished) return finished.error();
  if (auto flushed = out.flush(); !flushed) return flushed.error();
  ExportSummary summary;
  summary.records = (*writer)->records();
  return summary;
}

}  // namespace paa::exporting
