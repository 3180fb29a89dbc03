#include "paa/output/atomic_folder.hpp"

#include "paa/output/atomic_file.hpp"
#include "paa/output/sink.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <random>
#include <sys/file.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace paa {

namespace fs = std::filesystem;

namespace {

Error folder_error(const fs::path& path, std::string_view what, int err) {
  return make_error(errc::io, "cannot " + std::string(what) + " " + path.string() + ": " + std::strerror(err) +
                                  "; check the folder's permissions and free space");
}

// A writer holds an exclusive flock on its temporary folder while it writes: a folder whose
// lock can be taken was left by a writer that died (PIDs cannot tell: two containers on one
// volume are both PID 1).
class FolderLock {
 public:
  static int try_lock(const fs::path& dir) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return -1;
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      ::close(fd);
      return -1;
    }
    return fd;
  }
  explicit FolderLock(int fd = -1) : fd_(fd) {}
  ~FolderLock() {
    if (fd_ >= 0) ::close(fd_);
  }
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;
  bool held() const { return fd_ >= 0; }

 private:
  int fd_;
};

// Temporary folders of earlier writes to the same place that died before their rename.
void remove_abandoned(const fs::path& parent, const std::string& stem) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(parent, ec)) {
    if (!entry.path().filename().string().starts_with(stem)) continue;
    FolderLock lock(FolderLock::try_lock(entry.path()));
    if (lock.held()) fs::remove_all(entry.path(), ec);
  }
}

// Makes what `produce` wrote durable: every file, then every folder deepest first. Only this
// folder's files, never syncfs(): that flushes the whole file system, so an export would wait for
// every other program's unwritten data (a build's gigabytes, a harvest's store). The first pass
// starts every file's write-back at once, so the second mostly waits for writes already done.
Result<void> make_durable(const fs::path& root) {
  std::vector<fs::path> files;
  std::vector<fs::path> folders{root};
  std::error_code ec;
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_directory(ec)) {
      folders.push_back(it->path());
    } else if (it->is_regular_file(ec)) {
      files.push_back(it->path());
    }
  }
  if (ec) return folder_error(root, "read", ec.value());
  for (const auto& f : files) {
    const int fd = ::open(f.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return folder_error(f, "open", errno);
    ::sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);  // a hint: its failure is fdatasync's to report
    ::close(fd);
  }
  for (const auto& f : files) {
    const int fd = ::open(f.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return folder_error(f, "open", errno);
    const bool synced = ::fdatasync(fd) == 0;
    const int err = errno;
    ::close(fd);
    if (!synced) return folder_error(f, "write", err);
  }
  // Deepest first: a folder's entries are durable before the entry naming it.
  std::sort(folders.begin(), folders.end(), [](const fs::path& a, const fs::path& b) {
    return std::distance(a.begin(), a.end()) > std::distance(b.begin(), b.end());
  });
  for (const auto& d : folders) fsync_dir(d);
  return {};
}

}  // namespace

Result<void> write_small_file(const fs::path& file, std::string_view text) {
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return folder_error(file, "create", errno);
  FdSink sink(fd, file.string());
  auto written = sink.write(text);
  const bool synced = ::fsync(fd) == 0;
  const int err = errno;
  ::close(fd);
  if (!written) return written;
  if (!synced) return folder_error(file, "write", err);
  return {};
}

Result<FolderWrite> FolderWrite::begin(const FolderTarget& t) {
  std::error_code ec;
  const fs::path target = t.path.filename().empty() ? t.path.parent_path() : t.path;
  const bool exists = fs::exists(target, ec);
  if (exists && !fs::is_directory(target, ec)) {
    return make_error(errc::invalid_input, target.string() + " is a file, not a folder; choose another -o");
  }
  const bool empty = exists && fs::is_empty(target, ec);
  if (exists && !t.force && !(t.empty_ok && empty)) {
    return make_error(errc::invalid_input, target.string() + " exists; use --force to replace it");
  }
  if (exists && !empty && !t.replaceable(target)) {
    return make_error(errc::invalid_input, target.string() + " " + t.not_replaceable +
                                               " and not empty; --force replaces only an earlier one: choose another -o");
  }
  const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
  if (!fs::is_directory(parent, ec)) {
    return make_error(errc::invalid_input, "cannot write " + target.string() + ": folder " + parent.string() +
                                               " does not exist; create it first");
  }
  const std::string stem = t.temp_stem.empty() ? "." + target.filename().string() + ".paa-tmp-" : t.temp_stem;
  remove_abandoned(parent, stem);
  std::random_device entropy;
  const fs::path temp = parent / (stem + std::to_string(::getpid()) + "-" + std::to_string(entropy() % 1000000));
  if (!fs::create_directory(temp, ec)) return folder_error(temp, "create", ec ? ec.value() : EEXIST);
  return FolderWrite(target, temp, exists, FolderLock::try_lock(temp));
}

FolderWrite::FolderWrite(FolderWrite&& other) noexcept
    : target_(std::move(other.target_)), temp_(std::exchange(other.temp_, {})), exists_(other.exists_),
      lock_fd_(std::exchange(other.lock_fd_, -1)) {}

FolderWrite::~FolderWrite() {
  // Removed on any failure; after a crash or a kill, by the next write to the same place. After
  // an exchange it holds the old folder.
  std::error_code ignored;
  if (!temp_.empty()) fs::remove_all(temp_, ignored);
  if (lock_fd_ >= 0) ::close(lock_fd_);
}

Result<void> FolderWrite::publish() {
  std::error_code ec;
  const fs::path parent = target_.has_parent_path() ? target_.parent_path() : fs::path(".");
  if (auto durable = make_durable(temp_); !durable) return durable;
  // An existing target is swapped in one step (the old one then sits at temp_, removed with
  // this writer), so it is never missing.
  if (exists_ && ::renameat2(AT_FDCWD, temp_.c_str(), AT_FDCWD, target_.c_str(), RENAME_EXCHANGE) == 0) {
    fsync_dir(parent);
    return {};
  }
  if (exists_) {
    if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP) return folder_error(target_, "replace", errno);
    // File systems without RENAME_EXCHANGE: move the old one aside, publish, then remove it
    // (or put it back if publishing fails).
    const fs::path old = temp_.string() + "-old";
    fs::rename(target_, old, ec);
    if (ec) return folder_error(target_, "replace", ec.value());
    fs::rename(temp_, target_, ec);
    if (ec) {
      const int err = ec.value();
      fs::rename(old, target_, ec);
      return folder_error(target_, "replace", err);
    }
    temp_ = old;  // removes the old folder
    fsync_dir(parent);
    return {};
  }
  fs::rename(temp_, target_, ec);
  if (ec) return folder_error(target_, "create", ec.value());
  temp_.clear();
  fsync_dir(parent);
  return {};
}

Result<void> write_folder_atomically(const FolderTarget& target,
                                     const std::function<Result<void>(const fs::path& temp)>& produce) {
  auto writing = FolderWrite::begin(target);
  if (!writing) return writing.error();
  if (auto produced = produce(writing->temp()); !produced) return produced;
  return writing->publish();
}

}  // namespace paa
