#pragma once
// The stability rows several views show (the stability CSV, the workbook's "Stability" sheet,
// the report's Changes view): each key's versions as a timeline, and each question's row of it.
#include "paa/error.hpp"
#include "paa/export/export_request.hpp"
#include "paa/store/store.hpp"
#include "paa/watch/own_domains.hpp"
#include "paa/watch/question_stability.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

namespace paa::exporting {

// One key's versions in the window as a timeline (each as seen at the window's end); empty
// (versions() == 0) when the key had no version by then. `versions`: oldest first.
Result<watch::StabilityTimeline> key_timeline(const std::vector<StoredResult>& versions, const StabilityWindow& window,
                                              std::size_t max_question_depth);

// Each question of one key's timeline, in the rows' order (the timeline's questions()), with its
// owner when `own` is not empty (yours, lost, competitor, none: its source now against every
// source it had before). The CSV rows and the workbook's "Stability" sheet are these.
void for_each_stability_row(const watch::StabilityTimeline& timeline, const watch::OwnDomains& own,
                            const std::function<void(const watch::QuestionStability&, std::optional<watch::Owner>)>& visit);

// Each selected key's timeline in the window, in key order (keys without a version in it are
// skipped). Stops at `visit`'s first error or false.
Result<void> scan_timelines(StoreReader& store, const ExportRequest& request, const StabilityWindow& window,
                            ExportSummary& summary,
                            const std::function<Result<bool>(const StoredResult& current,
                                                             const watch::StabilityTimeline&)>& visit);

}  // namespace paa::exporting
