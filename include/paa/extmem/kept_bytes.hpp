#pragma once
// The byte layout of what the kept analysis writes beside its files (docs/store.md "The kept
// analysis"): little-endian fixed-width numbers and length-prefixed bytes appended to a string,
// read back by KeptBytes, which refuses to read past the end (a damaged or foreign file).
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace paa::extmem {

// `Out`: a std::string, or a BufferedOutput (KeptFileWriter): anything with append(string_view).
template <class T, class Out>
void put_value(Out& out, T value) {
  static_assert(std::is_trivially_copyable_v<T>);
  out.append(std::string_view(reinterpret_cast<const char*>(&value), sizeof(T)));
}

template <class Out>
void put_text(Out& out, std::string_view text) {
  put_value<std::uint32_t>(out, static_cast<std::uint32_t>(text.size()));
  out.append(text);
}

template <class T, class Out>
void put_array(Out& out, const std::vector<T>& values) {
  static_assert(std::is_trivially_copyable_v<T>);
  put_value<std::uint64_t>(out, values.size());
  out.append(std::string_view(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T)));
}

class KeptBytes {
 public:
  explicit KeptBytes(std::string_view bytes) : bytes_(bytes) {}
  bool ok() const { return ok_; }
  bool done() const { return at_ == bytes_.size(); }

  template <class T>
  T value() {
    T v{};
    if (!has(sizeof(T))) return v;
    std::memcpy(&v, bytes_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return v;
  }
  std::string_view text() {
    const auto n = value<std::uint32_t>();
    if (!has(n)) return {};
    const std::string_view out = bytes_.substr(at_, n);
    at_ += n;
    return out;
  }
  template <class T>
  std::vector<T> array() {
    const auto n = value<std::uint64_t>();
    std::vector<T> out;
    if (n > (bytes_.size() - at_) / sizeof(T) || !has(n * sizeof(T))) {
      ok_ = false;
      return out;
    }
    out.resize(n);
    std::memcpy(out.data(), bytes_.data() + at_, n * sizeof(T));
    at_ += n * sizeof(T);
    return out;
  }

 private:
  bool has(std::uint64_t n) {
    if (ok_ && n <= bytes_.size() - at_) return true;
    ok_ = false;
    return false;
  }
  std::string_view bytes_;
  std::size_t at_ = 0;
  bool ok_ = true;
};

}  // namespace paa::extmem
