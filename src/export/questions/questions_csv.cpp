#include "paa/export/questions/questions_csv.hpp"

#include "paa/export/pipeline/pass_writer.hpp"
#include "paa/export/csv_rows.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/output/text.hpp"
#include "paa/question/question_type.hpp"

#include <optional>
#include <string>

namespace paa::exporting {

namespace {

class QuestionsWriter final : public detail::PassWriter {
 public:
  QuestionsWriter(const FormatOptions& options, BufferedOutput& out) : PassWriter(options, out) {}

  void begin() override {
    std::string header(kQuestionsHeader);
    if (options_.volumes) header += ",volume,group_volume";
    header += ',';
    header += kQuestionsTopicColumns;
    if (!options_.own_domains.empty()) header += ",owner";  // --domain: who holds the answer the row shows
    begin_csv(out_, options_.excel, header);
  }


 private:
  Result<void> write(QuestionViews& views) override {
    return for_each_question_row(views, [&](const analysis::UniqueQuestion& row,
                                                     const topics::QuestionGroup& g,
                                                     const topics::Topic& t) -> Result<void> {
      append_csv_fields(out_, csv_text(options_.raw), {row.question, row.answer, row.url, row.title});
      out_.put(',');
      append_decimal(out_, row.count);
      out_.put(',');
      append_csv_fields(out_, csv_text(options_.raw), {row.first_q, row.first_hl, row.first_gl, row.first_city});
      if (options_.volumes) {
        out_.put(',');
        append_decimal(out_, row.volume);
        out_.put(',');
        append_decimal(out_, g.volume);
      }
      out_.put(',');
      append_csv_fields(out_, csv_text(options_.raw), {question::name(g.type), question::name(g.intent),
                               g.is_representative ? std::string_view() : g.representative});
      for (std::uint64_t figure : {g.trees, g.seeds, g.locales}) {
        out_.put(',');
        append_decimal(out_, figure);
      }
      out_.put(',');
      append_csv_fields(out_, csv_text(options_.raw), {topics::topic_hex(t.id), t.label});
      if (!options_.own_domains.empty()) {
        out_.put(',');
        append_csv_fields(out_, csv_text(options_.raw), {watch::owner_name(options_.own_domains.owner(row.url))});
      }
      end_csv_row(out_, options_.excel);
      ++records_;
      if (out_.failed()) return *out_.error();
      return {};
    });
  }
};

}  // namespace

std::unique_ptr<FormatWriter> make_questions_writer(const FormatOptions& options, BufferedOutput& out) {
  return std::make_unique<QuestionsWriter>(options, out);
}

}  // namespace paa::exporting
