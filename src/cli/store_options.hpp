#pragma once
// The options the reader commands share, declared once: JOB or --store with one key
// --q/--hl/--gl/--city (get, map), JOB or --store (diff, export), --store alone (prune), and --hl/--gl
// as filters (diff, export).
#include "paa/error.hpp"
#include "paa/job/job_file.hpp"
#include "paa/model/query_key.hpp"
#include "paa/selection/stores.hpp"
#include "paa/store/store.hpp"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace paa::cli {

// --store DIR, required.
inline CLI::Option* add_store_option(CLI::App& app, std::string& store) {
  return app.add_option("--store", store, "Store folder (the one `paa run` writes to)")->required();
}
// --store DIR, or the store of JOB.
inline CLI::Option* add_store_or_job_option(CLI::App& app, std::string& store) {
  return app.add_option("--store", store, "Store folder (default: JOB's store)");
}

// JOB, as `paa status JOB` and `paa run JOB` take it: the job file names the store to read
// (unless --store is given) and the job whose keys to read (unless --job is given).
inline CLI::Option* add_job_argument(CLI::App& app, std::string& job_file, const char* what) {
  return app.add_option("JOB", job_file, what);
}

// What JOB says, applied: its store when no --store was given (one that does not exist yet is
// invalid_input, exit 2 like a --store folder that does not exist, naming `paa run`), and its name as the job unless `job` is set (nullptr: the
// command does not select by job). Neither JOB nor --store: invalid_input with an example.
inline Result<void> apply_job_file(const std::string& job_file, std::vector<std::filesystem::path>& stores,
                                   std::string* job, std::string_view command) {
  if (job_file.empty()) {
    if (!stores.empty()) return {};
    return make_error(errc::invalid_input, std::string(command) + " needs a job file or --store DIR (e.g. `paa " +
                                               std::string(command) + " jobs/coffee.toml ...`)");
  }
  auto spec = load_job(job_file, QueryLists::may_be_gone);
  if (!spec) return spec.error();
  if (job != nullptr && job->empty()) *job = spec->name;
  if (stores.empty()) {
    std::error_code ec;
    if (!std::filesystem::exists(spec->store, ec)) {
      return make_error(errc::invalid_input, "job '" + spec->name + "' has no store yet ('" + spec->store.string() +
                                             "' does not exist); `paa run " + job_file + "` creates it");
    }
    stores.push_back(spec->store);
  }
  return {};
}

// One search in one store, as a job file spells the search.
struct StoredKeyOptions {
  std::string job_file;
  std::string store;
  std::string q;
  std::string hl;
  std::string gl;
  std::string city;
};

// --q, --hl, --gl and --city, none required (a command that also takes something else than one
// key checks them itself).
struct KeyFlags {
  CLI::Option* q;
  CLI::Option* hl;
  CLI::Option* gl;
  CLI::Option* city;
};
inline KeyFlags add_key_flags(CLI::App& app, StoredKeyOptions& key) {
  return {app.add_option("--q", key.q, "The search query"), app.add_option("--hl", key.hl, "Language code, e.g. en"),
          app.add_option("--gl", key.gl, "Country code, e.g. us"), app.add_option("--city", key.city, "City (optional)")};
}

// JOB or --store, --q, --hl and --gl (required) and --city.
inline void add_stored_key_options(CLI::App& app, StoredKeyOptions& key) {
  add_job_argument(app, key.job_file, "A job file (TOML): read its store");
  add_store_or_job_option(app, key.store);
  const KeyFlags flags = add_key_flags(app, key);
  flags.q->required();
  flags.hl->required();
  flags.gl->required();
}

// The key the options name, normalised like a job's (invalid_input otherwise).
inline Result<Query> query_of(const StoredKeyOptions& key) { return make_query(key.q, key.hl, key.gl, key.city); }

// Its stored result: usage errors for the key or the folder, not_found when the store holds no
// such result.
inline Result<StoredResult> stored_result_of(const StoredKeyOptions& key, std::string_view command) {
  auto query = query_of(key);
  if (!query) return query.error();
  std::vector<std::filesystem::path> stores;
  if (!key.store.empty()) stores.push_back(key.store);
  if (auto applied = apply_job_file(key.job_file, stores, nullptr, command); !applied) return applied.error();
  auto reader = open_store(stores.front());
  if (!reader) return reader.error();
  return find_stored(**reader, *query, stores.front());
}

// --hl and --gl as filters: only this language, only this country (either or both).
inline void add_locale_options(CLI::App& app, std::string& hl, std::string& gl) {
  app.add_option("--hl", hl, "Only this language (e.g. en)");
  app.add_option("--gl", gl, "Only this country (e.g. us)");
}

}  // namespace paa::cli
