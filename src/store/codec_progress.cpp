// The codec of progress entries: what a job did with each of its keys.
#include "codec.hpp"

#include "codec_binary.hpp"
#include "paa/model/attribute_names.hpp"

#include <cstdint>

namespace paa::store_detail {
namespace {

// Progress entries with the seed's attributes (format 4).
constexpr std::uint8_t kProgressWithAttributes = 2;

enum ProgressFlags : std::uint8_t { kSpent = 1, kProgressCached = 2 };

}  // namespace

std::string encode_progress(const ProgressEntry& p) {
  std::string out;
  ByteWriter w(out);
  w.u8(kRecordV1);
  w.u8(static_cast<std::uint8_t>(p.state));
  w.varint(p.attempts);
  w.i64(p.last_status);
  std::uint8_t flags = 0;
  if (p.spent_search) flags |= kSpent;
  if (p.cached) flags |= kProgressCached;
  w.u8(flags);
  w.i64(p.updated_at_ms);
  w.str(p.error);
  if (!p.attrs.empty()) {
    // Format 4: the same, then the attributes; an entry without them keeps format 1's bytes.
    out[0] = static_cast<char>(kProgressWithAttributes);
    w.varint(p.attrs.fields.size());
    for (const auto& [name, value] : p.attrs.fields) {
      w.str(name);
      w.str(value);
    }
    w.u8(p.attrs.volume ? 1 : 0);
    if (p.attrs.volume) w.varint(*p.attrs.volume);
  }
  return out;
}

std::optional<ProgressEntry> decode_progress(std::string_view bytes) {
  ByteReader rd(bytes);
  const auto format = rd.u8();
  if (format != kRecordV1 && format != kProgressWithAttributes) return std::nullopt;
  ProgressEntry p;
  auto state = rd.u8();
  if (state != static_cast<std::uint8_t>(ProgressState::done) &&
      state != static_cast<std::uint8_t>(ProgressState::failed))
    return std::nullopt;
  p.state = static_cast<ProgressState>(state);
  p.attempts = static_cast<std::uint32_t>(rd.varint());
  p.last_status = static_cast<int>(rd.i64());
  auto flags = rd.u8();
  p.spent_search = (flags & kSpent) != 0;
  p.cached = (flags & kProgressCached) != 0;
  p.updated_at_ms = rd.i64();
  p.error = std::string(rd.str());
  if (format == kProgressWithAttributes) {
    const std::uint64_t n = rd.varint();
    for (std::uint64_t i = 0; i < n && rd.ok(); ++i) {
      std::string name(rd.str());
      std::string value(rd.str());
      p.attrs.fields.emplace_back(std::move(name), std::move(value));
    }
    const auto has_volume = rd.u8();
    if (has_volume > 1) return std::nullopt;
    if (has_volume == 1) p.attrs.volume = rd.varint();
    // Stores written before one name per attribute kept the headers as they were: every reader
    // sees them under the names an import gives today.
    canonicalise_attributes(p.attrs);
  }
  if (!rd.ok() || !rd.at_end()) return std::nullopt;
  return p;
}

}  // namespace paa::store_detail
