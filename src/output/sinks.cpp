#include "paa/output/buffered_output.hpp"
#include "paa/output/sink.hpp"

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace paa {

FdSink::FdSink(int fd, std::string name) : fd_(fd), name_(std::move(name)) {}

Result<void> FdSink::write(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd_, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      if (err == EPIPE) return make_error(errc::io, "cannot write " + name_ + ": the reader closed it (broken pipe)");
      return make_error(errc::io, "cannot write " + name_ + ": " + std::strerror(err) +
                        (err == ENOSPC ? "; free some space or choose another -o" : ""));
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return {};
}

BufferedOutput::BufferedOutput(ByteSink& sink, std::size_t capacity)
    : sink_(sink), buffer_(new char[capacity == 0 ? 1 : capacity]), capacity_(capacity == 0 ? 1 : capacity) {}

void BufferedOutput::drain() {
  if (size_ == 0) return;
  if (!error_) {
    if (auto r = sink_.write({buffer_.get(), size_}); !r) error_ = r.error();
  }
  flushed_ += size_;
  size_ = 0;
}

void BufferedOutput::append_slow(std::string_view bytes) {
  // Fill the buffer up, drain it, then either buffer the rest or (if large) write it through.
  const std::size_t head = capacity_ - size_;
  std::memcpy(buffer_.get() + size_, bytes.data(), head);
  size_ += head;
  bytes.remove_prefix(head);
  drain();
  if (bytes.size() >= capacity_) {
    if (!error_) {
      if (auto r = sink_.write(bytes); !r) error_ = r.error();
    }
    flushed_ += bytes.size();
    return;
  }
  std::memcpy(buffer_.get(), bytes.data(), bytes.size());
  size_ = bytes.size();
}

Result<void> BufferedOutput::flush() {
  drain();
  if (error_) return *error_;
  return {};
}

}  // namespace paa
