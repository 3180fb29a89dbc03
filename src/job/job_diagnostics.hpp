#pragma once
// A job file's errors: each with its "file:line:col: " prefix, all reported together in file
// order (as a compiler does): one run shows every mistake, not one mistake per run.
#include "paa/error.hpp"

#include <toml++/toml.h>

#include <string>
#include <string_view>
#include <vector>

namespace paa::job_toml {

// What a node is, as an error says it: "an integer", "a table".
const char* type_name(const toml::node& node);

class Diagnostics {
 public:
  explicit Diagnostics(std::string file) : file_(std::move(file)) {}

  const std::string& file() const { return file_; }
  std::size_t count() const { return entries_.size(); }

  std::string at(const toml::source_region& region) const;

  // Each records one error and returns false, so a reader can `return where.error(...)`.
  bool error_at(const toml::source_region& region, const std::string& what);
  bool error(const toml::node& node, const std::string& what) { return error_at(node.source(), what); }
  // An error of the whole file (no line): listed after those with one.
  bool error_in_file(const std::string& what) { return error_at(toml::source_region{}, what); }

  bool type_error(const toml::node& node, std::string_view key, std::string_view expected);

  // One error: its line, exactly. Several: one per line in file order, the first
  // kMaxJobFileErrors of them, then a count.
  Error to_error() const;

 private:
  struct Entry {
    toml::source_index line;
    toml::source_index column;
    std::string text;
  };
  std::string file_;
  std::vector<Entry> entries_;
};

}  // namespace paa::job_toml
