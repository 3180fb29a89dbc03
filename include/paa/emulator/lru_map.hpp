#pragma once
// A bounded least-recently-used map with string keys. When full, inserting evicts the least recently used.
#include <cstddef>
#include <list>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace paa::emulator {

template <class V>
class LruMap {
 public:
  explicit LruMap(std::size_t capacity) : capacity_(capacity == 0 ? 1 : capacity) {}

  // Returns the value and marks it most recently used, or nullptr.
  V* find(std::string_view key) {
    auto it = index_.find(key);
    if (it == index_.end()) return nullptr;
    order_.splice(order_.begin(), order_, it->second);
    return &it->second->second;
  }

  void put(std::string_view key, V value) {
    if (V* existing = find(key)) {
      *existing = std::move(value);
      return;
    }
    if (index_.size() >= capacity_) {
      index_.erase(std::string_view(order_.back().first));
      order_.pop_back();
    }
    order_.emplace_front(std::string(key), std::move(value));
    // The view points into the list node, which never moves.
    index_.emplace(std::string_view(order_.front().first), order_.begin());
  }

  void erase(std::string_view key) {
    auto it = index_.find(key);
    if (it == index_.end()) return;
    auto node = it->second;
    index_.erase(it);
    order_.erase(node);
  }

  std::size_t size() const { return index_.size(); }

 private:
  using Node = std::pair<std::string, V>;
  std::size_t capacity_;
  std::list<Node> order_;  // front = most recently used
  std::unordered_map<std::string_view, typename std::list<Node>::iterator> index_;
};

}  // namespace paa::emulator
