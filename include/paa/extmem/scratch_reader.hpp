#pragma once
// A scratch file read front to back in chunks (pread into one buffer): for the read side's
// sequential files, whose size must not show in the resident set (a mapping's pages would;
// scratch_map.hpp). Records may straddle chunks: take() returns each whole.
#include "paa/error.hpp"
#include "paa/extmem/scratch_file.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace paa::extmem {

class ScratchReader {
 public:
  // The file must be flushed; what is appended after this is not read.
  explicit ScratchReader(const ScratchFile& file, std::size_t chunk = std::size_t{1} << 20)
      : file_(file), end_(file.size()), chunk_(std::max<std::size_t>(chunk, 64)) {}

  bool done() const { return offset() >= end_; }
  std::uint64_t offset() const { return at_ - (buffer_.size() - used_); }

  // The next `n` bytes, valid until the next call; an error past the end (a damaged file).
  Result<std::string_view> take(std::size_t n) {
    if (buffer_.size() - used_ < n) {
      if (offset() + n > end_) return make_error(errc::io, "a scratch file of paa ended early: " + file_.path());
      // Keep the unread tail, then read the next chunk after it.
      buffer_.erase(0, used_);
      used_ = 0;
      const std::size_t want = std::max<std::size_t>(chunk_, n) - buffer_.size();
      const std::size_t get = static_cast<std::size_t>(std::min<std::uint64_t>(want, end_ - at_));
      const std::size_t have = buffer_.size();
      buffer_.resize(have + get);
      if (auto read = file_.read_at(at_, buffer_.data() + have, get); !read) return read.error();
      at_ += get;
    }
    const std::string_view out(buffer_.data() + used_, n);
    used_ += n;
    return out;
  }

  // The next `n` bytes copied to `to`: what the chunk holds, then the rest read straight into
  // `to` when it is a chunk or more (a large array is never copied through the buffer).
  Result<void> take_into(char* to, std::size_t n) {
    const std::size_t buffered = std::min(n, buffer_.size() - used_);
    std::memcpy(to, buffer_.data() + used_, buffered);
    used_ += buffered;
    const std::size_t rest = n - buffered;
    if (rest == 0) return {};
    if (rest < chunk_) {
      auto bytes = take(rest);
      if (!bytes) return bytes.error();
      std::memcpy(to + buffered, bytes->data(), rest);
      return {};
    }
    if (offset() + rest > end_) return make_error(errc::io, "a scratch file of paa ended early: " + file_.path());
    buffer_.clear();  // all of it taken above
    used_ = 0;
    if (auto read = file_.read_at(at_, to + buffered, rest); !read) return read.error();
    at_ += rest;
    return {};
  }

  template <class T>
  Result<T> take_value() {
    auto bytes = take(sizeof(T));
    if (!bytes) return bytes.error();
    T value;
    std::memcpy(&value, bytes->data(), sizeof(T));
    return value;
  }

 private:
  const ScratchFile& file_;
  const std::uint64_t end_;
  const std::size_t chunk_;
  std::uint64_t at_ = 0;  // file offset after the buffer's end
  std::string buffer_;
  std::size_t used_ = 0;  // bytes of buffer_ already taken
};

}  // namespace paa::extmem
