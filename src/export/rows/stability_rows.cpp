#include "paa/export/rows/stability_rows.hpp"

#include "paa/export/pipeline/result_scan.hpp"
#include "paa/export/stored_tree.hpp"

#include <optional>

namespace paa::exporting {

namespace {
// A version from before result history (format < 3) has no first fetch: its fetch is it.
std::int64_t first_fetch_ms(const StoredResult& v) { return v.unchanged_since_ms != 0 ? v.unchanged_since_ms : v.fetched_at_ms; }
}  // namespace

Result<watch::StabilityTimeline> key_timeline(const std::vector<StoredResult>& versions, const StabilityWindow& window,
                                              std::size_t max_question_depth) {
  std::vector<std::int64_t> firsts;
  firsts.reserve(versions.size());
  for (const auto& v : versions) firsts.push_back(first_fetch_ms(v));
  watch::StabilityTimeline timeline;
  const auto range = watch::versions_in_window(firsts, window.from_ms, window.to_ms);
  for (std::size_t i = range.begin; i < range.end; ++i) {
    const StoredResult seen = as_seen_at(versions[i], window.to_ms);
    auto env = parse_stored_result(seen, max_question_depth);
    if (!env) return env.error();
    timeline.add_version({first_fetch_ms(seen), seen.fetched_at_ms}, env->result);
  }
  return timeline;
}

void for_each_stability_row(const watch::StabilityTimeline& timeline, const watch::OwnDomains& own,
                            const std::function<void(const watch::QuestionStability&, std::optional<watch::Owner>)>& visit) {
  for (const auto& q : timeline.questions()) {
    std::optional<watch::Owner> owner;
    if (!own.empty()) {
      // Its source now (none when it is gone), against every source it had before.
      const std::string_view now = q.present_now ? std::string_view(q.url) : std::string_view();
      owner = own.owner(now, q.urls);
    }
    visit(q, owner);
  }
}

Result<void> scan_timelines(StoreReader& store, const ExportRequest& request, const StabilityWindow& window,
                            ExportSummary& summary,
                            const std::function<Result<bool>(const StoredResult& current,
                                                             const watch::StabilityTimeline&)>& visit) {
  CallbackSink timelines([&](const ScannedResult& scanned) -> Result<bool> {
    const StoredResult& current = scanned.result;
    std::optional<std::vector<StoredResult>> own;
    const std::vector<StoredResult>* versions = scanned.versions;
    if (versions->empty()) versions = &own.emplace(1, current);  // a union of stores knows only the current one
    auto timeline = key_timeline(*versions, window, request.format.max_question_depth);
    if (!timeline) return timeline.error();
    if (timeline->versions() == 0) return true;  // stored after --to
    return visit(current, *timeline);
  });
  return scan_results(store, request, {.versions = true}, {&timelines}, summary);
}

}  // namespace paa::exporting
