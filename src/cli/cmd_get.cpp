// Placeholder until the 'get' command lands.
#include "commands.hpp"

#include <cstdio>

namespace paa::cli {
Command add_get_command(CLI::App& app) {
  Command c;
  c.app = app.add_subcommand("get", "(not yet available)");
  c.run = [] {
    std::fputs("paa get: not yet available\n", stderr);
    return 2;
  };
  return c;
}
}  // namespace paa::cli
