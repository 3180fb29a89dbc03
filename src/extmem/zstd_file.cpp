#include "paa/extmem/zstd_file.hpp"

#include "paa/output/sink.hpp"

#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace paa::extmem {

namespace {

constexpr int kLevel = 3;  // zstd's default: most of the ratio at a fraction of the time
constexpr std::size_t kChunk = std::size_t{1} << 20;

}  // namespace

struct ZstdFileWriter::Impl {
  int fd = -1;
  std::string name;
  std::unique_ptr<FdSink> sink;
  ZSTD_CCtx* cctx = nullptr;
  std::string in, out;
  Result<void> error;
  ~Impl() {
    if (cctx != nullptr) ZSTD_freeCCtx(cctx);
    if (fd >= 0) ::close(fd);
  }
  // Compresses what `in` holds (all of it with `end`), writing what comes out.
  void compress(ZSTD_EndDirective mode) {
    ZSTD_inBuffer input{in.data(), in.size(), 0};
    bool finished = false;
    while (error && !finished) {
      ZSTD_outBuffer output{out.data(), out.size(), 0};
      const std::size_t left = ZSTD_compressStream2(cctx, &output, &input, mode);
      if (ZSTD_isError(left)) {
        error = make_error(errc::io, "cannot compress " + name + ": " + ZSTD_getErrorName(left));
        break;
      }
      if (output.pos > 0) error = sink->write({out.data(), output.pos});
      finished = mode == ZSTD_e_end ? left == 0 : input.pos == input.size;
    }
    in.clear();
  }
};

ZstdFileWriter::ZstdFileWriter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ZstdFileWriter::~ZstdFileWriter() = default;

Result<std::unique_ptr<ZstdFileWriter>> ZstdFileWriter::create(int dir_fd, const std::string& name) {
  auto impl = std::make_unique<Impl>();
  impl->name = name;
  impl->fd = ::openat(dir_fd, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (impl->fd < 0) return make_error(errc::io, "cannot create " + name + ": " + std::strerror(errno));
  impl->sink = std::make_unique<FdSink>(impl->fd, name);
  impl->cctx = ZSTD_createCCtx();
  if (impl->cctx == nullptr) return make_error(errc::io, "cannot compress " + name + ": out of memory");
  ZSTD_CCtx_setParameter(impl->cctx, ZSTD_c_compressionLevel, kLevel);
  ZSTD_CCtx_setParameter(impl->cctx, ZSTD_c_checksumFlag, 1);  // damage in the middle is found at the end
  // Compression in a thread of zstd's own, beside the caller making the next rows (a libzstd
  // built without threads refuses it and compresses inline).
  ZSTD_CCtx_setParameter(impl->cctx, ZSTD_c_nbWorkers, 1);
  impl->out.resize(ZSTD_CStreamOutSize());
  impl->in.reserve(kChunk);
  return std::unique_ptr<ZstdFileWriter>(new ZstdFileWriter(std::move(impl)));
}

void ZstdFileWriter::append(std::string_view bytes) {
  Impl& w = *impl_;
  w.in.append(bytes);
  if (w.in.size() >= kChunk) w.compress(ZSTD_e_continue);
}

Result<void> ZstdFileWriter::finish() {
  Impl& w = *impl_;
  w.compress(ZSTD_e_end);
  return w.error;
}

struct ZstdFileReader::Impl {
  int fd = -1;
  std::string shown;
  ZSTD_DCtx* dctx = nullptr;
  std::string in;
  std::size_t in_pos = 0;
  bool eof = false;          // the file has been read to its end
  std::size_t frame_left = 0;  // ZSTD_decompressStream's hint: 0 when a frame has just ended
  std::string buffer;        // decompressed, not yet taken from `used`
  std::size_t used = 0;
  ~Impl() {
    if (dctx != nullptr) ZSTD_freeDCtx(dctx);
    if (fd >= 0) ::close(fd);
  }
  Error damaged(const std::string& why) const {
    return make_error(errc::store_damaged, "cannot read " + shown + ": " + why);
  }
};

ZstdFileReader::ZstdFileReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ZstdFileReader::~ZstdFileReader() = default;

Result<std::unique_ptr<ZstdFileReader>> ZstdFileReader::open(int dir_fd, const std::string& name, std::string shown) {
  auto impl = std::make_unique<Impl>();
  impl->shown = std::move(shown);
  impl->fd = ::openat(dir_fd, name.c_str(), O_RDONLY | O_CLOEXEC);
  if (impl->fd < 0) return make_error(errc::io, "cannot open " + impl->shown + ": " + std::strerror(errno));
  impl->dctx = ZSTD_createDCtx();
  if (impl->dctx == nullptr) return make_error(errc::io, "cannot read " + impl->shown + ": out of memory");
  return std::unique_ptr<ZstdFileReader>(new ZstdFileReader(std::move(impl)));
}

Result<void> ZstdFileReader::fill(std::size_t n) {
  Impl& r = *impl_;
  if (r.buffer.size() - r.used >= n) return {};
  r.buffer.erase(0, r.used);
  r.used = 0;
  while (r.buffer.size() < n) {
    if (r.in_pos == r.in.size() && !r.eof) {
      r.in.resize(kChunk);
      ssize_t got = 0;
      do {
        got = ::read(r.fd, r.in.data(), r.in.size());
      } while (got < 0 && errno == EINTR);
      if (got < 0) return make_error(errc::io, "cannot read " + r.shown + ": " + std::strerror(errno));
      r.in.resize(static_cast<std::size_t>(got));
      r.in_pos = 0;
      r.eof = got == 0;
    }
    // With the input at its end the decoder may still hold output: asked until it gives none.
    const std::size_t have = r.buffer.size();
    r.buffer.resize(have + std::max(n - have, ZSTD_DStreamOutSize()));
    ZSTD_inBuffer input{r.in.data(), r.in.size(), r.in_pos};
    ZSTD_outBuffer output{r.buffer.data() + have, r.buffer.size() - have, 0};
    const std::size_t hint = ZSTD_decompressStream(r.dctx, &output, &input);
    r.buffer.resize(have + output.pos);
    if (ZSTD_isError(hint)) return r.damaged(ZSTD_getErrorName(hint));
    // A call that moved nothing at a frame's end would hint at the next frame's header.
    if (input.pos != r.in_pos || output.pos > 0) r.frame_left = hint;
    r.in_pos = input.pos;
    if (output.pos == 0 && r.eof && r.in_pos == r.in.size()) break;
  }
  return {};
}

Result<bool> ZstdFileReader::done() {
  if (auto filled = fill(1); !filled) return filled.error();
  const Impl& r = *impl_;
  if (r.buffer.size() > r.used) return false;
  if (r.frame_left != 0) return r.damaged("it ends in the middle of its data");
  return true;
}

Result<std::string_view> ZstdFileReader::take(std::size_t n) {
  if (auto filled = fill(n); !filled) return filled.error();
  Impl& r = *impl_;
  if (r.buffer.size() - r.used < n) return r.damaged("it ends early");
  const std::string_view out(r.buffer.data() + r.used, n);
  r.used += n;
  return out;
}

}  // namespace paa::extmem
