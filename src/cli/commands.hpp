#pragma once
// Each subcommand lives in its own cmd_*.cpp: it registers its options on `app` and returns
// the function main() calls when that subcommand was chosen. The function returns the exit code.
#include "paa/app/command_failure.hpp"  // fail(), and the exit codes main returns

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <string_view>

namespace paa::cli {

struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

// How commands fail and end (paa/app/command_failure.hpp).
using app::fail;
using app::finish_stdout;
using app::usage_error;

Command add_check_command(CLI::App& app);
Command add_run_command(CLI::App& app);
Command add_status_command(CLI::App& app);
Command add_get_command(CLI::App& app);
Command add_export_command(CLI::App& app);
Command add_topics_command(CLI::App& app);  // cmd_topics.cpp
Command add_analyze_command(CLI::App& app);  // cmd_analyze.cpp
Command add_merge_command(CLI::App& app);
Command add_barrier_command(CLI::App& app);  // cmd_barrier.cpp
Command add_map_command(CLI::App& app);
Command add_diff_command(CLI::App& app);   // cmd_diff.cpp
Command add_prune_command(CLI::App& app);  // cmd_diff.cpp
Command add_brief_command(CLI::App& app);  // cmd_brief.cpp
Command add_notify_command(CLI::App& app);  // cmd_notify.cpp
// Hidden: `paa __describe-cli` prints the whole command line as JSON (man pages, completion).
Command add_describe_command(CLI::App& app);

}  // namespace paa::cli
