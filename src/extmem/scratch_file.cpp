#include "paa/extmem/scratch_file.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace paa::extmem {

std::string temp_folder() {
  const char* dir = std::getenv("TMPDIR");
  return dir && *dir ? dir : "/tmp";
}

Result<int> create_unlinked_temp(std::string_view prefix, std::string& path) {
  std::string templ = temp_folder() + "/" + std::string(prefix) + "-XXXXXX";
  const int fd = ::mkstemp(templ.data());
  if (fd < 0) {
    return make_error(errc::io, "cannot create a temporary file in '" + templ.substr(0, templ.rfind('/')) +
                      "': " + std::strerror(errno) + "; set TMPDIR to a writable folder");
  }
  ::unlink(templ.c_str());
  path = std::move(templ);
  return fd;
}

Result<std::unique_ptr<ScratchFile>> ScratchFile::create(std::string_view prefix, std::size_t buffer) {
  std::string path;
  auto fd = create_unlinked_temp(prefix, path);
  if (!fd) return fd.error();
  return std::unique_ptr<ScratchFile>(new ScratchFile(*fd, std::move(path), buffer));
}

ScratchFile::ScratchFile(int fd, std::string path, std::size_t buffer)
    : fd_(fd), path_(std::move(path)), sink_(fd_, "temporary file " + path_), out_(sink_, buffer) {}

ScratchFile::~ScratchFile() { ::close(fd_); }

Result<void> ScratchFile::read_at(std::uint64_t offset, char* data, std::uint64_t bytes) const {
  while (bytes > 0) {
    const ssize_t n = ::pread(fd_, data, bytes, static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int why = errno;
      return make_error(errc::io, "cannot read back temporary file " + path_ + ": " +
                        (n < 0 ? std::strerror(why) : "it is shorter than written"));
    }
    data += n;
    bytes -= static_cast<std::uint64_t>(n);
    offset += static_cast<std::uint64_t>(n);
  }
  return {};
}

Result<ScratchMap> ScratchFile::map(ScratchMap::Access access) {
  if (auto flushed = flush(); !flushed) return flushed.error();
  return ScratchMap::map(fd_, size(), path_, access);
}

}  // namespace paa::extmem
