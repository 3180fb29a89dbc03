#include "paa/output/atomic_file.hpp"

#include "paa/output/temp_file_cleanup.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <random>
#include <string>
#include <unistd.h>

namespace paa {

namespace {

namespace fs = std::filesystem;

// Removes the temporary file unless released (errors and exceptions alike).
class TempFileGuard {
 public:
  TempFileGuard(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  ~TempFileGuard() {
    if (fd_ >= 0) ::close(fd_);
    if (!path_.empty()) ::unlink(path_.c_str());
  }
  TempFileGuard(const TempFileGuard&) = delete;
  TempFileGuard& operator=(const TempFileGuard&) = delete;
  int fd() const { return fd_; }
  int close_fd() {
    const int rc = ::close(fd_);
    fd_ = -1;
    return rc;
  }
  void release() { path_.clear(); }

 private:
  int fd_;
  std::string path_;
};

Error write_error(const fs::path& target, int err) {
  return make_error(errc::io, "cannot write " + target.string() + ": " + std::strerror(err) +
                    "; check the folder's permissions or choose another -o");
}

// How the temporary file is named: uniquely (an output file, which two commands may write at
// once), or with one fixed name for a file only its lock holder replaces, so that what a
// SIGKILL left is found and replaced by the next writer instead of piling up.
enum class TempName { unique, fixed };

// The temporary file exists (created, empty, open as `fd`) while `produce` runs.
Result<void> replace_atomically(const fs::path& target, bool force,
                                const std::function<Result<void>(int fd, const fs::path& temp)>& produce,
                                TempName naming = TempName::unique) {
  std::error_code ec;
  const auto status = fs::symlink_status(target, ec);
  if (fs::is_directory(status)) {
    return make_error(errc::invalid_input, target.string() + " is a folder; give -o a file name");
  }
  if (fs::exists(status) && !force) {
    return make_error(errc::invalid_input, target.string() + " exists; use --force to replace it");
  }
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  if (!fs::is_directory(dir, ec)) {
    return make_error(errc::invalid_input, "cannot write " + target.string() + ": folder " + dir.string() +
                      " does not exist; create it first");
  }

  // A name beside the target, so the final rename stays within one file system.
  std::random_device entropy;
  int fd = -1;
  std::string temp;
  if (naming == TempName::fixed) {
    temp = fixed_temp_path(target).string();
    ::unlink(temp.c_str());  // what a killed writer left
    fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) return write_error(target, errno);
  }
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    temp = (dir / ("." + target.filename().string() + ".paa-tmp-" + std::to_string(::getpid()) +
                   "-" + std::to_string(entropy() % 1000000)))
               .string();
    fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) return write_error(target, errno);
  }
  if (fd < 0) return write_error(target, EEXIST);
  TempFileGuard guard(fd, temp);
  TempFileRegistration on_signal(temp);  // removed on SIGINT/SIGTERM/SIGHUP (main installs the handlers)

  if (auto produced = produce(guard.fd(), temp); !produced) return produced.error();
  if (::fsync(guard.fd()) != 0) return write_error(target, errno);
  if (guard.close_fd() != 0) return write_error(target, errno);
  if (force) {
    if (::rename(temp.c_str(), target.c_str()) != 0) return write_error(target, errno);
  } else if (::renameat2(AT_FDCWD, temp.c_str(), AT_FDCWD, target.c_str(), RENAME_NOREPLACE) != 0) {
    const int err = errno;
    if (err == EEXIST) {
      return make_error(errc::invalid_input, target.string() + " appeared while exporting; use --force to replace it");
    }
    // File systems without RENAME_NOREPLACE: the existence check above has to do.
    if ((err != EINVAL && err != ENOSYS && err != ENOTSUP) ||
        ::rename(temp.c_str(), target.c_str()) != 0) {
      return write_error(target, err);
    }
  }
  guard.release();
  fsync_dir(dir);
  return {};
}

}  // namespace

void fsync_dir(const fs::path& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

Result<void> write_output(const std::optional<fs::path>& output, bool force,
                          const std::function<Result<void>(ByteSink&)>& produce) {
  if (output) return write_file_atomically(*output, force, produce);
  FdSink stdout_sink(STDOUT_FILENO, "standard output");
  return produce(stdout_sink);
}

Result<void> write_file_atomically(const fs::path& target, bool force,
                                   const std::function<Result<void>(ByteSink&)>& produce) {
  return replace_atomically(target, force, [&](int fd, const fs::path&) {
    FdSink sink(fd, target.string());
    return produce(sink);
  });
}

Result<void> replace_file_under_lock(const fs::path& target, std::string_view bytes) {
  return replace_atomically(
      target, /*force=*/true,
      [&](int fd, const fs::path&) {
        FdSink sink(fd, target.string());
        return sink.write(bytes);
      },
      TempName::fixed);
}

fs::path fixed_temp_path(const fs::path& target) {
  fs::path temp = target;
  temp += ".new";
  return temp;
}

Result<void> write_path_atomically(const fs::path& target, bool force,
                                   const std::function<Result<void>(const fs::path& temp)>& produce) {
  return replace_atomically(target, force, [&](int, const fs::path& temp) { return produce(temp); });
}

}  // namespace paa
