#include "paa/export/export_request.hpp"

#include "paa/selection/locale_filter.hpp"

#include <optional>

namespace paa::exporting {

Result<void> scan_selection(StoreReader& store, const ExportRequest& request, ExportSummary& summary,
                            const std::function<Result<bool>(const StoredResult&)>& feed) {
  const LocaleFilter filter(request.hl, request.gl);
  // Towards the store's estimate only when the whole store is read; a part of it counts alone.
  const bool whole = request.job.empty() && request.hl.empty() && request.gl.empty();
  ProgressCount count(request.format.progress, "reading results",
                      whole ? store.results_estimate().value_or(0) : 0);
  std::optional<Error> failure;
  auto visit = [&](const StoredResult& result) {
    auto more = feed(result);
    if (!more) {
      failure = more.error();
      return false;
    }
    count.add();
    ++summary.results;
    return *more;
  };
  Result<void> scanned;
  if (request.job.empty()) {
    scanned = store.scan_results(filter.prefix(), [&](const StoredResult& result) {
      return filter.matches(result.key) ? visit(result) : true;
    });
  } else {
    // Progress entries stream in key order; each done key is one point lookup.
    scanned = store.scan_progress(request.job, [&](std::string_view key, const ProgressEntry& entry) {
      if (entry.state != ProgressState::done || !filter.matches(key)) return true;
      auto stored = store.get(key);
      if (!stored) {
        failure = stored.error();
        return false;
      }
      if (!*stored) {
        ++summary.missing_results;
        return true;
      }
      return visit(**stored);
    });
  }
  if (!scanned) return scanned.error();
  if (failure) return *failure;
  return {};
}

}  // namespace paa::exporting
