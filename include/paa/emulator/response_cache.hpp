#pragma once
// Which (q, hl, gl, city) were answered recently: a repeat within the TTL is served with cached=true.
#include "paa/emulator/lru_map.hpp"
#include "paa/emulator/quota_book.hpp"

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace paa::emulator {

class ResponseCache {
 public:
  // ttl 0 disables the cache. Bounded LRU: when full, the least recently used entry is dropped.
  ResponseCache(std::chrono::seconds ttl, std::size_t capacity) : ttl_(ttl), entries_(capacity) {}

  // The exact-string identity of a query; city absent and city "" are different queries.
  static void make_key(std::string& out, std::string_view q, std::string_view hl, std::string_view gl,
                       const std::optional<std::string>& city);

  // True when `key` was stored less than ttl ago (the age counts from the original, paid answer).
  bool lookup(std::string_view key, TimePoint now);
  void store(std::string_view key, TimePoint now);

  bool enabled() const { return ttl_.count() > 0; }
  std::size_t size() const { return entries_.size(); }

 private:
  std::chrono::seconds ttl_;
  LruMap<TimePoint> entries_;
};

}  // namespace paa::emulator
