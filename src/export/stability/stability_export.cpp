#include "paa/export/stability/stability_export.hpp"

#include "paa/export/csv_rows.hpp"
#include "paa/export/stored_tree.hpp"
#include "paa/export/pipeline/result_scan.hpp"
#include "paa/output/text.hpp"

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

StabilityRows::StabilityRows(BufferedOutput& out, bool excel, const watch::OwnDomains& own, CsvText text)
    : out_(out), excel_(excel), text_(text), own_(own) {}

void StabilityRows::begin() {
  std::string header(kStabilityHeader);
  if (!own_.empty()) header += ",owner";
  begin_csv(out_, excel_, header);
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

void StabilityRows::add(const StoredResult& key, const watch::StabilityTimeline& timeline) {
  for_each_stability_row(timeline, own_, [&](const watch::QuestionStability& q, std::optional<watch::Owner> owner) {
    append_csv_key_columns(out_, text_, key.q, key.hl, key.gl, key.city);
    append_csv_fields(out_, text_, {q.question, format_rfc3339_ms(q.first_seen_ms), format_rfc3339_ms(q.last_seen_ms)});
    out_.put(',');
    append_decimal(out_, q.versions_seen);
    out_.put(',');
    append_decimal(out_, q.versions);
    out_.put(',');
    append_csv_fields(out_, text_, {q.present_now ? "true" : "false", watch::stability_status_name(q.status)});
    if (owner) {
      out_.put(',');
      append_csv_fields(out_, text_, {watch::owner_name(*owner)});
    }
    end_csv_row(out_, excel_);
    ++rows_;
  });
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

Result<ExportSummary> export_stability(StoreReader& store, const ExportRequest& request, BufferedOutput& out) {
  StabilityRows rows(out, request.format.excel, request.format.own_domains, csv_text(request.format.raw));
  rows.begin();
  ExportSummary summary;
  auto scanned = scan_timelines(store, request, request.window, summary,
                                [&](const StoredResult& current, const watch::StabilityTimeline& timeline) -> Result<bool> {
                                  rows.add(current, timeline);
                                  return !out.failed();
                                });
  if (!scanned) return scanned.error();
  if (auto flushed = out.flush(); !flushed) return flushed.error();
  summary.records = rows.rows();
  return summary;
}

}  // namespace paa::exporting
