#include "paa/export/pipeline/result_scan.hpp"

#include "paa/export/stored_tree.hpp"

#include <optional>

namespace paa::exporting {

Result<void> scan_results(StoreReader& store, const ExportRequest& request, const ScanNeeds& needs,
                          std::span<ResultSink* const> sinks, ExportSummary& summary) {
  std::optional<LineageLookup> lineages;
  if (needs.lineage) {
    auto lookup = LineageLookup::create(store, request.job,
                                        needs.attributes ? request.attribute_jobs : std::vector<std::string>{});
    if (!lookup) return lookup.error();
    lineages.emplace(std::move(*lookup));
  }
  return scan_selection(store, request, summary, [&](const StoredResult& result) -> Result<bool> {
    std::optional<StoredResult> earlier;  // none: not asked, or the key had no version then
    if (needs.earlier) {
      auto then = store.get_at(result.key, request.since_ms, &result);
      if (!then) return then.error();
      earlier = std::move(*then);
    }
    auto lineage = lineages ? lineages->of(result) : Result<ExportLineage>(own_lineage(result));
    if (!lineage) return lineage.error();
    std::optional<Envelope> envelope;
    if (needs.tree) {
      auto parsed = parse_stored_result(result, request.format.max_question_depth);
      if (!parsed) return parsed.error();
      envelope.emplace(std::move(*parsed));
    }
    std::optional<std::vector<StoredResult>> versions;
    if (needs.versions) {
      auto read = store.versions(result.key);
      if (!read) return read.error();
      versions.emplace(std::move(*read));
    }
    std::optional<Envelope> earlier_envelope;
    if (needs.tree && earlier) {
      auto parsed = parse_stored_result(*earlier, request.format.max_question_depth);
      if (!parsed) return parsed.error();
      earlier_envelope.emplace(std::move(*parsed));
    }
    const ScannedResult scanned{result, *lineage, envelope ? &*envelope : nullptr,
                                earlier ? &*earlier : nullptr,
                                earlier_envelope ? &*earlier_envelope : nullptr, versions ? &*versions : nullptr};
    for (ResultSink* sink : sinks) {
      auto more = sink->add(scanned);
      if (!more || !*more) return more;
    }
    return true;
  });
}

}  // namespace paa::exporting
