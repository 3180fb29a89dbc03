#pragma once
// `xlsx`: the selection as a workbook (xlsx_workbook.hpp), written to a file by name.
#include "paa/error.hpp"
#include "paa/export/export_request.hpp"
#include "paa/export/xlsx/xlsx_workbook.hpp"
#include "paa/store/store.hpp"

#include <filesystem>

namespace paa::exporting {

// The workbook of the selection, written to `file`. Without --job/--hl/--gl (and for one store,
// now) "Unique questions" comes from the store's question index, like `questions`; otherwise
// the selection's own questions are counted in memory. "Stability" reads the selection again,
// each key's versions up to request.window.to_ms (--at) as `--format stability` does; "Domains"
// is a reducer of the questions' analysis pass, as `--format domains`.
Result<ExportSummary> export_store_xlsx(StoreReader& store, const ExportRequest& request,
                                        const std::filesystem::path& file, const XlsxOptions& options);

// The same as the registry's file entry (view_registry.hpp): the workbook's options from the
// request (--dedupe, request.rows_per_sheet).
Result<ExportSummary> export_xlsx_file(StoreReader& store, const ExportRequest& request,
                                       const std::filesystem::path& file);

}  // namespace paa::exporting
