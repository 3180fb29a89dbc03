#pragma once
// The lineage an export shows for a stored result (docs/exports.md "Lineage"), looked up per
// result: a point read per job that expanded, and one per parent or seed not seen lately.
#include "paa/error.hpp"
#include "paa/export/stored_tree.hpp"
#include "paa/model/seed_attributes.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace paa::exporting {

// Where an exported result's key came from: the level and, for a discovered key, the key that
// discovered it; `seed` is the level-0 key it descends from (itself at level 0), `seed_key` its
// encoded key. `attrs`: the attributes it carries (docs/exports.md "Attributes"), when the lookup
// was asked for them, and `attrs_key` the key whose list row gave them (the key itself, or its
// seed): the seed a questions export counts the volume of.
struct ExportLineage {
  std::uint32_t level = 0;
  std::optional<KeySpelling> parent;  // nullopt at level 0
  KeySpelling seed;
  std::string seed_key;
  SeedAttributes attrs;
  std::string attrs_key;  // "" when attrs is empty
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
  // `attribute_jobs`: the jobs whose progress entries hold attributes (AttributeCatalog::jobs);
  // none: no attributes are looked up.
  static Result<LineageLookup> create(StoreReader& store, std::string_view job,
                                      std::vector<std::string> attribute_jobs = {});

  // Level 0, no parent and itself as seed for a key none of those jobs discovered. The
  // attributes: the key's own in the first of `attribute_jobs` whose entry has some; else, for a
  // discovered key, its seed's in the job that discovered it.
  Result<ExportLineage> of(const StoredResult& result);

  // The stored result's first-seen spelling of an encoded key, or, when the key has no stored
  // result, its decoded (normalised) fields. Recently used keys are cached.
  Result<KeySpelling> spelling(const std::string& encoded_key);

 private:
  LineageLookup(StoreReader& store, std::vector<std::string> jobs, std::vector<std::string> attribute_jobs)
      : store_(&store), jobs_(std::move(jobs)), attribute_jobs_(std::move(attribute_jobs)) {}

  Result<SeedAttributes> own_attributes(const std::string& key);
  Result<SeedAttributes> seed_attributes(const std::string& job, const std::string& seed_key);

  // Parents and seeds repeat (a parent's keys are consecutive in discovery order, a job has few
  // seeds), so a small cache saves most reads; cleared when full to keep memory bounded.
  static constexpr std::size_t kCacheCapacity = 4096;
  StoreReader* store_;
  std::vector<std::string> jobs_;
  std::vector<std::string> attribute_jobs_;
  std::unordered_map<std::string, KeySpelling> cache_;
  std::unordered_map<std::string, SeedAttributes> seed_cache_;  // job + 0x00 + seed key
};

}  // namespace paa::exporting
