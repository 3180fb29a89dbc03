#include "paa/export/lineage_lookup.hpp"

#include "paa/model/query_key.hpp"

namespace paa::exporting {

ExportLineage own_lineage(const StoredResult& r) {
  ExportLineage lineage;
  lineage.seed = spelling_of(r);
  lineage.seed_key = r.key;
  return lineage;
}

Result<std::vector<std::string>> expanding_jobs(StoreReader& store) {
  auto names = store.job_names();
  if (!names) return names.error();
  std::vector<std::string> out;
  for (auto& name : *names) {
    auto state = store.expansion_state(name);
    if (!state) return state.error();
    if (state->expanded()) out.push_back(std::move(name));
  }
  return out;
}

Result<LineageLookup> LineageLookup::create(StoreReader& store, std::string_view job,
                                            std::vector<std::string> attribute_jobs) {
  if (job.empty()) {
    auto jobs = expanding_jobs(store);
    if (!jobs) return jobs.error();
    return LineageLookup(store, std::move(*jobs), std::move(attribute_jobs));
  }
  // A job that did not expand has no lineage to read: nothing is looked up for it.
  auto state = store.expansion_state(job);
  if (!state) return state.error();
  std::vector<std::string> jobs;
  if (state->expanded()) jobs.emplace_back(job);
  return LineageLookup(store, std::move(jobs), std::move(attribute_jobs));
}

Result<SeedAttributes> LineageLookup::own_attributes(const std::string& key) {
  for (const auto& job : attribute_jobs_) {
    auto entry = store_->progress(job, key);
    if (!entry) return entry.error();
    if (*entry && !(*entry)->attrs.empty()) return std::move((*entry)->attrs);
  }
  return SeedAttributes{};
}

Result<SeedAttributes> LineageLookup::seed_attributes(const std::string& job, const std::string& seed_key) {
  std::string cache_key = job;
  cache_key.push_back('\0');
  cache_key += seed_key;
  if (auto it = seed_cache_.find(cache_key); it != seed_cache_.end()) return it->second;
  auto entry = store_->progress(job, seed_key);
  if (!entry) return entry.error();
  SeedAttributes attrs = *entry ? std::move((*entry)->attrs) : SeedAttributes{};
  if (seed_cache_.size() >= kCacheCapacity) seed_cache_.clear();
  seed_cache_.emplace(std::move(cache_key), attrs);
  return attrs;
}

Result<ExportLineage> LineageLookup::of(const StoredResult& result) {
  ExportLineage out = own_lineage(result);
  const std::string* discovered_by = nullptr;
  for (const auto& job : jobs_) {
    auto found = store_->lineage(job, result.key);
    if (!found) return found.error();
    if (!*found) continue;
    const Lineage& l = **found;
    if (l.level == 0 || l.parent.empty()) break;
    out.level = l.level;
    auto parent = spelling(l.parent);
    if (!parent) return parent.error();
    out.parent = std::move(*parent);
    if (!l.seed.empty() && l.seed != result.key) {
      auto seed = spelling(l.seed);
      if (!seed) return seed.error();
      out.seed = std::move(*seed);
      out.seed_key = l.seed;
    }
    discovered_by = &job;
    break;
  }
  if (attribute_jobs_.empty()) return out;
  auto own = own_attributes(result.key);
  if (!own) return own.error();
  out.attrs = std::move(*own);
  if (!out.attrs.empty()) {
    out.attrs_key = result.key;
  } else if (discovered_by != nullptr && out.seed_key != result.key) {
    auto inherited = seed_attributes(*discovered_by, out.seed_key);
    if (!inherited) return inherited.error();
    out.attrs = std::move(*inherited);
    if (!out.attrs.empty()) out.attrs_key = out.seed_key;
  }
  return out;
}

Result<KeySpelling> LineageLookup::spelling(const std::string& encoded_key) {
  if (auto it = cache_.find(encoded_key); it != cache_.end()) return it->second;
  auto stored = store_->get(encoded_key);
  if (!stored) return stored.error();
  KeySpelling key;
  if (*stored) {
    key = spelling_of(**stored);
  } else if (auto decoded = decode_key(encoded_key)) {
    key = {decoded->q, decoded->hl, decoded->gl, decoded->city};
  } else {
    return make_error(errc::store_damaged, "the expansion names a key that cannot be decoded (" + decoded.error().message +
                      "); the store may be damaged");
  }
  if (cache_.size() >= kCacheCapacity) cache_.clear();
  cache_.emplace(encoded_key, key);
  return key;
}

}  // namespace paa::exporting
