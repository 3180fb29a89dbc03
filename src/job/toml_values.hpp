#pragma once
// One key's value of a job file, checked and read: every reader reports its own errors to
// `where` and returns whether the value was good.
#include "job_diagnostics.hpp"

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace paa::job_toml {

// Reports every unknown key of `table`; returns the known keys the unknown ones were probably
// meant to be (a misspelt `querys` means the job has queries: no second error for their absence).
// `context` names the table ("[limits]"); "" for the file's top level.
std::vector<std::string_view> check_keys(Diagnostics& where, const toml::table& table,
                                         std::span<const std::string_view> known, std::string_view context);

// A section of the file, [name]: its table, with its unknown keys reported; nullptr (reported)
// when `node` is not a table.
const toml::table* open_section(Diagnostics& where, const toml::node& node, std::string_view name,
                                std::span<const std::string_view> known);

bool read_string(Diagnostics& where, const toml::node& node, std::string_view key, std::string& out);
// An array of strings: `expected` names it in the type error ("an array of strings"); each item
// that is a string is visited with its name ("key[i]"), the others reported.
void read_string_array(Diagnostics& where, const toml::node& node, std::string_view key, std::string_view expected,
                       const std::function<void(const toml::node& item, const std::string& name, std::string value)>& visit);
bool read_int(Diagnostics& where, const toml::node& node, std::string_view key, std::int64_t min,
              std::int64_t max, std::string_view range_hint, std::int64_t& out);
// An integer or a float, finite.
bool read_number(Diagnostics& where, const toml::node& node, std::string_view key, double& out);

// A number as an error shows it (what an ostream writes).
std::string format_number(double v);

// An environment variable's name: letters, digits and _, not beginning with a digit.
bool is_env_name(std::string_view s);

}  // namespace paa::job_toml
