#include "paa/export/xlsx/xlsx_export.hpp"

#include "paa/export/attributes.hpp"
#include "paa/export/lineage_lookup.hpp"
#include "paa/export/pipeline/analysis_sink.hpp"
#include "paa/export/pipeline/analysis_views.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/export/rows/stability_rows.hpp"
#include "paa/export/stored_tree.hpp"
#include "paa/watch/domain_answers.hpp"
#include "paa/watch/own_domains.hpp"

namespace paa::exporting {

Result<ExportSummary> export_store_xlsx(StoreReader& store, const ExportRequest& selection,
                                        const std::filesystem::path& file, const XlsxOptions& asked) {
  ExportRequest request = selection;
  if (auto catalogued = catalog_selection(store, request); !catalogued) return catalogued.error();
  const watch::OwnDomains& own = request.format.own_domains;
  XlsxOptions options = asked;
  options.attributes = request.format.attributes;
  options.own_domains = !own.empty();
  options.volumes = request.format.volumes;
  options.branding = request.format.branding;
  // The lineage of each key's Stability rows (no attributes there).
  auto stability_lineages = LineageLookup::create(store, request.job);
  if (!stability_lineages) return stability_lineages.error();
  auto workbook = XlsxWorkbook::create(file, options);
  if (!workbook) return workbook.error();
  ExportSummary summary;
  if (options.branding.logo_type == LogoType::svg) {
    summary.warnings.push_back("the workbook's About sheet shows no logo: a workbook cannot hold an SVG; give --logo a "
                               "PNG (the report embeds either)");
  }
  // The selection's unique questions: the kept analysis when current (the scan then reads the
  // trees for the Results sheets alone), else from the same scan (with the seeds' volumes when
  // some has one), not kept.
  std::optional<QuestionViews> kept = current_kept_views(request, summary);
  AnalysisSink analysis({.volumes = request.format.volumes, .progress = request.format.progress});
  // Each tree's rows with its lineage (level, parent_q and seed_q) and their attributes (its own,
  // or its seed's).
  CallbackSink tree_rows([&](const ScannedResult& scanned) -> Result<bool> {
    if (auto added = (*workbook)->add_result(scanned.result, *scanned.envelope, scanned.lineage); !added) {
      return added.error();
    }
    return true;
  });
  ScanNeeds needs = kept ? ScanNeeds{.tree = true, .lineage = true} : analysis.needs();
  needs.attributes = true;
  ResultSink* const both[] = {&tree_rows, &analysis};
  const std::span<ResultSink* const> sinks(both, kept ? 1 : 2);
  auto selected = scan_results(store, request, needs, sinks, summary);
  if (!selected) return selected.error();
  watch::DomainAnswers answers;  // the Domains sheet: a reducer of the same pass (the kept figures when kept)
  analysis::QuestionReducer* const more[] = {&answers};
  auto views = kept ? Result<QuestionViews>(std::move(*kept)) : analysis.finish(request.format.topics, more);
  if (!views) return views.error();
  progress_phase(request.format.progress, "writing the workbook's question sheets");
  auto added = for_each_question_row(*views, [&](const analysis::UniqueQuestion& row, const topics::QuestionGroup& group,
                                                 const topics::Topic& topic) {
    return (*workbook)->add_question(row, group, topic,
                                     own.empty() ? std::nullopt : std::optional<watch::Owner>(own.owner(row.url)));
  });
  if (!added) return added.error();
  for (std::uint32_t t = 0; t < views->topics->size(); ++t) {
    auto topic = views->topics->topic(t);
    if (!topic) return topic.error();
    if (auto written = (*workbook)->add_topic(*topic); !written) return written.error();
  }
  // What the topics did since the analysis before (docs/topics.md "A topic's identity"),
  // streamed: the topics are whole without it, so a trend that cannot be read is a note. A
  // failure to write the sheet is the workbook's.
  std::optional<Error> unwritten;
  auto trend = views->topics->for_each_change([&](const topics::TopicChange& c) -> Result<void> {
    auto written = (*workbook)->add_topic_change(c, views->topics->change_label(c));
    if (!written) unwritten = written.error();
    return written;
  });
  if (unwritten) return *unwritten;
  if (!trend) {
    summary.notes.push_back("the sheet 'Topic changes' stops short: what changed since the analysis before cannot be "
                            "read (" + trend.error().message + "); `paa analyze --full` computes it anew");
  }
  // Stability: each selected key's versions (up to --at), one key in memory at a time.
  ExportSummary rescanned;
  auto timelines = scan_timelines(store, request, request.window, rescanned,
                                  [&](const StoredResult& current, const watch::StabilityTimeline& timeline) -> Result<bool> {
                                    Result<void> written;
                                    std::optional<ExportLineage> lineage;  // looked up at the key's first row
                                    for_each_stability_row(timeline, own, [&](const watch::QuestionStability& q,
                                                                               std::optional<watch::Owner> owner) {
                                      if (!written) return;
                                      if (!lineage) {
                                        auto found = stability_lineages->of(current);
                                        if (!found) {
                                          written = found.error();
                                          return;
                                        }
                                        lineage = std::move(*found);
                                      }
                                      written = (*workbook)->add_stability(current, q, owner, *lineage);
                                    });
                                    if (!written) return written.error();
                                    return true;
                                  });
  if (!timelines) return timelines.error();
  auto domains = domain_rows(answers, *views, own);
  if (!domains) return domains.error();
  for (const auto& row : *domains) {
    if (auto written = (*workbook)->add_domain(row); !written) return written.error();
  }
  if (auto closed = (*workbook)->close(); !closed) return closed.error();
  summary.records = (*workbook)->tree_rows();
  summary.question_rows = (*workbook)->question_rows();
  summary.related_rows = (*workbook)->related_rows();
  for (auto& note : (*workbook)->notes()) summary.notes.push_back(std::move(note));
  return summary;
}

Result<ExportSummary> export_xlsx_file(StoreReader& store, const ExportRequest& request,
                                       const std::filesystem::path& file) {
  XlsxOptions options;
  options.dedupe = request.format.dedupe;
  if (request.rows_per_sheet > 0) options.rows_per_sheet = request.rows_per_sheet;
  return export_store_xlsx(store, request, file, options);
}

}  // namespace paa::exporting
