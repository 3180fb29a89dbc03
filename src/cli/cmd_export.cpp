// Placeholder until the 'export' command lands.
#include "commands.hpp"

#include <cstdio>

namespace paa::cli {
Command add_export_command(CLI::App& app) {
  Command c;
  c.app = app.add_subcommand("export", "(not yet available)");
  c.run = [] {
    std::fputs("paa export: not yet available\n", stderr);
    return 2;
  };
  return c;
}
}  // namespace paa::cli
