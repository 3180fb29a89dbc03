#pragma once
// `paa export`, `paa topics` and `paa analyze`: one sequence for all three (the job file applied, the plan with every
// usage check, the stores opened, the view written), and what export says it wrote.
#include "paa/export/export_plan.hpp"

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace paa::app {

struct ExportRequest {
  std::string job_file;
  exporting::ExportOptions options;
  std::vector<std::filesystem::path> stores;
  std::string output;  // -o ("" or "-": standard output); `paa topics` has none
  std::string at;
  std::filesystem::path analysis;  // --analysis DIR ("" = none): where the stores' analysis is kept
  bool full = false;  // `paa analyze --full`: recomputed even when the kept one is current
  std::string progress = "auto";  // --progress: auto, bar, log, none (app/read_progress.hpp)
};

// Which command asks: `paa export` (the --format view, its summary on standard error),
// `paa topics` (the topics view's terminal summary on standard output, nothing said after), or
// `paa analyze` (the selection's analysis made current and kept, what it did on standard error).
enum class ExportCommand { export_view, topics_summary, analyze };

// --format's choices (the registry's listed views) and its help, for the command line.
std::vector<std::string> export_format_names();
std::string export_format_help();
// A flag's help ends with the views that take it, from the registry: "[formats: csv, questions]"
// (so help, man pages and docs/exports.md's table cannot drift: CliDoc.FlagFormats).
std::string export_formats_taking(std::uint32_t view_flag);

// Runs the command; returns the exit code (a failure's message printed by fail()).
int run_export(ExportRequest request, ExportCommand command);

// What a read would have the user know (the summary's notes, then its warnings) on `err`.
void print_notes(std::FILE* err, const exporting::ExportSummary& summary);

// The lines `paa export` prints on standard error once written (what was written where, notes and
// warnings, keys in more than one store, done keys without a result).
void print_export_summary(std::FILE* err, const std::string& output, const OpenedStores& stores,
                          const exporting::ExportPlan& plan, const exporting::ExportSummary& summary);

}  // namespace paa::app
