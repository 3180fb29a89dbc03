// Placeholder until the 'check' command lands.
#include "commands.hpp"

#include <cstdio>

namespace paa::cli {
Command add_check_command(CLI::App& app) {
  Command c;
  c.app = app.add_subcommand("check", "(not yet available)");
  c.run = [] { return 2; };
  return c;
}
}  // namespace paa::cli
