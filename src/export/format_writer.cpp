#include "paa/export/format_writer.hpp"

#include "paa/export/stored_tree.hpp"

#include <optional>

namespace paa::exporting {

Result<void> FormatWriter::add(const StoredResult& result, const ExportLineage& lineage) {
  std::optional<Envelope> envelope;
  if (needs().tree) {
    auto parsed = parse_stored_result(result, FormatOptions{}.max_question_depth);
    if (!parsed) return parsed.error();
    envelope.emplace(std::move(*parsed));
  }
  return add(ScannedResult{result, lineage, envelope ? &*envelope : nullptr});
}

ScanNeeds format_needs(const FormatOptions& options) {
  struct Discard final : ByteSink {
    Result<void> write(std::string_view) override { return {}; }
  } discard;
  BufferedOutput out(discard);
  auto writer = make_format_writer(options, out);
  return writer ? writer->needs() : ScanNeeds{};
}

}  // namespace paa::exporting
