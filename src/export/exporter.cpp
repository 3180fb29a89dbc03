#include "paa/export/exporter.hpp"

#include "paa/export/attributes.hpp"
#include "paa/export/edges/edges_csv.hpp"
#include "paa/export/failures/failure_list.hpp"
#include "paa/export/format_writer.hpp"
#include "paa/export/html/html_report.hpp"
#include "paa/export/lineage_lookup.hpp"
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
  std::optional<LineageLookup> lineages;
  // The questions' volumes and hubs need each tree's seed (and its attributes), as the lineage
  // has them.
  const ExportFormat format = request.format.format;
  if (format_has_lineage(format) || format == ExportFormat::questions || format == ExportFormat::topics ||
      format == ExportFormat::topics_jsonl || format == ExportFormat::topics_summary || format == ExportFormat::domains) {
    auto lookup = LineageLookup::create(store, request.job, request.attribute_jobs);
    if (!lookup) return lookup.error();
    lineages.emplace(std::move(*lookup));
  }
  auto writer = make_format_writer(request.format, out);
  writer->begin();
  auto selected = scan_selection(store, request, summary, [&](const StoredResult& result) -> Result<bool> {
    if (request.format.since) {
      auto earlier = store.get_at(result.key, request.since_ms, &result);
      if (!earlier) return earlier.error();
      writer->earlier_version(*earlier ? &**earlier : nullptr);
    }
    auto lineage = lineages ? lineages->of(result) : Result<ExportLineage>(own_lineage(result));
    if (!lineage) return lineage.error();
    if (auto added = writer->add(result, *lineage); !added) return added.error();
    return !out.failed();  // stop early; flush() below reports the error
  });
  if (!selected) return selected.error();
  if (!out.failed()) {
    if (auto finished = writer->finish(); !finished) return finished.error();
  }
  if (auto flushed = out.flush(); !flushed) return flushed.error();
  summary.records = writer->records();
  return summary;
}

}  // namespace paa::exporting
