// The records' own rules (paa/store/records.hpp): pure, no store.
#include "paa/store/records.hpp"

namespace paa {

StoredResult as_seen_at(StoredResult version, std::int64_t at_ms) {
  if (at_ms < version.fetched_at_ms && version.unchanged_since_ms < version.fetched_at_ms) {
    version.fetched_at_ms = version.unchanged_since_ms;
    version.run_id = version.first_run_id;
    version.cached = version.first_cached;
  }
  return version;
}

}  // namespace paa
