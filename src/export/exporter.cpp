#include "paa/export/exporter.hpp"

#include "paa/export/attributes.hpp"
#include "paa/export/edges/edges_csv.hpp"
#include "paa/export/failures/failure_list.hpp"
#include "paa/export/format_writer.hpp"
#include "paa/export/html/html_report.hpp"
#include "paa/export/pipeline/result_scan.hpp"
#include "paa/export/questions/questions_csv.hpp"
#include "paa/export/stability/stability_export.hpp"

#include <optional>

namespace paa::exporting {

Result<ExportSummary> export_store(StoreReader& store, const ExportRequest& selection, BufferedOutput& out) {
  ExportRequest request = selection;
  if (auto catalogued = catalog_selection(store, request); !catalogued) return catalogued.error();
  if (request.format.format == ExportFormat::html) return export_html(store, request, out);
  if (request.format.format == ExportFormat::edges) return export_edges(store, request, out);
  if (request.format.format == ExportFormat::stability) return export_stability(store, request, out);
  if (request.format.format == ExportFormat::failures || request.format.format == ExportFormat::failures_jsonl) {
    return export_failures(store, request, out);
  }
  if (request.format.format == ExportFormat::xlsx) {
    return make_error(errc::invalid_input, "xlsx is written to a file by name: use export_store_xlsx");
  }
  ExportSummary summary;
  auto writer = make_format_writer(request.format, out);
  writer->begin();
  CallbackSink sink([&](const ScannedResult& scanned) -> Result<bool> {
    if (auto added = writer->add(scanned); !added) return added.error();
    return !out.failed();  // stop early; flush() below reports the error
  });
  auto selected = scan_results(store, request, writer->needs(), {&sink}, summary);
  if (!selected) return selected.error();
  if (!out.failed()) {
    if (auto finished = writer->finish(); !finished) return finished.error();
  }
  if (auto flushed = out.flush(); !flushed) return flushed.error();
  summary.records = writer->records();
  return summary;
}

}  // namespace paa::exporting
