#pragma once
// The runs of an external sort (KeyedSort, SortedRuns) as they lie in the scratch file: each
// run's bytes compressed by zstd in blocks of kPackedBlockBytes (u32 compressed size, u32 plain
// size, then the block), read back front to back one block at a time. What a reader has read is
// given back to the file system as it goes (ScratchFile::give_back), so a merge does not hold
// its input to its end. Sorted records of questions and answers shrink about 5 times; the
// integer records of the topics' graph about 2 to 3 times.
#include "paa/error.hpp"
#include "paa/extmem/scratch_file.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace paa::extmem {

// Small enough that hundreds of runs merge in a few MiB, large enough to compress well.
inline constexpr std::size_t kPackedBlockBytes = std::size_t{32} << 10;

struct PackedRun {
  std::uint64_t offset = 0;  // in the scratch file
  std::uint64_t bytes = 0;   // compressed, with the blocks' headers
};

// zstd's contexts and buffers, one set per sort (its runs are written and read on one thread).
class RunCodec {
 public:
  RunCodec();
  ~RunCodec();
  RunCodec(const RunCodec&) = delete;
  RunCodec& operator=(const RunCodec&) = delete;

  // Appends `plain` to the run being written into `file`.
  void append(ScratchFile& file, std::string_view plain);
  // Ends the run begun at `offset` (the file's size when its first byte was appended); the
  // file's write error, if any.
  Result<PackedRun> end_run(ScratchFile& file, std::uint64_t offset);

 private:
  friend class PackedRunReader;
  void write_block(ScratchFile& file);
  struct Contexts;
  std::unique_ptr<Contexts> zstd_;
  std::string block_;   // plain bytes waiting for their block
  std::string packed_;  // a block compressed, or read to be decompressed
};

// One run read front to back.
class PackedRunReader {
 public:
  PackedRunReader(ScratchFile& file, PackedRun run, RunCodec& codec) : file_(&file), run_(run), codec_(&codec) {}

  // Whether every byte of the run has been taken.
  bool done() const { return at_ == plain_.size() && read_ == run_.bytes; }
  // At least `n` plain bytes from the current place on are in view(); an error when the run
  // ends before (a damaged file).
  Result<void> ensure(std::size_t n);
  // The plain bytes from the current place on (valid until the next ensure()).
  std::string_view view() const { return std::string_view(plain_).substr(at_); }
  void consume(std::size_t n) { at_ += n; }

 private:
  Error damaged() const;
  ScratchFile* file_;
  PackedRun run_;
  RunCodec* codec_;
  std::string plain_;
  std::size_t at_ = 0;            // the current place in plain_
  std::uint64_t read_ = 0;        // bytes of the run (compressed) read so far
  std::uint64_t given_back_ = 0;  // the file's offset up to which the disk was given back
};

}  // namespace paa::extmem
