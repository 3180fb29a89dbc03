#pragma once
// Internal: the building blocks of the codec's JSON values (the meta family's quota, shard claims
// and runs; the expansion state), which stay readable in an `ldb` dump.
#include <boost/json.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>

namespace paa::store_detail {

inline boost::json::value optional_int(const std::optional<std::int64_t>& v) {
  return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

// Reads an integer field; absent or null -> nullopt; anything else non-integral -> failure.
inline bool read_optional_int(const boost::json::object& o, std::string_view name,
                              std::optional<std::int64_t>& out) {
  const boost::json::value* v = o.if_contains(name);
  if (v == nullptr || v->is_null()) return out.reset(), true;
  boost::system::error_code ec;
  auto n = v->to_number<std::int64_t>(ec);
  if (ec) return false;
  out = n;
  return true;
}

// A JSON object, or nullopt when `text` is not one.
inline std::optional<boost::json::object> parse_object(std::string_view text) {
  boost::system::error_code ec;
  boost::json::value v = boost::json::parse(text, ec);
  if (ec || !v.is_object()) return std::nullopt;
  return std::move(v.get_object());
}

// A count read with read_optional_int: absent or negative is 0.
inline std::uint64_t count_of(const std::optional<std::int64_t>& n) {
  return static_cast<std::uint64_t>(std::max<std::int64_t>(0, n.value_or(0)));
}

}  // namespace paa::store_detail
