#pragma once
// Internal: the single-writer lock of a store, and how messages name a store.
#include "paa/error.hpp"

#include <filesystem>
#include <string>

namespace paa::store_detail {

// "store 'x.db'": how every message names the store (the path as the user gave it).
std::string store_name(const std::filesystem::path& dir);

// The single-writer lock: flock(LOCK_EX) on <dir>/paa.lock, which holds the owner's pid.
class WriterLock {
 public:
  static Result<WriterLock> acquire(const std::filesystem::path& dir);
  WriterLock(WriterLock&& other) noexcept;
  WriterLock& operator=(WriterLock&& other) noexcept;
  WriterLock(const WriterLock&) = delete;
  WriterLock& operator=(const WriterLock&) = delete;
  ~WriterLock();
  void release();

 private:
  explicit WriterLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

inline constexpr const char* kLockFileName = "paa.lock";

}  // namespace paa::store_detail
