#include "paa/export/domains/domains_csv.hpp"

#include "paa/export/csv_rows.hpp"
#include "paa/export/rows/domain_rows.hpp"
#include "paa/output/text.hpp"
#include "paa/watch/domain_answers.hpp"
#include "paa/watch/own_domains.hpp"

#include "paa/export/pipeline/pass_writer.hpp"

#include <cstdio>

namespace paa::exporting {

namespace {

class DomainsCsvWriter final : public detail::PassWriter {
 public:
  DomainsCsvWriter(const FormatOptions& options, BufferedOutput& out) : PassWriter(options, out) {}
  void begin() override {
    std::string header(kDomainsHeader);
    if (!options_.own_domains.empty()) header += ",yours";
    begin_csv(out_, options_.excel, header);
  }

 private:
  std::span<analysis::QuestionReducer* const> more_reducers() override { return {&reducer_, 1}; }
  bool kept_with_the_views() const override { return true; }

  Result<void> write(QuestionViews& views) override {
    auto rows = domain_rows(answers_, views, options_.own_domains);
    if (!rows) return rows.error();
    char share[32];
    for (const DomainRowFigures& d : *rows) {
      append_csv_fields(out_, csv_text(options_.raw), {d.domain});
      out_.put(',');
      append_decimal(out_, d.answers);
      out_.put(',');
      if (d.share) {
        std::snprintf(share, sizeof share, "%.4f", *d.share);
        out_.append(share);
      }
      for (const std::uint64_t v : {d.questions, d.keys, d.topics}) {
        out_.put(',');
        append_decimal(out_, v);
      }
      if (!options_.own_domains.empty()) {
        out_.put(',');
        out_.append(d.yours ? "true" : "false");
      }
      end_csv_row(out_, options_.excel);
      ++records_;
      if (out_.failed()) return *out_.error();
    }
    return {};
  }

  watch::DomainAnswers answers_;
  analysis::QuestionReducer* reducer_ = &answers_;
};

}  // namespace

std::unique_ptr<FormatWriter> make_domains_writer(const FormatOptions& options, BufferedOutput& out) {
  return std::make_unique<DomainsCsvWriter>(options, out);
}

}  // namespace paa::exporting
