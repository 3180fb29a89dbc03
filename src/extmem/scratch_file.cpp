#include "paa/extmem/scratch_file.hpp"

#include "paa/extmem/kept_file_writer.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
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

Result<std::unique_ptr<ScratchFile>> ScratchFile::open_kept(int dir_fd, const std::string& name, std::string shown) {
  const int fd = ::openat(dir_fd, name.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat st {};
  if (fd < 0 || ::fstat(fd, &st) != 0) {
    const int why = errno;
    if (fd >= 0) ::close(fd);
    return make_error(errc::io, "cannot open " + shown + ": " + std::strerror(why));
  }
  std::unique_ptr<ScratchFile> file(new ScratchFile(fd, std::move(shown), 0));
  file->kept_size_ = static_cast<std::uint64_t>(st.st_size);
  return file;
}

Result<void> ScratchFile::keep_as(int dir_fd, const std::string& name) {
  if (auto flushed = flush(); !flushed) return flushed;
  const int to = ::openat(dir_fd, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (to < 0) return make_error(errc::io, "cannot create " + name + ": " + std::strerror(errno));
  // The kernel copies (copy_file_range): the bytes never pass through this process.
  loff_t from = 0;
  std::uint64_t left = size();
  int why = 0;
  while (left > 0) {
    const ssize_t n = ::copy_file_range(fd_, &from, to, nullptr, left, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      why = n < 0 ? errno : EIO;
      break;
    }
    left -= static_cast<std::uint64_t>(n);
  }
  ::close(to);
  if (why != 0) return make_error(errc::io, "cannot write " + name + ": " + std::strerror(why));
  return {};
}

Result<std::string> ScratchFile::read_all() const {
  std::string bytes(size(), '\0');
  if (auto read = read_at(0, bytes.data(), bytes.size()); !read) return read.error();
  return bytes;
}

Result<void> write_new_file(int dir_fd, const std::string& name, std::string_view bytes) {
  auto file = KeptFileWriter::create(dir_fd, name);
  if (!file) return file.error();
  (*file)->bytes(bytes);
  return (*file)->finish();
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

void ScratchFile::give_back(std::uint64_t begin, std::uint64_t end) {
  constexpr std::uint64_t kBlock = 4096;
  begin = (begin + kBlock - 1) / kBlock * kBlock;
  end = end / kBlock * kBlock;
  if (end <= begin) return;
  (void)::fallocate(fd_, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, static_cast<off_t>(begin),
                    static_cast<off_t>(end - begin));
}

Result<ScratchMap> ScratchFile::map(ScratchMap::Access access) {
  if (auto flushed = flush(); !flushed) return flushed.error();
  return ScratchMap::map(fd_, size(), path_, access);
}

}  // namespace paa::extmem
