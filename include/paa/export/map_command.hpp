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

// Returns the exit code: kExitOk, or the failure's (exit_code.hpp) with a message on `err`: 2
// for bad input or no store, 1 for a key not stored, a damaged store or an unwritable output.
int run_map_command(const MapCommandOptions& options, std::FILE* err);

}  // namespace paa::exporting
