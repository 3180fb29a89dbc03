#include "paa/export/xlsx/xlsx_export.hpp"

#include "paa/export/attributes.hpp"
#include "paa/export/lineage_lookup.hpp"
#include "paa/analysis/question_pass.hpp"
#include "paa/analysis/unique_questions.hpp"
#include "paa/export/stored_tree.hpp"

#include <optional>

namespace paa::exporting {

Result<ExportSummary> export_store_xlsx(StoreReader& store, const ExportRequest& selection,
                                        const std::filesystem::path& file, const XlsxOptions& asked) {
  ExportRequest request = selection;
  if (auto catalogued = catalog_selection(store, request); !catalogued) return catalogued.error();
  XlsxOptions options = asked;
  options.attributes = request.format.attributes;
  // The attributes of each tree's rows: its own, or its seed's.
  std::optional<LineageLookup> lineages;
  if (!request.attribute_jobs.empty()) {
    auto lookup = LineageLookup::create(store, request.job, request.attribute_jobs);
    if (!lookup) return lookup.error();
    lineages.emplace(std::move(*lookup));
  }
  auto workbook = XlsxWorkbook::create(file, options);
  if (!workbook) return workbook.error();
  ExportSummary summary;
  analysis::QuestionPass pass;  // the selection's unique questions, from the same scan
  auto selected = scan_selection(store, request, summary, [&](const StoredResult& result) -> Result<bool> {
    auto env = parse_stored_result(result, request.format.max_question_depth);
    if (!env) return env.error();
    SeedAttributes attrs;
    if (lineages) {
      auto lineage = lineages->of(result);
      if (!lineage) return lineage.error();
      attrs = std::move(lineage->attrs);
    }
    if (auto added = (*workbook)->add_result(result, *env, attrs); !added) return added.error();
    if (auto added = pass.add_tree(result, env->result.children); !added) return added.error();
    return true;
  });
  if (!selected) return selected.error();
  auto added = analysis::for_each_unique_question(
      pass, [&](const analysis::UniqueQuestion& row) { return (*workbook)->add_question(row); });
  if (!added) return added.error();
  if (auto closed = (*workbook)->close(); !closed) return closed.error();
  summary.records = (*workbook)->tree_rows();
  summary.question_rows = (*workbook)->question_rows();
  summary.related_rows = (*workbook)->related_rows();
  summary.notes = (*workbook)->notes();
  return summary;
}

}  // namespace paa::exporting
