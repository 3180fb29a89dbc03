#pragma once
// The lineage an export shows for a stored result (docs/exports.md "Lineage"), looked up per
// result: a point read per job that expanded, and one per parent or seed not seen lately.
#include "paa/error.hpp"
#include "paa/export/stored_tree.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace paa::exporting {

// Where an exported result's key came from: the level and, for a discovered key, the key that
// discovered it; `seed` is the level-0 key it descends from (itself at level 0).
struct ExportLineage {
  std::uint32_t level = 0;
  std::optional<KeySpelling> parent;  // nullopt at level 0
  KeySpelling seed;
  friend bool operator==(const ExportLineage&, const ExportLineage&) = default;
};

// A key no job discovered: level 0, no parent, its own seed.
ExportLineage own_lineage(const StoredResult& result);

// The jobs of the store that expanded (a level built, or keys of one admitted), in
// job_names() order.
Result<std::vector<std::string>> expanding_jobs(StoreReader& store);

class LineageLookup {
 public:
  // `job`: whose lineage; "" = the first job (in job_names() order) that discovered the key.
  static Result<LineageLookup> create(StoreReader& store, std::string_view job);

  // Level 0, no parent and itself as seed for a key none of those jobs discovered.
  Result<ExportLineage> of(const StoredResult& result);

  // The stored result's first-seen spelling of an encoded key, or, when the key has no stored
  // result, its decoded (normalised) fields. Recently used keys are cached.
  Result<KeySpelling> spelling(const std::string& encoded_key);

 private:
  LineageLookup(StoreReader& store, std::vector<std::string> jobs)
      : store_(&store), jobs_(std::move(jobs)) {}

  // Parents and seeds repeat (a parent's keys are consecutive in discovery order, a job has few
  // seeds), so a small cache saves most reads; cleared when full to keep memory bounded.
  static constexpr std::size_t kCacheCapacity = 4096;
  StoreReader* store_;
  std::vector<std::string> jobs_;
  std::unordered_map<std::string, KeySpelling> cache_;
};

}  // namespace paa::exporting
