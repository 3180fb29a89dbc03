#pragma once
// `paa export` as a library (the CLI is src/cli/cmd_export.cpp): its flags checked into a plan
// before anything is read, then the plan written from the opened stores.
#include "paa/error.hpp"
#include "paa/export/export_request.hpp"
#include "paa/export/view_registry.hpp"
#include "paa/selection/stores.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace paa::exporting {

// The flags of `paa export` but --store and --at (selection/stores.hpp opens those).
struct ExportOptions {
  std::string format;
  std::string job;
  std::string hl;
  std::string gl;
  bool dedupe = false;
  bool excel = false;
  bool raw = false;  // --raw: CSV text cells as they are (no formula guard)
  bool force = false;
  std::optional<std::filesystem::path> output;  // nullopt = standard output (refused for xlsx)
  std::string partition_by;  // "" = one file; "hl,gl": a Hive-style folder at `output`
  std::string part_size;     // "" = kDefaultPartSize
  std::optional<double> resolution;  // the topics' (docs/topics.md); nullopt = 1
  std::string from;  // stability: RUN or DATE (docs/history.md "Points in time"); "" = the first version
  std::string to;    // stability: RUN or DATE; "" = now
  std::vector<std::string> domains;  // --domain (docs/watch.md "Your domains")
  std::string since;  // topics, topics-jsonl: RUN or DATE; "" = no comparison
  std::string title;             // --title (html, xlsx): the deliverable's own title (branding.hpp)
  std::filesystem::path logo;    // --logo FILE (html, xlsx): PNG or SVG, embedded
  std::uint32_t xlsx_rows_per_sheet = 0;  // 0 = Excel's limit; smaller only in tests
};

struct ExportPlan {
  const ViewRow* view = nullptr;  // the --format's row (view_registry.hpp)
  ExportRequest request;          // request.partition: --partition-by
  std::optional<std::filesystem::path> output;
  bool force = false;
  bool folder = false;   // the view's folder entry: --partition-by, or -o DIR/ for html's report folder
  std::string from, to;  // stability's window, resolved against the store's runs when written
  std::string since;     // topics' --since, likewise
};

// The options checked against the view's row (invalid_input naming the flag and the views that
// take it): a known format, -o for a file or a folder, --hl/--gl normalised, --domain parsed.
Result<ExportPlan> plan_export(const ExportOptions& options);

// The same for another view than options.format (`paa topics`: topics-summary), whose flags
// are checked as options.format's.
Result<ExportPlan> plan_export(const ExportOptions& options, std::string_view view);

// Writes the planned export of `stores` (open_stores, with the plan's job): to -o atomically, to
// standard output, as an xlsx workbook, or as a partitioned folder. An existing -o is untouched
// on failure.
Result<ExportSummary> write_export(const OpenedStores& stores, const ExportPlan& plan);

// `paa analyze`: the planned selection's analysis made current and kept (docs/store.md "The
// kept analysis"): computed unless the kept one is current (always with `full`). Its notes say
// which. invalid_input for a selection whose analysis is not kept (several stores, --at, a locale).
Result<ExportSummary> analyze_selection(const OpenedStores& stores, const ExportPlan& plan, bool full);

}  // namespace paa::exporting
