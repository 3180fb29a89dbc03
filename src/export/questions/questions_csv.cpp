#include "paa/export/questions/questions_csv.hpp"

#include "paa/export/csv_rows.hpp"
#include "paa/export/questions/indexed_questions.hpp"
#include "paa/extmem/scratch_file.hpp"
#include "paa/output/text.hpp"

#include <optional>
#include <string>

namespace paa::exporting {

namespace {

// A row up to first_city: its volume (with volumes) and line end follow.
void append_question_fields(BufferedOutput& out, std::string_view question, std::string_view answer,
                            std::string_view url, std::string_view title, std::uint64_t count,
                            const FirstSeen& first) {
  append_csv_fields(out, {question, answer, url, title});
  out.put(',');
  append_decimal(out, count);
  out.put(',');
  append_csv_fields(out, {first.q, first.hl, first.gl, first.city});
}

void end_question_row(BufferedOutput& out, bool volumes, std::uint64_t volume, bool excel) {
  if (volumes) {
    out.put(',');
    append_decimal(out, volume);
  }
  end_csv_row(out, excel);
}

void begin_questions(BufferedOutput& out, bool excel, bool volumes) {
  std::string header(kQuestionsHeader);
  if (volumes) header += ",volume";
  begin_csv(out, excel, header);
}

// Memory: one entry per unique question of the selection (see QuestionTally).
class QuestionAggregateWriter final : public FormatWriter {
 public:
  QuestionAggregateWriter(const FormatOptions& options, BufferedOutput& out)
      : options_(options), out_(out) {}

  void begin() override { begin_questions(out_, options_.excel, options_.volumes); }

  Result<void> add(const StoredResult& r, const ExportLineage& lineage) override {
    auto env = parse_stored_result(r, options_.max_question_depth);
    if (!env) return env.error();
    tally_.add_tree(r, env->result.children);
    if (options_.volumes) return volumes_.add_tree(env->result.children, lineage);
    return {};
  }

  Result<void> finish() override {
    if (options_.volumes) {
      if (auto assigned = tally_.assign_volumes(volumes_); !assigned) return assigned;
    }
    tally_.for_each_sorted([&](const QuestionRow& row) {
      append_question_fields(out_, row.question, row.answer, row.url, row.title, row.count, *row.first);
      end_question_row(out_, options_.volumes, row.volume, options_.excel);
      ++records_;
    });
    return {};
  }

 private:
  FormatOptions options_;
  BufferedOutput& out_;
  QuestionTally tally_;
  QuestionVolumes volumes_;
};

}  // namespace

std::unique_ptr<FormatWriter> make_questions_writer(const FormatOptions& options, BufferedOutput& out) {
  return std::make_unique<QuestionAggregateWriter>(options, out);
}

// --- QuestionIndexWriter --------------------------------------------------------------------

struct QuestionIndexWriter::Impl {
  std::unique_ptr<extmem::ScratchFile> spill;  // the rendered rows, in index order
  CountOrder order = make_count_order();       // (count, offset, length) of each row in the spill
  // With volumes: the trees' seeds, and each row until its volume is known (then to `order`).
  QuestionVolumes* volumes = nullptr;
};

Result<std::unique_ptr<QuestionIndexWriter>> QuestionIndexWriter::create(bool excel, BufferedOutput& out,
                                                                         QuestionVolumes* volumes) {
  auto spill = extmem::ScratchFile::create("paa-export-questions");
  if (!spill) return spill.error();
  auto impl = std::make_unique<Impl>();
  impl->spill = std::move(*spill);
  impl->volumes = volumes;
  return std::unique_ptr<QuestionIndexWriter>(new QuestionIndexWriter(std::move(impl), excel, out));
}

QuestionIndexWriter::QuestionIndexWriter(std::unique_ptr<Impl> impl, bool excel, BufferedOutput& out)
    : impl_(std::move(impl)), excel_(excel), out_(out) {}

QuestionIndexWriter::~QuestionIndexWriter() = default;

void QuestionIndexWriter::begin() { begin_questions(out_, excel_, impl_->volumes != nullptr); }

Result<void> QuestionIndexWriter::add(const QuestionEntry& entry, const FirstSeen& first) {
  if (entry.count == 0) return {};
  BufferedOutput& spill = impl_->spill->out();
  const std::uint64_t offset = spill.bytes_written();
  append_question_fields(spill, entry.question, entry.answer ? std::string_view(*entry.answer) : std::string_view(),
                         entry.url, entry.title, entry.count, first);
  if (impl_->volumes == nullptr) end_csv_row(spill, excel_);  // else the volume comes first
  if (spill.failed()) return *spill.error();
  const std::uint64_t length = spill.bytes_written() - offset;
  if (impl_->volumes != nullptr) return impl_->volumes->add_row(question_id(entry.normalized), {entry.count, offset, length});
  return impl_->order.add({entry.count, offset, length});
}

Result<void> QuestionIndexWriter::finish() {
  if (impl_->volumes != nullptr) {
    // Each row's volume, by question; then most frequent first as without.
    auto joined = impl_->volumes->for_each_row([&](const QuestionVolumes::Handle& row, std::uint64_t volume) {
      return impl_->order.add({row[0], row[1], row[2], volume});
    });
    if (!joined) return joined;
  }
  if (impl_->spill->size() == 0) return impl_->spill->flush();
  auto map = impl_->spill->map(extmem::ScratchMap::Access::random);
  if (!map) return map.error();
  // Entries arrived in fold_text order; CountOrder keeps it among equal counts.
  auto written = impl_->order.for_each([&](const CountedRow& row) -> Result<void> {
    out_.append({map->data() + row.offset, row.length});
    map->read(row.length);
    if (impl_->volumes != nullptr) end_question_row(out_, true, row.volume, excel_);
    ++records_;
    if (out_.failed()) return *out_.error();
    return {};
  });
  if (!written && !out_.failed()) return written;  // the output's own error is reported by its flush
  return {};
}

Result<ExportSummary> export_question_index(StoreReader& store, const ExportRequest& request, BufferedOutput& out) {
  // The volumes need every tree's questions and seed: one pass over the results first, only
  // when some seed has a volume.
  std::optional<QuestionVolumes> volumes;
  if (request.format.volumes) {
    volumes.emplace();
    auto lineages = LineageLookup::create(store, request.job, request.attribute_jobs);
    if (!lineages) return lineages.error();
    ExportSummary ignored;
    auto scanned = scan_selection(store, request, ignored, [&](const StoredResult& result) -> Result<bool> {
      auto lineage = lineages->of(result);
      if (!lineage) return lineage.error();
      if (!lineage->attrs.volume) return true;
      auto env = parse_stored_result(result, request.format.max_question_depth);
      if (!env) return env.error();
      if (auto added = volumes->add_tree(env->result.children, *lineage); !added) return added.error();
      return true;
    });
    if (!scanned) return scanned.error();
  }
  auto writer = QuestionIndexWriter::create(request.format.excel, out, volumes ? &*volumes : nullptr);
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
