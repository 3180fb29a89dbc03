#pragma once
// A command's output folder, published whole or not at all (docs/exports.md "-o FILE: atomic
// output"; the partitioned export and the report folder): written into a temporary folder
// beside the target, made durable (each of its files and folders synced), then renamed into
// place; an existing target is swapped out in one step (renameat2 RENAME_EXCHANGE; where the file
// system has no exchange, moved aside, replaced, then removed). On an error, an exception or a signal the temporary folder is
// removed; a folder left by a process that died (its flock free) is removed by the next write to
// the same place. Readers see the old folder or the new one, never half of one.
#include "paa/error.hpp"

#include <filesystem>
#include <functional>
#include <string>

namespace paa {

struct FolderTarget {
  std::filesystem::path path;  // the folder to publish (a trailing '/' is allowed)
  bool force = false;          // replace an existing folder that `replaceable` accepts
  // Whether an existing folder at `path` was written by this command (e.g. it has the command's
  // manifest) and may be replaced with `force`.
  std::function<bool(const std::filesystem::path&)> replaceable;
  // What the error says when it may not: "is not a partitioned export (no _SUCCESS manifest)".
  std::string not_replaceable;
  // An existing empty folder is written into without `force` (the report folder's `-o DIR`).
  bool empty_ok = false;
  // How the temporary folder's name begins; "" = ".NAME.paa-tmp-". Folders beside the target
  // that begin so and that no live writer holds are removed as abandoned.
  std::string temp_stem = {};
};

// The same in two steps, for a writer that takes its time between them (the kept analysis: its
// temporary folder shows, locked, while it computes): begin() checks the target, removes
// abandoned temporary folders and makes a new one; publish() makes it durable and swaps it in.
// Destroyed unpublished, the temporary folder is removed.
class FolderWrite {
 public:
  static Result<FolderWrite> begin(const FolderTarget& target);
  FolderWrite(FolderWrite&& other) noexcept;
  FolderWrite& operator=(FolderWrite&&) = delete;
  ~FolderWrite();
  const std::filesystem::path& temp() const { return temp_; }
  Result<void> publish();

 private:
  FolderWrite(std::filesystem::path target, std::filesystem::path temp, bool exists, int lock_fd)
      : target_(std::move(target)), temp_(std::move(temp)), exists_(exists), lock_fd_(lock_fd) {}
  std::filesystem::path target_, temp_;
  bool exists_ = false;
  int lock_fd_ = -1;  // flock on the temporary folder while this writer lives
};

// `produce` fills the temporary folder; after it returns, the folder is published.
Result<void> write_folder_atomically(const FolderTarget& target,
                                     const std::function<Result<void>(const std::filesystem::path& temp)>& produce);

// Writes a small file and fsyncs it (a manifest).
Result<void> write_small_file(const std::filesystem::path& file, std::string_view text);

}  // namespace paa
