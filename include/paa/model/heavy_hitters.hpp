#pragma once
// The most frequent keys of a stream in O(capacity) memory: Metwally, Agrawal and El Abbadi's
// Space-Saving. While fewer than `capacity` keys were seen, counts are exact; after that a new
// key takes the place of the least counted one and inherits its count (its `error`), so a kept
// key's count is never below its true count and at most `error` above it, and every key whose
// true count exceeds total/capacity is kept. The term finder counts a store's n-grams so.
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

namespace paa {

template <class Key, class Hash = std::hash<Key>>
class HeavyHitters {
 public:
  struct Entry {
    Key key;
    std::uint64_t count = 0;  // an upper bound of the true count
    std::uint64_t error = 0;  // count - error is a lower bound
  };

  explicit HeavyHitters(std::size_t capacity) : capacity_(capacity == 0 ? 1 : capacity) {}

  void add(const Key& key) {
    ++total_;
    if (auto it = counts_.find(key); it != counts_.end()) {
      by_count_.erase({it->second.count, key});
      ++it->second.count;
      by_count_.insert({it->second.count, key});
      return;
    }
    std::uint64_t inherited = 0;
    if (counts_.size() >= capacity_) {
      auto least = by_count_.begin();
      inherited = least->first;
      counts_.erase(least->second);
      by_count_.erase(least);
    }
    counts_.emplace(key, Counted{inherited + 1, inherited});
    by_count_.insert({inherited + 1, key});
  }

  // The kept keys, most counted first (ties in key order).
  std::vector<Entry> entries() const {
    std::vector<Entry> out;
    out.reserve(counts_.size());
    for (auto it = by_count_.rbegin(); it != by_count_.rend(); ++it) {
      const auto& c = counts_.at(it->second);
      out.push_back(Entry{it->second, c.count, c.error});
    }
    return out;
  }
  // The key's count if kept (an upper bound), 0 otherwise.
  std::uint64_t count(const Key& key) const {
    auto it = counts_.find(key);
    return it == counts_.end() ? 0 : it->second.count;
  }
  std::uint64_t total() const { return total_; }
  std::size_t size() const { return counts_.size(); }

 private:
  struct Counted {
    std::uint64_t count = 0, error = 0;
  };
  std::size_t capacity_;
  std::uint64_t total_ = 0;
  std::unordered_map<Key, Counted, Hash> counts_;
  std::set<std::pair<std::uint64_t, Key>> by_count_;
};

}  // namespace paa
