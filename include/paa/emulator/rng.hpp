#pragma once
// Small deterministic PRNG: the std distributions differ between standard libraries, so trees and fault
// plans are built from raw 64-bit draws that are the same everywhere for the same seed.
#include <cstdint>
#include <string_view>

namespace paa::emulator {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {  // splitmix64
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform-enough integer in [lo, hi] (modulo bias is irrelevant here).
  int between(int lo, int hi) { return lo + static_cast<int>(next() % static_cast<std::uint64_t>(hi - lo + 1)); }
  // Uniform double in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  bool chance(double p) { return p > 0 && unit() < p; }

 private:
  std::uint64_t state_;
};

// FNV-1a, folded with the previous hash so several strings can be combined unambiguously.
inline std::uint64_t hash_mix(std::uint64_t h, std::string_view s) {
  h ^= s.size() + 0x9E3779B97F4A7C15ull;
  h *= 0x100000001B3ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001B3ull;
  }
  return h;
}

}  // namespace paa::emulator
