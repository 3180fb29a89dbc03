#pragma once
// FNV-1a 64 over a sequence of fields, each followed by 0x1f (a byte no folded word
// holds), so ("ab", "c") and ("a", "bc") differ. Fixed by the format: variant group ids are
// exported and must not change between releases or platforms.
#include <cstdint>
#include <string_view>

namespace paa::question {

class FieldHash {
 public:
  FieldHash& add(std::string_view field) {
    for (unsigned char c : field) mix(c);
    mix(0x1f);
    return *this;
  }
  // A number as its 8 bytes, low first, then the separator.
  FieldHash& add(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) mix(static_cast<unsigned char>(v >> (8 * i)));
    mix(0x1f);
    return *this;
  }
  std::uint64_t value() const { return h_; }

 private:
  void mix(unsigned char c) {
    h_ ^= c;
    h_ *= 0x100000001b3ull;
  }
  std::uint64_t h_ = 0xcbf29ce484222325ull;
};

}  // namespace paa::question
