// Job file loading: the file read and parsed, its top-level keys, then each section through its
// reader (job_sections.hpp). TOML via toml++, which only the job module's own files include.
#include "paa/job/job_file.hpp"

#include "job_diagnostics.hpp"
#include "job_sections.hpp"
#include "toml_values.hpp"

#include "paa/model/duration.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>

namespace paa {
namespace {

namespace fs = std::filesystem;
using job_toml::Diagnostics;
using job_toml::is_env_name;
using job_toml::read_string;

constexpr std::string_view kTopKeys[] = {"name",    "store",       "base_url", "api_key_env",
                                         "queries", "query_files", "locales",  "limits",
                                         "expand",  "refresh_after", "notify", "analysis"};

// The file's text, or why it cannot be read.
Result<std::string> read_job_text(const fs::path& file, const std::string& display) {
  std::error_code status_error;
  if (fs::is_directory(file, status_error)) {
    return make_error(errc::invalid_input, display + ": is a folder; give the path of a job file (.toml)");
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    return make_error(errc::invalid_input, display + ": cannot read the job file: " + std::strerror(errno) +
                      "; check the path");
  }
  std::ostringstream content;
  content << in.rdbuf();
  if (in.bad()) return make_error(errc::invalid_input, display + ": cannot read the job file: " + std::strerror(errno));
  return std::move(content).str();
}

// name: the job's name, by default the file's stem; it names the default store file.
void read_name(Diagnostics& where, const toml::table& root, JobSpec& spec) {
  const auto is_bad_name = [](const std::string& name) {
    for (char c : name) {
      if (c == '/' || c == '\\' || static_cast<unsigned char>(c) < 0x20) return true;
    }
    return false;
  };
  const auto bad_name = [](const std::string& name) {
    return "name '" + name + "' cannot contain '/', '\\' or control characters; it names the default store file";
  };
  if (const toml::node* n = root.get("name")) {
    if (std::string name; read_string(where, *n, "name", name)) {
      if (name.empty()) {
        where.error(*n, "name is empty; give the job a name or remove the key");
      } else if (is_bad_name(name)) {
        where.error(*n, bad_name(name));
      } else {
        spec.name = std::move(name);
      }
    }
  } else if (is_bad_name(spec.name)) {
    where.error_in_file(bad_name(spec.name));
  }
}

// store: resolved against the job file's folder; by default NAME.db there.
void read_store(Diagnostics& where, const toml::table& root, const fs::path& folder, JobSpec& spec) {
  spec.store = folder / (spec.name + ".db");
  if (const toml::node* n = root.get("store")) {
    if (std::string store; read_string(where, *n, "store", store)) {
      if (store.empty()) {
        where.error(*n, "store is empty; give a path like \"coffee.db\" or remove the key");
      } else {
        spec.store = (folder / fs::path(store)).lexically_normal();
      }
    }
  }
}

// base_url and api_key_env: where the service is and which variable holds its key.
void read_service(Diagnostics& where, const toml::table& root, JobSpec& spec) {
  if (const toml::node* n = root.get("base_url")) {
    if (read_string(where, *n, "base_url", spec.base_url) && spec.base_url.rfind("https://", 0) != 0 &&
        spec.base_url.rfind("http://", 0) != 0) {
      where.error(*n, "base_url '" + spec.base_url + "' must start with https:// (or http://), like \"https://host/api\"");
    }
  }

  if (const toml::node* n = root.get("api_key_env")) {
    // "{shard}" stands for the shard index (docs/scaling-out.md): PAA_KEY_{shard} -> PAA_KEY_2.
    if (read_string(where, *n, "api_key_env", spec.api_key_env) &&
        !is_env_name(shard_key_env(spec.api_key_env, Shard{}))) {
      where.error(*n, "api_key_env '" + spec.api_key_env +
                          "' is not an environment variable name; use letters, digits and _ (and {shard} "
                          "for the shard index), "
                          "like \"PAA_API_KEY\" (the key itself never goes in the file)");
    }
  }
}

// queries and query_files. True when something about them was already reported: then "job has
// no queries" would only repeat it.
bool read_searches(Diagnostics& where, const toml::table& root, const fs::path& folder, QueryLists lists,
                   JobSpec& spec) {
  const std::size_t errors_before = where.count();
  if (const toml::node* n = root.get("queries")) job_toml::read_queries(where, *n, spec.queries);
  if (const toml::node* n = root.get("query_files")) {
    job_toml::read_query_files(where, *n, folder, lists, spec.query_files);
  }
  return where.count() != errors_before;
}

// locales, which a job must have (unless their errors or a misspelt key already said so).
void read_job_locales(Diagnostics& where, const toml::table& root, bool misspelt, JobSpec& spec) {
  const std::size_t errors_before_locales = where.count();
  const toml::node* locales = root.get("locales");
  if (locales != nullptr) job_toml::read_locales(where, *locales, spec.locales);
  if (spec.locales.empty() && where.count() == errors_before_locales && !misspelt) {
    const std::string msg = "job has no locales; add `locales = [{ hl = \"en\", gl = \"us\" }]`";
    if (locales != nullptr) {
      where.error(*locales, msg);
    } else {
      where.error_in_file(msg);
    }
  }
}

void read_refresh_after(Diagnostics& where, const toml::table& root, JobSpec& spec) {
  if (const toml::node* n = root.get("refresh_after")) {
    if (std::string text; read_string(where, *n, "refresh_after", text)) {
      if (auto ms = parse_duration(text); !ms) {
        where.error(*n, "refresh_after: " + ms.error().message);
      } else {
        spec.refresh_after_ms = *ms;
      }
    }
  }
}

}  // namespace

Result<JobSpec> load_job(const fs::path& file, QueryLists lists) {
  const std::string display = file.string();
  Result<std::string> content = read_job_text(file, display);
  if (!content) return content.error();

  Diagnostics where(display);
  toml::table root;
  try {
    root = toml::parse(*content, display);
  } catch (const toml::parse_error& e) {
    // toml++ stops at the first syntax error: the other checks need the parsed file.
    return make_error(errc::invalid_input, where.at(e.source()) + "invalid TOML: " + std::string(e.description()) +
                                               " (a syntax error stops the check; fix it to see any other errors)");
  }

  const std::vector<std::string_view> meant = job_toml::check_keys(where, root, kTopKeys, "");
  const auto misspelt = [&](std::string_view key) { return std::find(meant.begin(), meant.end(), key) != meant.end(); };

  JobSpec spec;
  spec.file = file;
  const fs::path folder = file.parent_path();
  spec.name = file.stem().string();
  read_name(where, root, spec);
  read_store(where, root, folder, spec);
  read_service(where, root, spec);
  const bool queries_reported =
      read_searches(where, root, folder, lists, spec) || misspelt("queries") || misspelt("query_files");
  read_job_locales(where, root, misspelt("locales"), spec);
  if (const toml::node* n = root.get("limits")) job_toml::read_limits(where, *n, spec.limits);
  if (const toml::node* n = root.get("expand")) job_toml::read_expand(where, *n, spec.expand);
  read_refresh_after(where, root, spec);
  if (const toml::node* n = root.get("notify")) job_toml::read_notify(where, *n, spec.notify);
  if (const toml::node* n = root.get("analysis")) job_toml::read_analysis(where, *n, spec.analysis_after_run);

  if (spec.queries.empty() && spec.query_files.empty() && !queries_reported) {
    where.error_in_file("job has no queries; add `queries = [\"...\"]` or `query_files = [\"list.txt\"]`");
  }
  if (where.count() > 0) return where.to_error();
  return spec;
}

}  // namespace paa
