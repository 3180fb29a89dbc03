#include "paa/export/exporter.hpp"

#include "paa/export/attributes.hpp"
#include "paa/export/format_writer.hpp"
#include "paa/export/pipeline/analysis_views.hpp"
#include "paa/export/pipeline/pass_writer.hpp"
#include "paa/export/pipeline/result_scan.hpp"
#include "paa/export/view_registry.hpp"
#include "paa/topics/topic_map.hpp"

namespace paa::exporting {

namespace {

// A view with a per-result writer: the one scan feeding it, then its finish.
Result<ExportSummary> run_writer(const ViewRow& view, StoreReader& store, const ExportRequest& request,
                                 BufferedOutput& out) {
  ExportSummary summary;
  auto writer = view.writer(request.format, out);
  writer->begin();
  auto* pass = dynamic_cast<detail::PassWriter*>(writer.get());
  if (pass != nullptr && request.kept && pass->reads_views_alone()) {
    // Read from the kept analysis, or computed once and kept for the next view.
    auto views = analysis_views(store, request, summary);
    if (!views) return views.error();
    if (auto written = pass->write_views(*views); !written) return written.error();
    if (request.format.format == ExportFormat::topic_changes) {
      // Read by the view just written (a failure there was its): no other view reads the trend.
      if (!views->topics->has_trend()) {
        summary.notes.push_back("no analysis was kept before this one, so there is nothing to compare: the changes "
                                "are listed from the next analysis on (after the next run, or `paa analyze --full`)");
      }
    }
    if (auto flushed = out.flush(); !flushed) return flushed.error();
    summary.records = writer->records();
    return summary;
  }
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

}  // namespace

Result<ExportSummary> export_store(StoreReader& store, const ExportRequest& selection, BufferedOutput& out) {
  const ViewRow& view = view_row(selection.format.format);
  if (view.writer == nullptr && view.stream == nullptr) {
    return make_error(errc::invalid_input, std::string(view.name) + " is written to a file by name, not a stream");
  }
  ExportRequest request = selection;
  if (view.format == ExportFormat::topic_changes && !request.kept) {
    return make_error(errc::invalid_input,
                      "topic-changes compares the analysis kept for the stores' current results with the one before "
                      "it: leave out --hl, --gl, --at and --since, and give one --store (or several with --analysis DIR; "
                      "docs/topics.md \"A topic's identity\")");
  }
  // A view that reads the kept analysis catalogs too, whatever it shows: the analysis is tagged
  // with whether seeds have volumes, and one computed without them would be stale for the next.
  if (view.takes(kShowsAttributes) || view.takes(kShowsDemand) || (request.kept && view.takes(kReadsKeptAnalysis))) {
    if (auto catalogued = catalog_selection(store, request); !catalogued) return catalogued.error();
  }
  if (view.stream != nullptr) return view.stream(store, request, out);
  return run_writer(view, store, request, out);
}

}  // namespace paa::exporting
