// The single-writer lock (docs/store.md "One writer, many readers").
#include "writer_lock.hpp"

#include "paa/model/ascii.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <utility>

namespace paa::store_detail {
namespace fs = std::filesystem;

std::string store_name(const fs::path& dir) { return "store '" + dir.string() + "'"; }

Result<WriterLock> WriterLock::acquire(const fs::path& dir) {
  const fs::path file = dir / kLockFileName;
  // O_CLOEXEC: a child that execs must not keep the store locked.
  int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    return make_error(errc::store, store_name(dir) + ": cannot open lock file '" + file.string() +
                      "': " + std::strerror(errno) + "; check the folder's permissions");
  }
  // flock locks belong to the open file description: a second open() conflicts even in the
  // same process, and the lock goes away with the process however it dies.
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    int err = errno;
    std::string owner;
    char buf[32] = {};
    ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    ::close(fd);
    if (err != EWOULDBLOCK) {
      return make_error(errc::store, store_name(dir) + ": cannot lock '" + file.string() +
                        "': " + std::strerror(err));
    }
    if (n > 0) {
      auto text = trim_ascii(std::string_view(buf, static_cast<std::size_t>(n)));
      if (!text.empty()) owner = " (pid " + std::string(text) + ")";
    }
    return make_error(errc::store_in_use, store_name(dir) + " is in use by another paa process" + owner +
                      "; wait for it to finish or stop it");
  }
  std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd, 0) != 0 ||
      ::pwrite(fd, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
    // The pid is only informative; the lock itself is held.
  }
  return WriterLock(fd);
}

WriterLock::WriterLock(WriterLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
WriterLock& WriterLock::operator=(WriterLock&& other) noexcept {
  if (this != &other) {
    release();
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}
WriterLock::~WriterLock() { release(); }
void WriterLock::release() {
  if (fd_ >= 0) {
    ::close(fd_);  // drops the flock; the file (and its stale pid) stays, harmlessly
    fd_ = -1;
  }
}

}  // namespace paa::store_detail
