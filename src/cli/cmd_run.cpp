// Placeholder until the 'run' command lands.
#include "commands.hpp"

#include <cstdio>

namespace paa::cli {
Command add_run_command(CLI::App& app) {
  Command c;
  c.app = app.add_subcommand("run", "(not yet available)");
  c.run = [] {
    std::fputs("paa run: not yet available\n", stderr);
    return 2;
  };
  return c;
}
}  // namespace paa::cli
