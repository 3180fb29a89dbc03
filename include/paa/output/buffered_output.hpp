#pragma once
// A large in-memory buffer in front of a ByteSink. The hot path is a memcpy into the buffer;
// the sink is called once per full buffer.
#include "paa/error.hpp"
#include "paa/output/sink.hpp"

#include <cstddef>
#include <cstring>
#include <memory>
#include <optional>
#include <string_view>

namespace paa {

inline constexpr std::size_t kDefaultOutputBuffer = std::size_t{1} << 20;

// Appends never fail: the first sink error is kept ("sticky"), later output is dropped, and
// callers check failed() between records and flush() at the end.
class BufferedOutput {
 public:
  explicit BufferedOutput(ByteSink& sink, std::size_t capacity = kDefaultOutputBuffer);
  BufferedOutput(const BufferedOutput&) = delete;
  BufferedOutput& operator=(const BufferedOutput&) = delete;

  void append(std::string_view bytes) {
    if (bytes.size() <= capacity_ - size_) {
      if (!bytes.empty()) std::memcpy(buffer_.get() + size_, bytes.data(), bytes.size());
      size_ += bytes.size();
    } else {
      append_slow(bytes);
    }
  }
  void put(char c) {
    if (size_ == capacity_) drain();
    buffer_[size_++] = c;
  }

  // Writes everything buffered to the sink; returns the sticky error if any.
  Result<void> flush();
  bool failed() const { return error_.has_value(); }
  const std::optional<Error>& error() const { return error_; }
  // Bytes accepted so far (including those still buffered).
  std::size_t bytes_written() const { return flushed_ + size_; }

 private:
  void append_slow(std::string_view bytes);
  void drain();

  ByteSink& sink_;
  std::unique_ptr<char[]> buffer_;
  std::size_t capacity_;
  std::size_t size_ = 0;
  std::size_t flushed_ = 0;
  std::optional<Error> error_;
};

}  // namespace paa
