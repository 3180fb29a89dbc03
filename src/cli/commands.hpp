#pragma once
// Each subcommand lives in its own cmd_*.cpp: it registers its options on `app` and returns
// the function main() calls when that subcommand was chosen. The function returns the exit code.
#include <CLI/CLI.hpp>

#include <functional>

namespace paa::cli {

struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

Command add_check_command(CLI::App& app);
Command add_run_command(CLI::App& app);
Command add_status_command(CLI::App& app);
Command add_get_command(CLI::App& app);
Command add_export_command(CLI::App& app);

}  // namespace paa::cli
