#pragma once
// Each subcommand lives in its own cmd_*.cpp: it registers its options on `app` and returns
// the function main() calls when that subcommand was chosen. The function returns the exit code.
#include "paa/error.hpp"
#include "paa/exit_code.hpp"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>

namespace paa::cli {

struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

// Every command fails through here: "paa: MESSAGE" on stderr (each line of a message that lists
// several errors, a job file's, gets the prefix), and the exit code of the error's kind
// (exit_code.hpp): `return fail(...)`.
inline int fail(const Error& e) {
  std::string_view rest = e.message;
  do {
    const std::size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    std::fprintf(stderr, "paa: %.*s\n", static_cast<int>(line.size()), line.data());
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
  } while (!rest.empty());
  return exit_code_for(e);
}
// The end of a command that printed to standard output: what stdio could not write (a full
// disk, a closed pipe) is a failure (exit 1), never a silent success.
inline int finish_stdout() {
  if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
    const int err = errno;
    return fail(make_error(boost::system::error_code(err, boost::system::system_category()),
                           std::string("cannot write to standard output: ") + std::strerror(err)));
  }
  return kExitOk;
}

// A command line or input the user must fix (exit 2).
inline Error usage_error(std::string message) { return make_error(errc::invalid_input, std::move(message)); }

Command add_check_command(CLI::App& app);
Command add_run_command(CLI::App& app);
Command add_status_command(CLI::App& app);
Command add_get_command(CLI::App& app);
Command add_export_command(CLI::App& app);
Command add_topics_command(CLI::App& app);  // cmd_topics.cpp
Command add_merge_command(CLI::App& app);
Command add_map_command(CLI::App& app);
Command add_diff_command(CLI::App& app);   // cmd_diff.cpp
Command add_prune_command(CLI::App& app);  // cmd_diff.cpp
Command add_brief_command(CLI::App& app);  // cmd_brief.cpp
// Hidden: `paa __describe-cli` prints the whole command line as JSON (man pages, completion).
Command add_describe_command(CLI::App& app);

}  // namespace paa::cli
