#pragma once
// Where output bytes go: a file descriptor in production, a string in tests.
#include "paa/error.hpp"

#include <string>
#include <string_view>

namespace paa {

class ByteSink {
 public:
  virtual ~ByteSink() = default;
  virtual Result<void> write(std::string_view bytes) = 0;
};

// Writes to a file descriptor it does not own (retries short writes and EINTR). Failures are
// errc::io, naming the file and, for a full disk, what to do.
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

}  // namespace paa
