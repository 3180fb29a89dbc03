#include "paa/export/csv/csv_writer.hpp"

#include "paa/export/attributes.hpp"
#include "paa/export/csv_rows.hpp"
#include "paa/output/text.hpp"

#include <string>

namespace paa::exporting {

namespace {

// ",level,parent_q,seed_q" of one tree, rendered once and appended to each of its rows.
std::string render_lineage_columns(const ExportLineage& lineage, CsvText text) {
  StringSink sink;
  {
    BufferedOutput tmp(sink, 256);
    tmp.put(',');
    append_decimal(tmp, lineage.level);
    tmp.put(',');
    append_csv_fields(tmp, text, {lineage.parent ? std::string_view(lineage.parent->q) : std::string_view(), lineage.seed.q});
    (void)tmp.flush();  // a StringSink cannot fail
  }
  return std::move(sink.data);
}

class CsvWriter final : public FormatWriter {
 private:
  // ",value,..." of the seed's attributes, one per attr_ column.
  std::string render_attribute_columns(const SeedAttributes& attrs) const {
    if (options_.attributes.empty()) return {};
    StringSink sink;
    {
      BufferedOutput tmp(sink, 256);
      for (const auto& name : options_.attributes) {
        tmp.put(',');
        append_csv_field(tmp, attribute_value(attrs, name), csv_text(options_.raw));
      }
      (void)tmp.flush();  // a StringSink cannot fail
    }
    return std::move(sink.data);
  }

 public:
  CsvWriter(const FormatOptions& options, BufferedOutput& out) : options_(options), out_(out), rows_(options.dedupe) {}

  void begin() override {
    std::string header(kCsvHeader);
    for (const auto& column : attribute_columns(options_.attributes)) header += "," + column;
    begin_csv(out_, options_.excel, header);
  }

  Result<void> add(const ScannedResult& scanned) override {
    const StoredResult& r = scanned.result;
    const ExportLineage& lineage = scanned.lineage;
    const Envelope* env = scanned.envelope;
    const CsvText text = csv_text(options_.raw);
    const std::string prefix = render_key_columns(r, text);
    const std::string suffix = render_lineage_columns(lineage, text) + render_attribute_columns(lineage.attrs);
    rows_.walk(env->result.children, [&](const QuestionVisit& v) {
      out_.append(prefix);
      append_decimal(out_, v.depth);
      out_.put(',');
      append_decimal(out_, v.position);
      out_.put(',');
      append_csv_fields(out_, text, {v.parent ? std::string_view(v.parent->question) : std::string_view(), v.node.question,
                               v.node.answer ? std::string_view(*v.node.answer) : std::string_view(), v.node.url,
                               v.node.title});
      out_.append(suffix);
      end_csv_row(out_, options_.excel);
      ++records_;
      return true;
    });
    return {};
  }

  Result<void> finish() override { return {}; }

 private:
  FormatOptions options_;
  BufferedOutput& out_;
  TreeRows rows_;
};

}  // namespace

std::unique_ptr<FormatWriter> make_csv_writer(const FormatOptions& options, BufferedOutput& out) {
  return std::make_unique<CsvWriter>(options, out);
}

}  // namespace paa::exporting
