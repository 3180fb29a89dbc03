#include "paa/export/related/related_writer.hpp"

#include "paa/export/csv_rows.hpp"
#include "paa/output/text.hpp"

#include <string>

namespace paa::exporting {

namespace {

class RelatedWriter final : public FormatWriter {
 public:
  RelatedWriter(const FormatOptions& options, BufferedOutput& out) : options_(options), out_(out) {}

  void begin() override { begin_csv(out_, options_.excel, kRelatedHeader); }

  ScanNeeds needs() const override { return {.tree = true}; }

  Result<void> add(const ScannedResult& scanned) override {
    const StoredResult& r = scanned.result;
    const Envelope* env = scanned.envelope;
    if (env->result.related.empty()) return {};
    const std::string prefix = render_key_columns(r, csv_text(options_.raw));
    std::uint64_t position = 0;
    for (const auto& related : env->result.related) {
      out_.append(prefix);
      append_decimal(out_, ++position);
      out_.put(',');
      append_csv_field(out_, related, csv_text(options_.raw));
      end_csv_row(out_, options_.excel);
      ++records_;
    }
    return {};
  }

  Result<void> finish() override { return {}; }

 private:
  FormatOptions options_;
  BufferedOutput& out_;
};

}  // namespace

std::unique_ptr<FormatWriter> make_related_writer(const FormatOptions& options, BufferedOutput& out) {
  return std::make_unique<RelatedWriter>(options, out);
}

}  // namespace paa::exporting
