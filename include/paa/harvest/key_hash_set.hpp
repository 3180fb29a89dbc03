#pragma once
// The keys a run has already taken, as 64-bit hashes in one flat open-addressing table:
// 16 bytes per key at 1,000,000 keys, no per-key allocation. Two distinct keys sharing a hash
// has a chance of about n^2 / 2^65 (3e-8 at a million keys); the cost would be one skipped key
// that the next run picks up, never a double payment.
#include <cstdint>
#include <vector>

namespace paa {

class KeyHashSet {
 public:
  explicit KeyHashSet(std::uint64_t expected) {
    std::uint64_t cap = 1024;
    while (cap < expected * 2) cap <<= 1;
    slots_.assign(cap, 0);
  }
  // Inserts; returns false if it was already there.
  bool insert(std::uint64_t h) {
    if (h == 0) h = 1;  // 0 marks an empty slot
    if ((size_ + 1) * 2 > slots_.size()) grow();
    return place(slots_, h);
  }
  std::uint64_t size() const { return size_; }

 private:
  bool place(std::vector<std::uint64_t>& table, std::uint64_t h) {
    const std::uint64_t mask = table.size() - 1;
    for (std::uint64_t i = h & mask;; i = (i + 1) & mask) {
      if (table[i] == h) return false;
      if (table[i] == 0) {
        table[i] = h;
        ++size_;
        return true;
      }
    }
  }
  void grow() {
    std::vector<std::uint64_t> bigger(slots_.size() * 2, 0);
    size_ = 0;
    for (auto h : slots_) {
      if (h != 0) place(bigger, h);
    }
    slots_.swap(bigger);
  }
  std::vector<std::uint64_t> slots_;
  std::uint64_t size_ = 0;
};

}  // namespace paa
