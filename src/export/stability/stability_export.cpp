#include "paa/export/stability/stability_export.hpp"

#include "paa/export/csv_rows.hpp"
#include "paa/export/stored_tree.hpp"
#include "paa/export/pipeline/result_scan.hpp"
#include "paa/output/text.hpp"

namespace paa::exporting {

StabilityRows::StabilityRows(BufferedOutput& out, bool excel, const watch::OwnDomains& own, CsvText text)
    : out_(out), excel_(excel), text_(text), own_(own) {}

void StabilityRows::begin() {
  std::string header(kStabilityHeader);
  if (!own_.empty()) header += ",owner";
  begin_csv(out_, excel_, header);
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
