#include "paa/export/lineage_lookup.hpp"

#include "paa/model/query_key.hpp"

namespace paa::exporting {

ExportLineage own_lineage(const StoredResult& r) {
  ExportLineage lineage;
  lineage.seed = spelling_of(r);
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

Result<LineageLookup> LineageLookup::create(StoreReader& store, std::string_view job) {
  if (job.empty()) {
    auto jobs = expanding_jobs(store);
    if (!jobs) return jobs.error();
    return LineageLookup(store, std::move(*jobs));
  }
  // A job that did not expand has no lineage to read: nothing is looked up for it.
  auto state = store.expansion_state(job);
  if (!state) return state.error();
  std::vector<std::string> jobs;
  if (state->expanded()) jobs.emplace_back(job);
  return LineageLookup(store, std::move(jobs));
}

Result<ExportLineage> LineageLookup::of(const StoredResult& result) {
  for (const auto& job : jobs_) {
    auto found = store_->lineage(job, result.key);
    if (!found) return found.error();
    if (!*found) continue;
    const Lineage& l = **found;
    ExportLineage out;
    out.level = l.level;
    if (l.level == 0 || l.parent.empty()) {
      out.level = 0;
      out.seed = spelling_of(result);
      return out;
    }
    auto parent = spelling(l.parent);
    if (!parent) return parent.error();
    out.parent = std::move(*parent);
    if (l.seed.empty() || l.seed == result.key) {
      out.seed = spelling_of(result);
    } else {
      auto seed = spelling(l.seed);
      if (!seed) return seed.error();
      out.seed = std::move(*seed);
    }
    return out;
  }
  return own_lineage(result);
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
