#pragma once
// `paa map` minus the flag parsing: one stored tree as a standalone SVG mind map.
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>

namespace paa::exporting {

struct MapCommandOptions {
  std::filesystem::path store;
  std::string q;
  std::string hl;
  std::string gl;
  std::string city;
  bool force = false;
  std::optional<std::filesystem::path> output;  // nullopt = standard output
};

// Returns the exit code: kExitOk, or kExitUsage with a message on `err` (bad input, no store,
// the key not stored, the output not writable).
int run_map_command(const MapCommandOptions& options, std::FILE* err);

}  // namespace paa::exporting
