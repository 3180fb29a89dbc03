#pragma once
// A selection's question views for the views that read them whole (docs/store.md "The kept
// analysis"): the kept ones when current or carried (AnalysisPlan decides, this is its shell),
// else computed by a scan and kept.
#include "paa/error.hpp"
#include "paa/export/export_request.hpp"
#include "paa/export/pipeline/kept_analysis.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/store/store.hpp"

#include <optional>

namespace paa::exporting {

// The kept views of `request`'s selection (request.kept) when they are current, nothing computed
// (a view that reads the trees anyway and computes the analysis in its own scan when it is not:
// the report folder); `summary` gets a note saying so. nullopt: none kept, stale or unreadable.
std::optional<QuestionViews> current_kept_views(const ExportRequest& request, ExportSummary& summary,
                                               KeptParts parts = KeptParts::whole);

// The question views of `request`'s selection for a view that reads them whole: the kept ones
// when current (no scan), else computed by a scan of `store` and kept (or, when they cannot be
// kept, used once). `summary` gets the scan's figures either way, and a note saying which.
// `recompute`: computed and kept even when the kept one is current (`paa analyze --full`);
// `must_keep`: an analysis that cannot be kept is this call's failure, found before computing
// when another paa holds the lock (`paa analyze`); a view's computes for itself instead.
struct AnalysisAsk {
  bool recompute = false;
  bool must_keep = false;
};
Result<QuestionViews> analysis_views(StoreReader& store, const ExportRequest& request, ExportSummary& summary,
                                     AnalysisAsk ask = {});

}  // namespace paa::exporting
