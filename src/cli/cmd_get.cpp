// paa get [JOB] [--store DIR] --q Q --hl HL --gl GL [--city C]: prints one stored envelope, exactly as
// the service sent it, followed by a newline. Exit 1 when the store has no such result.
// Works while a run holds the store (a read-only secondary instance). The body is app::run_get.
#include "commands.hpp"
#include "store_options.hpp"

#include "paa/app/key_commands.hpp"

#include <memory>

namespace paa::cli {

Command add_get_command(CLI::App& app) {
  auto f = std::make_shared<app::StoredKey>();
  Command c;
  c.app = app.add_subcommand("get", "Print the stored result (JSON envelope) of one search");
  add_stored_key_options(*c.app, *f);
  c.run = [f] { return app::run_get(*f); };
  return c;
}

}  // namespace paa::cli
