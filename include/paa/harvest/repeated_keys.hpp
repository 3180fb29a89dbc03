#pragma once
// The keys a job lists more than once (check_job's sorted hashes) and which of them this run
// has already fed: 8 bytes and 1 bit per repeated key, nothing for the others, so a
// million-key job costs nothing here unless its keys repeat. Two distinct keys sharing a hash
// has a chance of about n^2 / 2^65 (3e-8 at a million keys); the cost would be one skipped key
// that the next run picks up, never a double payment.
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace paa {

class RepeatedKeys {
 public:
  // `sorted_hashes` must outlive this object.
  explicit RepeatedKeys(std::span<const std::uint64_t> sorted_hashes)
      : hashes_(sorted_hashes), fed_(sorted_hashes.size(), false) {}

  // False only for a repeated key that was offered before.
  bool first_time(std::uint64_t hash) {
    auto it = std::lower_bound(hashes_.begin(), hashes_.end(), hash);
    if (it == hashes_.end() || *it != hash) return true;  // listed once
    auto seen = fed_[static_cast<std::size_t>(it - hashes_.begin())];
    if (seen) return false;
    seen = true;
    return true;
  }

 private:
  std::span<const std::uint64_t> hashes_;
  std::vector<bool> fed_;
};

}  // namespace paa
