#pragma once
// `paa export` minus the flag parsing: option checks, store opening, atomic -o, exit codes.
#include "paa/error.hpp"
#include "paa/output/atomic_file.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/output/sink.hpp"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace paa::exporting {

struct ExportCommandOptions {
  std::vector<std::filesystem::path> stores;  // more than one: exported as one (StoreUnion)
  std::string format;
  std::string job;
  std::string hl;
  std::string gl;
  bool dedupe = false;
  bool excel = false;
  bool force = false;
  std::optional<std::filesystem::path> output;  // nullopt = standard output (refused for xlsx)
  std::string partition_by;  // "" = one file; "hl,gl": a Hive-style folder at `output`
  std::string part_size;     // "" = kDefaultPartSize
  std::string at;            // "" = now; a run id or date: the store as it was then (one store)
  std::uint32_t xlsx_rows_per_sheet = 1048576;  // Excel's limit; smaller only in tests
};

// Returns the exit code (kExitOk, or the failure's exit code with a message on `err`).
int run_export_command(const ExportCommandOptions& options, std::FILE* err);

// The readers' commands (export, map): a store folder that must exist, and their failures
// ("paa: MESSAGE" on `err`; the exit code of the error's kind).
Result<void> check_store_folder(const std::filesystem::path& dir);
int report_failure(std::FILE* err, const Error& e);

}  // namespace paa::exporting
