#pragma once
// Internal: the private folder a reader's RocksDB secondary instance keeps its info log in,
// `paa-reader-XXXXXX` in $TMPDIR. A reader holds flock on the folder's lock file while it lives;
// the folder is removed when the reader closes. One left behind by a reader that was killed
// (SIGKILL, a crash) is removed by the next reader that starts: its lock is free.
#include "paa/error.hpp"

#include <filesystem>

namespace paa::store_detail {

class ReaderFolder {
 public:
  // Removes stale folders of dead readers in `parent`, then creates and locks a new one.
  static Result<ReaderFolder> create(const std::filesystem::path& parent);
  ReaderFolder(ReaderFolder&& other) noexcept;
  ReaderFolder& operator=(ReaderFolder&& other) noexcept;
  ReaderFolder(const ReaderFolder&) = delete;
  ReaderFolder& operator=(const ReaderFolder&) = delete;
  ~ReaderFolder();

  const std::filesystem::path& path() const { return path_; }

 private:
  ReaderFolder(std::filesystem::path path, int fd) : path_(std::move(path)), fd_(fd) {}
  void remove();
  std::filesystem::path path_;
  int fd_ = -1;  // the lock file, flock(LOCK_EX) while the reader lives
};

// Removes the folders of readers that are gone (their lock file unlocked); folders without a
// lock file (an older paa's, or one being created right now) are left alone. Returns how many.
std::size_t remove_stale_reader_folders(const std::filesystem::path& parent);

inline constexpr const char* kReaderFolderPrefix = "paa-reader-";
inline constexpr const char* kReaderLockName = "reader.lock";

}  // namespace paa::store_detail
