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
                      std::vector<QueryFile>& out) {
  const toml::array* array = node.as_array();
  if (array == nullptr) {
    where.type_error(node, "query_files", "an array of file names");
    return;
  }
  for (std::size_t i = 0; i < array->size(); ++i) {
    const toml::node& item = *array->get(i);
    const std::string name = "query_files[" + std::to_string(i) + "]";
    std::string relative;
    std::string sheet;
    if (const toml::table* table = item.as_table()) {
      // { file = "kw.xlsx", sheet = "Keywords" }: a workbook's sheet other than its first.
      static constexpr std::string_view kKnown[] = {"file", "sheet"};
      check_keys(where, *table, kKnown, name);
      const toml::node* file = table->get("file");
      if (file == nullptr) {
        where.error(item, name + " has no `file`; write { file = \"list.xlsx\", sheet = \"Sheet1\" }");
        continue;
      }
      if (!read_string(where, *file, name + ".file", relative)) continue;
      if (const toml::node* s = table->get("sheet")) {
        if (!read_string(where, *s, name + ".sheet", sheet)) continue;
      }
    } else if (!read_string(where, item, name, relative)) {
      continue;
    }
    const fs::path resolved = folder / fs::path(relative);
    std::error_code ec;
    if (!has_extension(resolved, ".txt") && !has_extension(resolved, ".csv") && !has_extension(resolved, ".tsv") &&
        !has_extension(resolved, ".xlsx")) {
      where.error(item, "query file '" + relative +
                            "' has an unsupported extension; expected .txt (one query per line), .csv, .tsv or "
                            ".xlsx (a header naming the query column)");
    } else if (!sheet.empty() && !has_extension(resolved, ".xlsx")) {
      where.error(item, name + ": `sheet` is for an .xlsx workbook, and '" + relative + "' is none; remove it");
    } else if (lists == QueryLists::must_exist && !fs::is_regular_file(resolved, ec)) {
      where.error(item, "query file '" + relative + "' not found (looked for " + resolved.string() +
                            "); paths are relative to the job file's folder");
    } else {
      out.emplace_back(resolved, std::move(sheet));
    }
  }
}

}  // namespace paa::job_toml
