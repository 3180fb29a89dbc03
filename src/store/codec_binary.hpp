#pragma once
// Internal: the building blocks of the codec's binary values (results, progress, expansion
// records, the old question index): varints, zigzag integers, length-prefixed strings.
#include <cstdint>
#include <string>
#include <string_view>

namespace paa::store_detail {

// Every value starts with a format byte so a later version can change the layout.
constexpr std::uint8_t kRecordV1 = 1;

class ByteWriter {
 public:
  explicit ByteWriter(std::string& out) : out_(out) {}
  void u8(std::uint8_t v) { out_.push_back(static_cast<char>(v)); }
  void varint(std::uint64_t v) {
    while (v >= 0x80) {
      out_.push_back(static_cast<char>((v & 0x7f) | 0x80));
      v >>= 7;
    }
    out_.push_back(static_cast<char>(v));
  }
  // Zigzag keeps small negative numbers (e.g. status 0, -1 offsets) short.
  void i64(std::int64_t v) {
    varint((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63));
  }
  void str(std::string_view s) {
    varint(s.size());
    out_.append(s);
  }
  void raw(std::string_view s) { out_.append(s); }
  void fixed64(std::uint64_t v) {  // little-endian, 8 bytes: a hash has no small values
    for (int i = 0; i < 8; ++i) out_.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
  }

 private:
  std::string& out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view in) : in_(in) {}
  bool ok() const { return ok_; }
  bool at_end() const { return in_.empty(); }
  std::uint8_t u8() {
    if (in_.empty()) return fail(), 0;
    auto v = static_cast<std::uint8_t>(in_.front());
    in_.remove_prefix(1);
    return v;
  }
  std::uint64_t varint() {
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (in_.empty()) return fail(), 0;
      auto b = static_cast<std::uint8_t>(in_.front());
      in_.remove_prefix(1);
      v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
      if ((b & 0x80) == 0) return v;
    }
    return fail(), 0;
  }
  std::uint64_t fixed64() {
    if (in_.size() < 8) return fail(), 0;
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(static_cast<std::uint8_t>(in_[i])) << (8 * i);
    in_.remove_prefix(8);
    return v;
  }
  std::int64_t i64() {
    std::uint64_t z = varint();
    return static_cast<std::int64_t>((z >> 1) ^ (~(z & 1) + 1));
  }
  std::string_view str() {
    std::uint64_t n = varint();
    if (!ok_ || n > in_.size()) return fail(), std::string_view{};
    auto s = in_.substr(0, n);
    in_.remove_prefix(n);
    return s;
  }
  std::string_view rest() {
    auto s = in_;
    in_ = {};
    return s;
  }

 private:
  void fail() {
    ok_ = false;
    in_ = {};
  }
  std::string_view in_;
  bool ok_ = true;
};

}  // namespace paa::store_detail
