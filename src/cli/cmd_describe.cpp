// paa __describe-cli (hidden): the whole command line as JSON, read from the CLI11 definitions.
// The build renders the man pages and the bash completion from it (tools/clidoc.py).
#include "commands.hpp"

#include "paa/clidoc/describe.hpp"

namespace paa::cli {

Command add_describe_command(CLI::App& app) {
  Command c;
  c.app = clidoc::add_describe_command(app);
  c.run = [&app] {
    clidoc::print_describe_json(app);
    return finish_stdout();
  };
  return c;
}

}  // namespace paa::cli
