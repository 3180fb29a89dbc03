#pragma once
// One style for every command-line error, whoever found it: "paa: <what> (<did you mean>)",
// exit 2 (usage). CLI11's own wording ("The following argument was not expected: --fromat") is
// turned into ours, with the closest option or command.
#include <CLI/CLI.hpp>

#include <string>

namespace paa::cli {

// The message for a parse error of `app` (the program) while `command` (the subcommand being
// parsed, or nullptr) was chosen: one line, no trailing newline.
std::string parse_error_message(const CLI::App& app, const CLI::App* command, const CLI::ParseError& e);

}  // namespace paa::cli
