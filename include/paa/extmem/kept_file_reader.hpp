#pragma once
// A kept file read front to back in put_value / put_array / put_text's layout (kept_bytes.hpp),
// as KeptBytes reads those bytes in memory, without the file in memory: small fields through
// ScratchReader's chunk, an array straight into its vector. A field past the file's end makes
// it not ok() (a damaged file); a read that failed is error().
#include "paa/error.hpp"
#include "paa/extmem/scratch_file.hpp"
#include "paa/extmem/scratch_reader.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace paa::extmem {

class KeptFileReader {
 public:
  explicit KeptFileReader(const ScratchFile& file) : in_(file), size_(file.size()) {}
  bool ok() const { return ok_; }
  bool done() const { return ok_ && in_.done(); }
  // Where the next field starts in the file.
  std::uint64_t offset() const { return in_.offset(); }
  const std::optional<Error>& error() const { return error_; }

  template <class T>
  T value() {
    T v{};
    take(&v, sizeof v);
    return v;
  }
  template <class T>
  std::vector<T> array() {
    const auto n = value<std::uint64_t>();
    std::vector<T> out;
    if (!ok_ || n > left() / sizeof(T)) {
      ok_ = false;
      return out;
    }
    out.resize(n);
    take(out.data(), n * sizeof(T));
    return out;
  }
  std::string text() {
    const auto n = value<std::uint32_t>();
    std::string out;
    if (!ok_ || n > left()) {
      ok_ = false;
      return out;
    }
    out.resize(n);
    take(out.data(), n);
    return out;
  }

 private:
  std::uint64_t left() const { return size_ - in_.offset(); }
  void take(void* to, std::uint64_t n) {
    if (!ok_ || n > left()) {
      ok_ = false;
      return;
    }
    if (auto read = in_.take_into(static_cast<char*>(to), n); !read) {
      ok_ = false;
      error_ = read.error();
    }
  }
  ScratchReader in_;
  const std::uint64_t size_;
  bool ok_ = true;
  std::optional<Error> error_;
};

}  // namespace paa::extmem
