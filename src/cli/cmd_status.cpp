// Placeholder until the 'status' command lands.
#include "commands.hpp"

#include <cstdio>

namespace paa::cli {
Command add_status_command(CLI::App& app) {
  Command c;
  c.app = app.add_subcommand("status", "(not yet available)");
  c.run = [] {
    std::fputs("paa status: not yet available\n", stderr);
    return 2;
  };
  return c;
}
}  // namespace paa::cli
