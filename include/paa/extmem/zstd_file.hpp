#pragma once
// Compressed files of the kept analysis (docs/store.md "The kept analysis"): a stream of records
// written through zstd into a new file as independent frames (about 1 MiB each, compressed by
// a thread of the writer's own), and read back front to back in bounded memory, from the start
// or from a marked frame. The rows a view reads in order compress 4 to 9 times; what is read
// at random places stays plain.
#include "paa/error.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace paa::extmem {

class ZstdFileWriter {
 public:
  // A new file `name` in the folder open as `dir_fd` (it must not exist).
  static Result<std::unique_ptr<ZstdFileWriter>> create(int dir_fd, const std::string& name);
  ~ZstdFileWriter();
  ZstdFileWriter(const ZstdFileWriter&) = delete;
  ZstdFileWriter& operator=(const ZstdFileWriter&) = delete;

  // Errors are sticky and reported by finish(); nothing is appended after it (a bug: thrown).
  void append(std::string_view bytes);
  // What is appended next begins a zstd frame, which a reader opened at its offset (marks())
  // decompresses without the frames before it. Marked every few hundred rows, it costs a
  // little ratio and makes the rows reachable at random.
  void mark_frame();
  // Ends the stream (durable when its folder is published: FolderWrite).
  Result<void> finish();
  // After finish(): the offset of each mark_frame() in the file, in order.
  const std::vector<std::uint64_t>& marks() const;

 private:
  struct Impl;
  explicit ZstdFileWriter(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

class ZstdFileReader {
 public:
  // `name` in the folder open as `dir_fd`; `shown` names it in messages. `offset`: where a frame
  // begins (ZstdFileWriter::marks()), read from there to the end.
  static Result<std::unique_ptr<ZstdFileReader>> open(int dir_fd, const std::string& name, std::string shown,
                                                      std::uint64_t offset = 0);
  // The same for a file already open as `file_fd`, reopened with an offset of its own (the
  // caller keeps `file_fd`; a file removed meanwhile is still read).
  static Result<std::unique_ptr<ZstdFileReader>> open_file(int file_fd, std::string shown, std::uint64_t offset = 0);
  ~ZstdFileReader();
  ZstdFileReader(const ZstdFileReader&) = delete;
  ZstdFileReader& operator=(const ZstdFileReader&) = delete;

  // Whether every byte has been taken; an error when the file cannot be read or is damaged.
  Result<bool> done();
  // The next `n` bytes, valid until the next call; an error past the end.
  Result<std::string_view> take(std::size_t n);

 private:
  struct Impl;
  explicit ZstdFileReader(std::unique_ptr<Impl> impl);
  // Decompresses until at least `n` bytes are buffered or the stream ends.
  Result<void> fill(std::size_t n);
  std::unique_ptr<Impl> impl_;
};

}  // namespace paa::extmem
