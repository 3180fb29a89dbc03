#include "reader_folder.hpp"

#include <cerrno>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <stdlib.h>
#include <sys/file.h>
#include <unistd.h>

namespace paa::store_detail {

namespace fs = std::filesystem;

std::size_t remove_stale_reader_folders(const fs::path& parent) {
  std::error_code ec;
  std::vector<fs::path> stale;
  for (const auto& entry : fs::directory_iterator(parent, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(kReaderFolderPrefix, 0) != 0 || !entry.is_directory(ec)) continue;
    const int fd = ::open((entry.path() / kReaderLockName).c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) continue;  // no lock file: not ours to judge
    // Free lock: its reader is gone. Held: a live reader.
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) stale.push_back(entry.path());
    ::close(fd);
  }
  std::size_t removed = 0;
  for (const auto& dir : stale) {
    if (fs::remove_all(dir, ec) > 0 && !ec) ++removed;
  }
  return removed;
}

Result<ReaderFolder> ReaderFolder::create(const fs::path& parent) {
  remove_stale_reader_folders(parent);
  std::string tmpl = (parent / (std::string(kReaderFolderPrefix) + "XXXXXX")).string();
  if (::mkdtemp(tmpl.data()) == nullptr) {
    return make_error(errc::store_unusable, "cannot create a temporary folder for the reader in " + parent.string() +
                                                ": " + std::strerror(errno) + "; set TMPDIR to a writable folder");
  }
  const fs::path dir = tmpl;
  // The lock file appears under its name already locked (made aside, locked, then renamed): a
  // reader starting beside this one never sees it unlocked and takes the folder for a dead
  // reader's (it did: a secondary's LOG removed under it, "No such file or directory").
  const fs::path making = dir / (std::string(kReaderLockName) + ".new");
  const int fd = ::open(making.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0 || ::flock(fd, LOCK_EX) != 0 || ::rename(making.c_str(), (dir / kReaderLockName).c_str()) != 0) {
    const int why = errno;
    if (fd >= 0) ::close(fd);
    std::error_code ec;
    fs::remove_all(dir, ec);
    return make_error(errc::store_unusable, "cannot lock the reader's temporary folder " + dir.string() + ": " +
                                                std::strerror(why) + "; set TMPDIR to a writable local folder");
  }
  return ReaderFolder(dir, fd);
}

ReaderFolder::ReaderFolder(ReaderFolder&& other) noexcept
    : path_(std::exchange(other.path_, {})), fd_(std::exchange(other.fd_, -1)) {}

ReaderFolder& ReaderFolder::operator=(ReaderFolder&& other) noexcept {
  if (this != &other) {
    remove();
    path_ = std::exchange(other.path_, {});
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

ReaderFolder::~ReaderFolder() { remove(); }

void ReaderFolder::remove() {
  if (!path_.empty()) {
    std::error_code ec;
    fs::remove_all(path_, ec);  // the lock goes with it, still held: no reader takes it for stale
    path_.clear();
  }
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

}  // namespace paa::store_detail
