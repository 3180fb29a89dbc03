#include "paa/selection/stores.hpp"

#include "paa/model/clock.hpp"
#include "paa/selection/nearest_keys.hpp"
#include "paa/store/store_at_time.hpp"
#include "paa/store/store_union.hpp"

#include <optional>

namespace paa {

namespace fs = std::filesystem;

std::uint64_t OpenedStores::overlapping_keys() const { return shards ? shards->overlapping_keys() : 0; }

Result<void> check_store_folder(const fs::path& dir) {
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) {
    return make_error(errc::invalid_input,
                      "store '" + dir.string() + "' not found; pass --store the folder `paa run` writes to");
  }
  return {};
}

Result<std::unique_ptr<StoreReader>> open_store(const fs::path& dir) {
  if (auto found = check_store_folder(dir); !found) return found.error();
  return StoreReader::open(dir);
}

Result<OpenedStores> open_stores(const std::vector<fs::path>& dirs, std::string_view at, std::string_view job) {
  if (dirs.empty()) return make_error(errc::invalid_input, "no --store given");
  std::error_code ec;
  for (std::size_t i = 0; i < dirs.size(); ++i) {
    if (auto found = check_store_folder(dirs[i]); !found) return found.error();
    for (std::size_t j = 0; j < i; ++j) {
      if (fs::equivalent(dirs[i], dirs[j], ec)) {
        return make_error(errc::invalid_input,
                          "store '" + dirs[i].string() + "' is given twice; give each --store once");
      }
    }
  }
  OpenedStores opened;
  // One store, or several read as one (shards): the same reader either way.
  if (dirs.size() == 1) {
    auto store = StoreReader::open(dirs.front());
    if (!store) return store.error();
    opened.reader = std::move(*store);
    opened.name = "store '" + dirs.front().string() + "'";
    opened.folder = dirs.front();
  } else {
    auto shards = StoreUnion::open(dirs);
    if (!shards) return shards.error();
    opened.shards = shards->get();
    opened.reader = std::move(*shards);
    opened.name = std::to_string(dirs.size()) + " stores";
  }
  if (!at.empty()) {
    // The versions current then (docs/history.md): each store keeps its own history.
    if (opened.shards != nullptr) {
      return make_error(errc::invalid_input,
                        "--at reads one store's history (each shard store keeps its own): export the shard "
                        "stores one by one");
    }
    auto runs = opened.reader->runs();
    if (!runs) return runs.error();
    auto point = resolve_point(at, *runs, unix_now_ms());
    if (!point) return prefixed("--at: ", point.error());
    opened.reader = store_at_time(std::move(opened.reader), point->at_ms);
    opened.at = std::move(*point);
  }
  if (!job.empty()) {
    if (auto known = check_job(*opened.reader, job, opened.name); !known) return known.error();
  }
  return opened;
}

Result<void> check_job(JobProgress& store, std::string_view job, std::string_view stores_named) {
  auto jobs = store.job_names();
  if (!jobs) return jobs.error();
  std::string names;
  for (const auto& name : *jobs) {
    if (name == job) return {};
    names += (names.empty() ? "" : ", ") + name;
  }
  return make_error(errc::invalid_input, "no job '" + std::string(job) + "' in " + std::string(stores_named) +
                                             (names.empty() ? std::string("; it holds no jobs yet")
                                                            : "; its jobs are: " + names));
}

// Every key the store knows, once per job that has it (progress entries: keys only, no trees); a
// store without jobs (none recorded) is read through its results.
Result<NearestKeys> nearest_stored(StoreReader& store, const QueryKey& wanted) {
  NearestKeys nearest(wanted);
  auto jobs = store.job_names();
  if (!jobs) return jobs.error();
  std::optional<Error> failed;
  for (const auto& job : *jobs) {
    auto scanned = store.scan_progress(job, [&](std::string_view key, const ProgressEntry&) {
      auto decoded = decode_key(key);
      if (decoded) nearest.consider(*decoded);
      return true;
    });
    if (!scanned) return scanned.error();
  }
  if (jobs->empty()) {
    auto scanned = store.scan_results("", [&](const StoredResult& r) {
      auto decoded = decode_key(r.key);
      if (decoded) nearest.consider(*decoded);
      return true;
    });
    if (!scanned) return scanned.error();
  }
  return nearest;
}

Result<StoredResult> find_stored(StoreReader& store, const Query& query, const fs::path& dir) {
  auto stored = store.get(encode_key(query.key));
  if (!stored) return stored.error();
  if (*stored) return std::move(**stored);
  // The key as the user spelt it; the stored ones as they are keyed.
  std::string message = "no stored result for " + describe_key(QueryKey{query.q, query.hl, query.gl, query.city}) +
                        " in store '" + dir.string() +
                        "' (the key is normalised like a job's: case and spacing do not matter)";
  auto nearest = nearest_stored(store, query.key);
  if (!nearest) return nearest.error();
  if (nearest->best().empty()) {
    message += "; none of the keys it holds is close to it";
  } else {
    message += "; the nearest stored: ";
    for (std::size_t i = 0; i < nearest->best().size(); ++i) {
      message += (i == 0 ? "" : ", ") + describe_key(nearest->best()[i]);
    }
  }
  return make_error(errc::not_found, std::move(message));
}

}  // namespace paa
