#pragma once
// Output for `paa export`: a large in-memory buffer in front of a byte sink (a file
// descriptor in production, a string in tests). The hot path is a memcpy into the buffer;
// the sink is called once per full buffer.
#include "paa/error.hpp"

#include <cstddef>
#include <filesystem>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace paa::exporting {

// Where export's scratch files go: $TMPDIR, or /tmp.
std::string temp_folder();

// A scratch file in temp_folder() named `<prefix>-XXXXXX`, already unlinked (it vanishes with
// its descriptor, whatever happens); `path` is its former name, for messages. Returns the fd.
Result<int> create_unlinked_temp(std::string_view prefix, std::string& path);

// fsyncs a folder, so that names created or renamed in it survive a power cut. Best effort:
// called after the rename it protects has happened, when there is nothing left to undo.
void fsync_dir(const std::filesystem::path& dir);

class ByteSink {
 public:
  virtual ~ByteSink() = default;
  virtual Result<void> write(std::string_view bytes) = 0;
};

// Writes to a file descriptor it does not own (retries short writes and EINTR).
class FdSink final : public ByteSink {
 public:
  // `name` is used in error messages ("standard output", "out/x.csv").
  FdSink(int fd, std::string name);
  Result<void> write(std::string_view bytes) override;

 private:
  int fd_;
  std::string name_;
};

class StringSink final : public ByteSink {
 public:
  Result<void> write(std::string_view bytes) override {
    data.append(bytes);
    return {};
  }
  std::string data;
};

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

}  // namespace paa::exporting
