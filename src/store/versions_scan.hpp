#pragma once
// Internal: a scan of the current results that shows each key as another version of it
// (`scan_results_at`: the version current at a time), shared by the store's own reader and
// StoreReader's default. `version_of(current)` gives the version to show (nullopt: skip the
// key); its first error stops the scan and is what the scan returns.
#include "paa/error.hpp"
#include "paa/store/records.hpp"

#include <functional>
#include <optional>

namespace paa::store_detail {

template <class Scan, class VersionOf>
Result<void> scan_versions(Scan&& scan, VersionOf&& version_of, const std::function<bool(const StoredResult&)>& visit) {
  std::optional<Error> failed;
  auto scanned = scan([&](const StoredResult& current) {
    Result<std::optional<StoredResult>> then = version_of(current);
    if (!then) {
      failed = then.error();
      return false;
    }
    return !*then || visit(**then);
  });
  if (failed) return *failed;
  return scanned;
}

}  // namespace paa::store_detail
