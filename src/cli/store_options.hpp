#pragma once
// The options the reader commands share, declared once: --store (get, map, diff, prune), one key
// --q/--hl/--gl/--city (get, map), and --hl/--gl as filters (diff, export).
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

// One search, as a job file spells it.
struct KeyOptions {
  std::string q;
  std::string hl;
  std::string gl;
  std::string city;
};

// --q, --hl and --gl (required) and --city: one stored key.
inline void add_key_options(CLI::App& app, KeyOptions& key) {
  app.add_option("--q", key.q, "The search query")->required();
  app.add_option("--hl", key.hl, "Language code, e.g. en")->required();
  app.add_option("--gl", key.gl, "Country code, e.g. us")->required();
  app.add_option("--city", key.city, "City (optional)");
}

// The key the options name, normalised like a job's (invalid_input otherwise).
inline Result<Query> query_of(const KeyOptions& key) { return make_query(key.q, key.hl, key.gl, key.city); }

// The stored result of the key the options name, in --store (get, map): usage errors for the
// key or the folder, not_found when the store holds no such result.
inline Result<StoredResult> stored_result_of(const std::string& store, const KeyOptions& key) {
  auto query = query_of(key);
  if (!query) return query.error();
  auto reader = open_store(store);
  if (!reader) return reader.error();
  return find_stored(**reader, *query, store);
}

// --hl and --gl as filters: only this language, only this country (either or both).
inline void add_locale_options(CLI::App& app, std::string& hl, std::string& gl) {
  app.add_option("--hl", hl, "Only this language (e.g. en)");
  app.add_option("--gl", gl, "Only this country (e.g. us)");
}

}  // namespace paa::cli
