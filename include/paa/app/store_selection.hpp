#pragma once
// Which store a reader command reads, from JOB and --store: the job file's store when no
// --store was given, its name as the job, and one key's stored result (get, map, brief).
#include "paa/error.hpp"
#include "paa/model/query_key.hpp"
#include "paa/store/store.hpp"

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace paa::app {

// What JOB says, applied: its store when no --store was given (one that does not exist yet is
// invalid_input, exit 2 like a --store folder that does not exist, naming `paa run`), and its name
// as the job unless `job` is set (nullptr: the command does not select by job). Neither JOB nor
// --store: invalid_input with an example naming `command`.
Result<void> apply_job_file(const std::string& job_file, std::vector<std::filesystem::path>& stores, std::string* job,
                            std::string_view command);

// The one store a command reads (diff, brief, get, map), opened: JOB and --store ("" = none)
// applied as above (`job` as apply_job_file's), the first of them opened for reading.
struct SelectedStore {
  std::filesystem::path dir;
  std::unique_ptr<StoreReader> reader;
};
Result<SelectedStore> open_selected_store(const std::string& job_file, const std::string& store, std::string* job,
                                          std::string_view command);

// One search in one store, as a job file spells the search.
struct StoredKey {
  std::string job_file;
  std::string store;
  std::string q;
  std::string hl;
  std::string gl;
  std::string city;
};

// The key the flags name, normalised like a job's (invalid_input otherwise).
Result<Query> query_of(const StoredKey& key);

// Its stored result: usage errors for the key or the folder, not_found when the store holds no
// such result.
Result<StoredResult> stored_result_of(const StoredKey& key, std::string_view command);

}  // namespace paa::app
