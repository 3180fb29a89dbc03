#pragma once
// The options the reader commands share, declared once: JOB or --store with one key
// --q/--hl/--gl/--city (get, map, brief), JOB or --store (diff, export, topics), --store alone
// (prune), and --hl/--gl as filters (diff, export, topics). What they select is app's
// (paa/app/store_selection.hpp).
#include "paa/app/store_selection.hpp"
#include "choice.hpp"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <optional>
#include <string>

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

// --q, --hl, --gl and --city, none required (a command that also takes something else than one
// key checks them itself).
struct KeyFlags {
  CLI::Option* q;
  CLI::Option* hl;
  CLI::Option* gl;
  CLI::Option* city;
};
inline KeyFlags add_key_flags(CLI::App& app, app::StoredKey& key) {
  return {app.add_option("--q", key.q, "The search query"), app.add_option("--hl", key.hl, "Language code, e.g. en"),
          app.add_option("--gl", key.gl, "Country code, e.g. us"), app.add_option("--city", key.city, "City (optional)")};
}

// JOB or --store, --q, --hl and --gl (required) and --city.
inline void add_stored_key_options(CLI::App& app, app::StoredKey& key) {
  add_job_argument(app, key.job_file, "A job file (TOML): read its store");
  add_store_or_job_option(app, key.store);
  const KeyFlags flags = add_key_flags(app, key);
  flags.q->required();
  flags.hl->required();
  flags.gl->required();
}

// --hl and --gl as filters: only this language, only this country (either or both).
inline void add_locale_options(CLI::App& app, std::string& hl, std::string& gl) {
  app.add_option("--hl", hl, "Only this language (e.g. en)");
  app.add_option("--gl", gl, "Only this country (e.g. us)");
}

// --resolution of the topics a command shows or keeps (docs/topics.md "Resolution").
inline CLI::Option* add_resolution_option(CLI::App& app, std::optional<double>& resolution) {
  return app.add_option("--resolution", resolution, "Higher = more, smaller topics; lower = fewer, broader (default 1)");
}

// --progress of a read-side command that may take long (docs/exports.md "Progress"): as `paa run`'s.
// --analysis DIR (docs/store.md "The kept analysis"): the folder that keeps the analysis of the
// stores read, for several stores (shards), which have no folder of their own for it.
inline CLI::Option* add_analysis_dir_option(CLI::App& app, std::filesystem::path& dir) {
  return app
      .add_option("--analysis", dir,
                  "Keep and read the analysis of several --store (e.g. a job's shards) in DIR (one store keeps its "
                  "own in its folder)")
      ->type_name("DIR");
}

inline CLI::Option* add_read_progress_option(CLI::App& app, std::string& progress) {
  return app
      .add_option("--progress", progress,
                  "Progress of long work: a bar on a terminal (auto), bar, log lines, or none; shown after 2 s")
      ->capture_default_str()
      ->transform(one_of({"auto", "bar", "log", "none"}));
}

}  // namespace paa::cli
