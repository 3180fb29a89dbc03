// paa get [JOB] [--store DIR] --q Q --hl HL --gl GL [--city C]: prints one stored envelope, exactly as
// the service sent it, followed by a newline. Exit 1 when the store has no such result.
// Works while a run holds the store (a read-only secondary instance).
#include "commands.hpp"
#include "store_options.hpp"

#include <cstdio>
#include <memory>
#include <string>

namespace paa::cli {
namespace {

int run_get(const StoredKeyOptions& key) {
  auto stored = stored_result_of(key, "get");
  if (!stored) return fail(stored.error());
  const std::string& body = stored->body;
  std::fwrite(body.data(), 1, body.size(), stdout);
  if (body.empty() || body.back() != '\n') std::fputc('\n', stdout);
  return finish_stdout();
}

}  // namespace

Command add_get_command(CLI::App& app) {
  auto f = std::make_shared<StoredKeyOptions>();
  Command c;
  c.app = app.add_subcommand("get", "Print the stored result (JSON envelope) of one search");
  add_stored_key_options(*c.app, *f);
  c.run = [f] { return run_get(*f); };
  return c;
}

}  // namespace paa::cli
