#pragma once
// Internal: the topic analysis's scratch records as bytes: numbers in host order (the files
// never leave the process) and strings as a 4-byte length and their bytes.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace paa::topics::detail {

inline void put(std::string& out, std::uint64_t v) { out.append(reinterpret_cast<const char*>(&v), 8); }

// The at-th number of `s`.
inline std::uint64_t get(std::string_view s, std::size_t at) {
  std::uint64_t v = 0;
  std::memcpy(&v, s.data() + at * 8, 8);
  return v;
}

inline void put_string(std::string& out, std::string_view s) {
  const auto n = static_cast<std::uint32_t>(s.size());
  out.append(reinterpret_cast<const char*>(&n), 4);
  out.append(s);
}

// Reads put_string's strings back from the front of `in`; false when `in` is shorter than it says.
inline bool get_string(std::string_view& in, std::string_view& out) {
  std::uint32_t n = 0;
  if (in.size() < 4) return false;
  std::memcpy(&n, in.data(), 4);
  if (in.size() - 4 < n) return false;
  out = in.substr(4, n);
  in.remove_prefix(4 + std::size_t{n});
  return true;
}

}  // namespace paa::topics::detail
