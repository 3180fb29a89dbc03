// queries and query_files: the job's searches, inline and in lists.
#include "job_sections.hpp"
#include "toml_values.hpp"

#include "paa/model/ascii.hpp"

#include <string>
#include <system_error>

namespace paa::job_toml {
namespace {

namespace fs = std::filesystem;

bool has_extension(const fs::path& path, std::string_view ext) {
  return lower_ascii(path.extension().string()) == ext;
}

}  // namespace

void read_queries(Diagnostics& where, const toml::node& node, std::vector<std::string>& out) {
  read_string_array(where, node, "queries", "an array of strings",
                    [&](const toml::node& item, const std::string& name, std::string q) {
                      auto cleaned = clean_text(q);
                      if (!cleaned) {
                        where.error(item, name + ": " + cleaned.error().message);
                      } else if (cleaned->empty()) {
                        where.error(item, name + " is empty; remove it");
                      } else {
                        out.push_back(std::move(q));
                      }
                    });
}

void read_query_files(Diagnostics& where, const toml::node& node, const fs::path& folder, QueryLists lists,
                      std::vector<fs::path>& out) {
  read_string_array(where, node, "query_files", "an array of file names",
                    [&](const toml::node& item, const std::string&, std::string relative) {
                      const fs::path resolved = folder / fs::path(relative);
                      std::error_code ec;
                      if (!has_extension(resolved, ".txt") && !has_extension(resolved, ".csv") &&
                          !has_extension(resolved, ".tsv")) {
                        where.error(item, "query file '" + relative +
                                              "' has an unsupported extension; expected .txt (one query per "
                                              "line), .csv or .tsv (a header naming the query column)");
                      } else if (lists == QueryLists::must_exist && !fs::is_regular_file(resolved, ec)) {
                        where.error(item, "query file '" + relative + "' not found (looked for " +
                                              resolved.string() + "); paths are relative to the job file's folder");
                      } else {
                        out.push_back(resolved);
                      }
                    });
}

}  // namespace paa::job_toml
