#include "paa/app/store_selection.hpp"

#include "paa/job/job_file.hpp"
#include "paa/selection/stores.hpp"

#include <system_error>

namespace paa::app {

Result<void> apply_job_file(const std::string& job_file, std::vector<std::filesystem::path>& stores, std::string* job,
                            std::string_view command) {
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

Result<SelectedStore> open_selected_store(const std::string& job_file, const std::string& store, std::string* job,
                                          std::string_view command) {
  std::vector<std::filesystem::path> stores;
  if (!store.empty()) stores.push_back(store);
  if (auto applied = apply_job_file(job_file, stores, job, command); !applied) return applied.error();
  auto reader = open_store(stores.front());
  if (!reader) return reader.error();
  return SelectedStore{stores.front(), std::move(*reader)};
}

Result<Query> query_of(const StoredKey& key) { return make_query(key.q, key.hl, key.gl, key.city); }

Result<StoredResult> stored_result_of(const StoredKey& key, std::string_view command) {
  auto query = query_of(key);
  if (!query) return query.error();
  auto selected = open_selected_store(key.job_file, key.store, nullptr, command);
  if (!selected) return selected.error();
  return find_stored(*selected->reader, *query, selected->dir);
}

}  // namespace paa::app
