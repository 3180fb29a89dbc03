#include "paa/emulator/response_cache.hpp"

namespace paa::emulator {

void ResponseCache::make_key(std::string& out, std::string_view q, std::string_view hl, std::string_view gl,
                             const std::optional<std::string>& city) {
  // Length prefixes make the concatenation unambiguous whatever bytes the values hold.
  out.clear();
  auto add = [&out](std::string_view s) {
    out += std::to_string(s.size());
    out += ':';
    out += s;
  };
  add(q);
  add(hl);
  add(gl);
  if (city) add(*city);
  else out += '-';
}

bool ResponseCache::lookup(std::string_view key, TimePoint now) {
  if (!enabled()) return false;
  TimePoint* stored = entries_.find(key);
  if (!stored) return false;
  if (now - *stored < ttl_) return true;
  entries_.erase(key);
  return false;
}

void ResponseCache::store(std::string_view key, TimePoint now) {
  if (enabled()) entries_.put(key, now);
}

}  // namespace paa::emulator
