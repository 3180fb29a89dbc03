#include "paa/extmem/kept_file_writer.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace paa::extmem {

Result<std::unique_ptr<KeptFileWriter>> KeptFileWriter::create(int dir_fd, const std::string& name) {
  const int fd = ::openat(dir_fd, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) return make_error(errc::io, "cannot create " + name + ": " + std::strerror(errno));
  return std::unique_ptr<KeptFileWriter>(new KeptFileWriter(fd, name));
}

KeptFileWriter::KeptFileWriter(int fd, std::string name) : fd_(fd), sink_(fd, std::move(name)), out_(sink_) {}

KeptFileWriter::~KeptFileWriter() {
  if (fd_ >= 0) ::close(fd_);
}

Result<void> KeptFileWriter::finish() {
  auto flushed = out_.flush();
  ::close(fd_);
  fd_ = -1;
  return flushed;
}

}  // namespace paa::extmem
