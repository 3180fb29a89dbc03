#include "paa/export/xlsx/xlsx_export.hpp"

#include "paa/export/attributes.hpp"
#include "paa/export/lineage_lookup.hpp"
#include "paa/analysis/question_pass.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/export/stability/stability_export.hpp"
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
  // Each tree's lineage (its rows' level, parent_q and seed_q), the attributes of its rows (its
  // own, or its seed's), and the seed its questions' hubs count.
  auto lineages = LineageLookup::create(store, request.job, request.attribute_jobs);
  if (!lineages) return lineages.error();
  // The lineage of each key's Stability rows (no attributes there).
  auto stability_lineages = LineageLookup::create(store, request.job);
  if (!stability_lineages) return stability_lineages.error();
  auto workbook = XlsxWorkbook::create(file, options);
  if (!workbook) return workbook.error();
  ExportSummary summary;
  analysis::QuestionPass pass;  // the selection's unique questions, from the same scan
  auto selected = scan_selection(store, request, summary, [&](const StoredResult& result) -> Result<bool> {
    auto env = parse_stored_result(result, request.format.max_question_depth);
    if (!env) return env.error();
    auto lineage = lineages->of(result);
    if (!lineage) return lineage.error();
    if (auto added = (*workbook)->add_result(result, *env, *lineage); !added) return added.error();
    analysis::TreeSeed seed;
    seed.root = lineage->seed_key;
    if (auto added = pass.add_tree(result, env->result.children, seed); !added) return added.error();
    return true;
  });
  if (!selected) return selected.error();
  watch::DomainAnswers answers;  // the Domains sheet: a reducer of the same pass
  analysis::QuestionReducer* const more[] = {&answers};
  auto views = analyse_questions(pass, request.format.topics, more);
  if (!views) return views.error();
  auto added = views->unique->for_each([&](const analysis::UniqueQuestion& row) -> Result<void> {
    auto group = views->groups->of(row.index);
    if (!group) return group.error();
    topics::Topic topic;
    topic.number = views->topics->topic_of(group->number);
    topic.id = views->topics->id(topic.number);
    topic.label = views->topics->label(topic.number);
    return (*workbook)->add_question(row, *group, topic);
  });
  if (!added) return added.error();
  for (std::uint32_t t = 0; t < views->topics->size(); ++t) {
    auto topic = views->topics->topic(t);
    if (!topic) return topic.error();
    if (auto written = (*workbook)->add_topic(*topic); !written) return written.error();
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
  summary.notes = (*workbook)->notes();
  return summary;
}

}  // namespace paa::exporting
