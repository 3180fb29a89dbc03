#pragma once
// The stores a reader command (export, map, get, diff, prune) reads: the folders it is given,
// checked and opened; several as one; one as it was at a point of its history; the job it names.
#include "paa/error.hpp"
#include "paa/model/query_key.hpp"
#include "paa/selection/nearest_keys.hpp"
#include "paa/store/point_in_time.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace paa {

class StoreUnion;

// A store folder that must exist (invalid_input, naming --store, otherwise).
Result<void> check_store_folder(const std::filesystem::path& dir);

// One --store, read-only (a secondary instance: works while `paa run` writes it).
Result<std::unique_ptr<StoreReader>> open_store(const std::filesystem::path& dir);

struct OpenedStores {
  std::unique_ptr<StoreReader> reader;
  StoreUnion* shards = nullptr;    // several stores: the union behind `reader`
  std::optional<PointInTime> at;   // --at: the point `reader` shows
  std::string name;                // "store 'DIR'" or "3 stores", for messages
  std::optional<std::filesystem::path> folder;  // one store: its folder (where its analysis is kept)
  // --analysis DIR: where the analysis of these stores is kept instead of `<store>/analysis`
  // (several stores, shards, have no folder of their own for it).
  std::optional<std::filesystem::path> analysis_dir;

  // Keys found in more than one of the stores (0 for one store).
  std::uint64_t overlapping_keys() const;
};

// Opens `dirs` as one reader: one store, or several (e.g. a job's shards) as a StoreUnion. Each
// must exist and be given once. `at` ("" = now): a run id or date, the versions current then
// (one store only). `job` ("" = none): must be a job of the stores.
Result<OpenedStores> open_stores(const std::vector<std::filesystem::path>& dirs, std::string_view at = {},
                                 std::string_view job = {});

// invalid_input when `job` is not a job of `store` (`stores_named` names it), listing its jobs.
Result<void> check_job(JobProgress& store, std::string_view job, std::string_view stores_named);

// The stored keys nearest to `wanted` (nearest_keys.hpp), for a message about a key the store
// does not hold.
Result<NearestKeys> nearest_stored(StoreReader& store, const QueryKey& wanted);

// The stored result of one key (get, map); not_found, naming the key and the store, when none.
Result<StoredResult> find_stored(StoreReader& store, const Query& query, const std::filesystem::path& dir);

}  // namespace paa
