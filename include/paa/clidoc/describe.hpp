#pragma once
// The command line as data: every program's commands, options, positionals and descriptions as
// JSON, read straight from its CLI11 definition. tools/clidoc.py renders the man pages and the bash
// completion from it at build time, so a flag added to the CLI is in both without anyone writing it.
#include <CLI/CLI.hpp>

#include <boost/json/object.hpp>

#include <string>

namespace paa::clidoc {

// The hidden subcommand that prints describe_json(): `paa __describe-cli`.
inline constexpr const char* kDescribeCommand = "__describe-cli";

// {"name", "description", "footer", "options": [...], "positionals": [...], "subcommands": [...]}.
// An option: {"names": ["-o", "--output"], "flag": bool, "type": "TEXT", "validators": ["FILE"],
// "choices": ["a", "b"], "default": "", "required": bool, "repeatable": bool, "group", "description"}.
// A positional: {"name", "type", "validators", "choices", "required", "description"}.
// Hidden options and subcommands (an empty group), this one included, are left out.
boost::json::object describe(const CLI::App& app);

// describe() as one line of JSON.
std::string describe_json(const CLI::App& app);

// Prints describe_json(app) and a newline to standard output; false if it could not be written.
bool print_describe_json(const CLI::App& app);

// Adds the hidden `__describe-cli` subcommand; main() prints describe_json(app) when it was parsed.
CLI::App* add_describe_command(CLI::App& app);

}  // namespace paa::clidoc
