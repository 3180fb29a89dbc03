#pragma once
// Scratch files: unlinked temporary files in $TMPDIR (default /tmp) that hold what does not
// fit in memory while a command runs. They vanish with their descriptor, whatever happens.
#include "paa/error.hpp"
#include "paa/extmem/scratch_map.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/output/sink.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace paa::extmem {

// Where scratch files go: $TMPDIR, or /tmp.
std::string temp_folder();

// A scratch file in temp_folder() named `<prefix>-XXXXXX`, already unlinked; `path` is its
// former name, for messages. Returns the fd, which the caller closes.
Result<int> create_unlinked_temp(std::string_view prefix, std::string& path);

// A scratch file written front to back through a buffer, then read back in place: by
// pread (read_at) or mapped (map). Write errors are sticky in out() and reported by flush().
// The same reads serve a kept file (the kept analysis, docs/store.md): one written by keep_as
// into a folder and opened again by open_kept, read-only.
class ScratchFile {
 public:
  static Result<std::unique_ptr<ScratchFile>> create(std::string_view prefix,
                                                     std::size_t buffer = kDefaultOutputBuffer);
  // `name` in the folder open as `dir_fd`, read-only; `shown` names it in messages.
  static Result<std::unique_ptr<ScratchFile>> open_kept(int dir_fd, const std::string& name, std::string shown);
  ~ScratchFile();
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;

  BufferedOutput& out() { return out_; }
  // Bytes appended so far (the offset of the next one).
  std::uint64_t size() const { return kept_size_ + out_.bytes_written(); }
  const std::string& path() const { return path_; }

  // Writes what is buffered; the first write error if any.
  Result<void> flush() { return out_.flush(); }
  // `bytes` bytes at `offset` (flushed before).
  Result<void> read_at(std::uint64_t offset, char* data, std::uint64_t bytes) const;
  // Gives the disk under [begin, end) back to the file system (a hole: reads there see zeros;
  // the size is unchanged), in whole 4 KiB blocks inside the range. For what was read once and
  // is never read again (a merged run), so a long merge does not hold its input to the end.
  // Best effort: a file system without holes keeps the bytes.
  void give_back(std::uint64_t begin, std::uint64_t end);
  // Flushes and maps everything written so far for reading.
  Result<ScratchMap> map(ScratchMap::Access access);
  // Flushes and copies everything written so far to a new file `name` in the folder open as
  // `dir_fd`, which must not exist yet (durable when its folder is published: FolderWrite).
  Result<void> keep_as(int dir_fd, const std::string& name);
  // Everything written (or kept) as one string: for the kept analysis's small files.
  Result<std::string> read_all() const;

 private:
  ScratchFile(int fd, std::string path, std::size_t buffer);
  int fd_;
  std::string path_;
  std::uint64_t kept_size_ = 0;  // open_kept: the file's size (nothing is appended)
  FdSink sink_;
  BufferedOutput out_;
};

// A new file `name` in the folder open as `dir_fd` holding `bytes`; it must not exist yet. The
// kept analysis's small files (durable when its folder is published: FolderWrite).
Result<void> write_new_file(int dir_fd, const std::string& name, std::string_view bytes);

}  // namespace paa::extmem
