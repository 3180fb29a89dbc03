#pragma once
// The options the reader commands share, declared once: --store with one key --q/--hl/--gl/--city
// (get, map), --store alone (diff, prune), and --hl/--gl as filters (diff, export).
#include "paa/error.hpp"
#include "paa/model/query_key.hpp"
#include "paa/selection/stores.hpp"
#include "paa/store/store.hpp"

#include <CLI/CLI.hpp>

#include <string>

namespace paa::cli {

// --store DIR, required.
inline CLI::Option* add_store_option(CLI::App& app, std::string& store) {
  return app.add_option("--store", store, "Store folder (the one `paa run` writes to)")->required();
}

// One search in one store, as a job file spells the search.
struct StoredKeyOptions {
  std::string store;
  std::string q;
  std::string hl;
  std::string gl;
  std::string city;
};

// --store, --q, --hl and --gl (required) and --city.
inline void add_stored_key_options(CLI::App& app, StoredKeyOptions& key) {
  add_store_option(app, key.store);
  app.add_option("--q", key.q, "The search query")->required();
  app.add_option("--hl", key.hl, "Language code, e.g. en")->required();
  app.add_option("--gl", key.gl, "Country code, e.g. us")->required();
  app.add_option("--city", key.city, "City (optional)");
}

// The key the options name, normalised like a job's (invalid_input otherwise).
inline Result<Query> query_of(const StoredKeyOptions& key) { return make_query(key.q, key.hl, key.gl, key.city); }

// Its stored result: usage errors for the key or the folder, not_found when the store holds no
// such result.
inline Result<StoredResult> stored_result_of(const StoredKeyOptions& key) {
  auto query = query_of(key);
  if (!query) return query.error();
  auto reader = open_store(key.store);
  if (!reader) return reader.error();
  return find_stored(**reader, *query, key.store);
}

// --hl and --gl as filters: only this language, only this country (either or both).
inline void add_locale_options(CLI::App& app, std::string& hl, std::string& gl) {
  app.add_option("--hl", hl, "Only this language (e.g. en)");
  app.add_option("--gl", gl, "Only this country (e.g. us)");
}

}  // namespace paa::cli
