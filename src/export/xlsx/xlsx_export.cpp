#include "paa/export/xlsx/xlsx_export.hpp"

#include "paa/export/questions/indexed_questions.hpp"
#include "paa/export/questions/question_tally.hpp"
#include "paa/export/stored_tree.hpp"

namespace paa::exporting {

Result<ExportSummary> export_store_xlsx(StoreReader& store, const ExportRequest& request,
                                        const std::filesystem::path& file, const XlsxOptions& options) {
  auto workbook = XlsxWorkbook::create(file, options);
  if (!workbook) return workbook.error();
  ExportSummary summary;
  QuestionTally tally;  // with a filter, the selection's own question index
  const bool filtered = request.questions_from_results();
  auto selected = scan_selection(store, request, summary, [&](const StoredResult& result) -> Result<bool> {
    auto env = parse_stored_result(result, request.format.max_question_depth);
    if (!env) return env.error();
    if (auto added = (*workbook)->add_result(result, *env); !added) return added.error();
    if (filtered) tally.add_tree(result, env->result.children);
    return true;
  });
  if (!selected) return selected.error();
  auto add_question = [&](const QuestionRow& row) { return (*workbook)->add_question(row); };
  if (filtered) {
    Result<void> added;
    tally.for_each_sorted([&](const QuestionRow& row) {
      if (added) added = add_question(row);
    });
    if (!added) return added.error();
  } else if (auto added = for_each_indexed_question(store, add_question); !added) {
    return added.error();
  }
  if (auto closed = (*workbook)->close(); !closed) return closed.error();
  summary.records = (*workbook)->tree_rows();
  summary.question_rows = (*workbook)->question_rows();
  summary.related_rows = (*workbook)->related_rows();
  summary.notes = (*workbook)->notes();
  return summary;
}

}  // namespace paa::exporting
