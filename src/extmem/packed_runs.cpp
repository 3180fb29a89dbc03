#include "paa/extmem/packed_runs.hpp"

#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <stdexcept>

namespace paa::extmem {

namespace {

constexpr std::size_t kBlockHeader = 8;
// zstd's fastest level: the runs are read once, so speed matters more than ratio.
constexpr int kBlockLevel = 1;
// How much of a run a reader reads before it gives that much disk back.
constexpr std::uint64_t kGiveBackBytes = std::uint64_t{1} << 20;

std::uint32_t packed_u32(const char* p) {
  std::uint32_t v = 0;
  std::memcpy(&v, p, 4);
  return v;
}

}  // namespace

struct RunCodec::Contexts {
  Contexts() : compress(ZSTD_createCCtx()), decompress(ZSTD_createDCtx()) {
    if (compress == nullptr || decompress == nullptr) {
      ZSTD_freeCCtx(compress);
      ZSTD_freeDCtx(decompress);
      throw std::bad_alloc();
    }
  }
  ~Contexts() {
    ZSTD_freeCCtx(compress);
    ZSTD_freeDCtx(decompress);
  }
  Contexts(const Contexts&) = delete;
  Contexts& operator=(const Contexts&) = delete;
  ZSTD_CCtx* compress;
  ZSTD_DCtx* decompress;
};

RunCodec::RunCodec() : zstd_(std::make_unique<Contexts>()) {}
RunCodec::~RunCodec() = default;

void RunCodec::append(ScratchFile& file, std::string_view plain) {
  while (!plain.empty()) {
    const std::size_t n = std::min(plain.size(), kPackedBlockBytes - block_.size());
    block_.append(plain.substr(0, n));
    plain.remove_prefix(n);
    if (block_.size() == kPackedBlockBytes) write_block(file);
  }
}

void RunCodec::write_block(ScratchFile& file) {
  packed_.resize(kBlockHeader + ZSTD_compressBound(block_.size()));
  const std::size_t n = ZSTD_compressCCtx(zstd_->compress, packed_.data() + kBlockHeader, packed_.size() - kBlockHeader,
                                          block_.data(), block_.size(), kBlockLevel);
  // Only a bug (a bound too small, a bad parameter) makes zstd fail here.
  if (ZSTD_isError(n)) throw std::logic_error(std::string("zstd cannot compress a sorted run: ") + ZSTD_getErrorName(n));
  const auto packed_size = static_cast<std::uint32_t>(n);
  const auto plain_size = static_cast<std::uint32_t>(block_.size());
  std::memcpy(packed_.data(), &packed_size, 4);
  std::memcpy(packed_.data() + 4, &plain_size, 4);
  file.out().append({packed_.data(), kBlockHeader + n});
  block_.clear();
}

Result<PackedRun> RunCodec::end_run(ScratchFile& file, std::uint64_t offset) {
  if (!block_.empty()) write_block(file);
  if (file.out().failed()) return *file.out().error();
  return PackedRun{offset, file.size() - offset};
}

Error PackedRunReader::damaged() const {
  return make_error(errc::io, "a sorted run in the scratch file " + file_->path() + " is cut short or damaged");
}

Result<void> PackedRunReader::ensure(std::size_t n) {
  if (plain_.size() - at_ >= n) return {};
  plain_.erase(0, at_);
  at_ = 0;
  std::string& packed = codec_->packed_;
  while (plain_.size() < n) {
    if (read_ + kBlockHeader > run_.bytes) return damaged();
    char header[kBlockHeader];
    if (auto r = file_->read_at(run_.offset + read_, header, kBlockHeader); !r) return r;
    const std::uint32_t packed_size = packed_u32(header);
    const std::uint32_t plain_size = packed_u32(header + 4);
    if (read_ + kBlockHeader + packed_size > run_.bytes || plain_size > kPackedBlockBytes) return damaged();
    packed.resize(packed_size);
    if (auto r = file_->read_at(run_.offset + read_ + kBlockHeader, packed.data(), packed_size); !r) return r;
    read_ += kBlockHeader + packed_size;
    const std::size_t had = plain_.size();
    plain_.resize(had + plain_size);
    const std::size_t got =
        ZSTD_decompressDCtx(codec_->zstd_->decompress, plain_.data() + had, plain_size, packed.data(), packed_size);
    if (ZSTD_isError(got) || got != plain_size) return damaged();
  }
  // In whole 4 KiB blocks of the file: a block is given back once every byte of it was read.
  const std::uint64_t read_to = (run_.offset + read_) / 4096 * 4096;
  if (read_to >= given_back_ + kGiveBackBytes || (read_ == run_.bytes && read_to > given_back_)) {
    file_->give_back(std::max(given_back_, run_.offset), read_to);
    given_back_ = read_to;
  }
  return {};
}

}  // namespace paa::extmem
