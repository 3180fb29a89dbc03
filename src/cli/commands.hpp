#pragma once
// Each subcommand lives in its own cmd_*.cpp: it registers its options on `app` and returns
// the function main() calls when that subcommand was chosen. The function returns the exit code.
#include "paa/error.hpp"
#include "paa/exit_code.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <functional>
#include <string>
#include <string_view>

namespace paa::cli {

struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

// Every command fails through here: "paa: MESSAGE" on stderr, and the exit code of the error's
// kind (exit_code.hpp): `return fail(...)`.
inline int fail(const Error& e) {
  std::fprintf(stderr, "paa: %s\n", e.message.c_str());
  return exit_code_for(e);
}
// A command line or input the user must fix (exit 2).
inline Error usage_error(std::string message) { return make_error(errc::invalid_input, std::move(message)); }

Command add_check_command(CLI::App& app);
Command add_run_command(CLI::App& app);
Command add_status_command(CLI::App& app);
Command add_get_command(CLI::App& app);
Command add_export_command(CLI::App& app);
Command add_merge_command(CLI::App& app);
Command add_map_command(CLI::App& app);
Command add_diff_command(CLI::App& app);   // cmd_diff.cpp
Command add_prune_command(CLI::App& app);  // cmd_diff.cpp
// Hidden: `paa __describe-cli` prints the whole command line as JSON (man pages, completion).
Command add_describe_command(CLI::App& app);

}  // namespace paa::cli
