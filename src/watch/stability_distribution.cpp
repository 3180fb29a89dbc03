#include "paa/watch/stability_distribution.hpp"

#include <algorithm>

namespace paa::watch {

void StabilityDistribution::add(const KeyStability& key) {
  if (key.versions == 0) return;
  ++keys;
  ++versions[std::min<std::size_t>(key.versions, kVersionBands) - 1];
  if (!key.mean_churn) return;
  ++keys_changed;
  churn_sum += *key.mean_churn;
  std::size_t band = 0;
  if (*key.mean_churn > 0) {
    band = 1;
    while (band < kChurnLimits.size() && *key.mean_churn > kChurnLimits[band - 1]) ++band;
  }
  ++churn[band];
  if (key.last_change_ms && (!last_change_ms || *key.last_change_ms > *last_change_ms)) last_change_ms = key.last_change_ms;
}

std::optional<double> StabilityDistribution::mean_churn() const {
  if (keys_changed == 0) return std::nullopt;
  return churn_sum / static_cast<double>(keys_changed);
}

}  // namespace paa::watch
