#pragma once
// A job's keys by how much their answers move (`paa status --json`, docs/watch.md "Per key"):
// how many versions each key has, its mean churn between consecutive versions in bands, and the
// latest change. Fed one KeyStability per key; a few counters whatever the job's size. Pure.
#include "paa/watch/question_stability.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace paa::watch {

struct StabilityDistribution {
  // Keys with 1, 2, ... versions; the last band is kVersionBands or more.
  static constexpr std::size_t kVersionBands = 10;
  // Mean churn bands: exactly 0, then up to 0.1, 0.25, 0.5 and 1 (a key with one version has none).
  static constexpr std::array<double, 4> kChurnLimits{0.1, 0.25, 0.5, 1.0};
  static constexpr std::array<std::string_view, 5> kChurnBands{"0", "0-0.1", "0.1-0.25", "0.25-0.5", "0.5-1"};

  std::uint64_t keys = 0;
  std::uint64_t keys_changed = 0;  // with two versions or more
  std::array<std::uint64_t, kVersionBands> versions{};  // [i]: keys with i + 1 versions
  std::array<std::uint64_t, 5> churn{};                  // keys_changed by mean churn band
  double churn_sum = 0;                                  // of the changed keys' mean churns
  std::optional<std::int64_t> last_change_ms;            // the latest change of any key

  void add(const KeyStability& key);
  std::optional<double> mean_churn() const;  // over the changed keys
};

}  // namespace paa::watch
