#include "paa/extmem/zstd_file.hpp"

#include "paa/output/sink.hpp"

#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>
#include <fcntl.h>
#include <unistd.h>

namespace paa::extmem {

namespace {

constexpr int kLevel = 3;  // zstd's default: most of the ratio at a fraction of the time
constexpr std::size_t kChunk = std::size_t{1} << 20;

}  // namespace

// The caller fills a frame while a thread of the writer's own compresses and writes the one
// before (at most one waits between them): compression takes the second core, and each frame
// is whole, so a reader can begin at any of them.
struct ZstdFileWriter::Impl {
  struct Frame {
    std::string data;
    std::size_t marks = 0;  // mark_frame() calls just before this frame
  };
  int fd = -1;
  std::string name;
  std::unique_ptr<FdSink> sink;
  ZSTD_CCtx* cctx = nullptr;  // the thread's
  Frame filling;
  std::mutex m;
  std::condition_variable changed;
  std::optional<Frame> waiting;
  bool closing = false;
  std::thread thread;
  // The thread's alone until it is joined.
  std::uint64_t written = 0;
  std::vector<std::uint64_t> marks;
  Result<void> error;

  ~Impl() {
    stop();
    if (cctx != nullptr) ZSTD_freeCCtx(cctx);
    if (fd >= 0) ::close(fd);
  }
  void stop() {
    if (!thread.joinable()) return;
    {
      std::lock_guard lock(m);
      closing = true;
    }
    changed.notify_all();
    thread.join();
  }
  // Hands the frame being filled to the thread (waiting while the one before still waits).
  void submit() {
    if (filling.data.empty() && filling.marks == 0) return;
    if (!thread.joinable()) throw std::logic_error("ZstdFileWriter: appended to after finish()");
    {
      std::unique_lock lock(m);
      changed.wait(lock, [&] { return !waiting.has_value(); });
      waiting = std::move(filling);
    }
    changed.notify_all();
    filling = Frame{};
    filling.data.reserve(kChunk);
  }
  void run() {
    std::string out;
    for (;;) {
      Frame frame;
      {
        std::unique_lock lock(m);
        changed.wait(lock, [&] { return waiting.has_value() || closing; });
        if (!waiting) return;
        frame = std::move(*waiting);
        waiting.reset();
      }
      changed.notify_all();
      // Out of memory here would end the program from this thread: it becomes the file's error.
      try {
        write(frame, out);
      } catch (const std::exception& e) {
        if (error) error = make_error(errc::io, "cannot compress " + name + ": " + e.what());
      }
    }
  }
  void write(const Frame& frame, std::string& out) {
    marks.insert(marks.end(), frame.marks, written);
    if (!error || frame.data.empty()) return;
    out.resize(ZSTD_compressBound(frame.data.size()));
    const std::size_t size = ZSTD_compress2(cctx, out.data(), out.size(), frame.data.data(), frame.data.size());
    if (ZSTD_isError(size)) {
      error = make_error(errc::io, "cannot compress " + name + ": " + ZSTD_getErrorName(size));
      return;
    }
    error = sink->write({out.data(), size});
    written += size;
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
  impl->filling.data.reserve(kChunk);
  Impl* const writer = impl.get();
  impl->thread = std::thread([writer] { writer->run(); });
  return std::unique_ptr<ZstdFileWriter>(new ZstdFileWriter(std::move(impl)));
}

void ZstdFileWriter::append(std::string_view bytes) {
  Impl& w = *impl_;
  w.filling.data.append(bytes);
  if (w.filling.data.size() >= kChunk) w.submit();
}

void ZstdFileWriter::mark_frame() {
  Impl& w = *impl_;
  if (!w.filling.data.empty()) w.submit();
  ++w.filling.marks;
}

Result<void> ZstdFileWriter::finish() {
  Impl& w = *impl_;
  w.submit();
  w.stop();
  return w.error;
}

const std::vector<std::uint64_t>& ZstdFileWriter::marks() const { return impl_->marks; }

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
  // From `offset` of the file open as `fd`.
  Result<void> begin(std::uint64_t offset) {
    if (offset != 0 && ::lseek(fd, static_cast<off_t>(offset), SEEK_SET) < 0) {
      return make_error(errc::io, "cannot read " + shown + ": " + std::strerror(errno));
    }
    dctx = ZSTD_createDCtx();
    if (dctx == nullptr) return make_error(errc::io, "cannot read " + shown + ": out of memory");
    return {};
  }
};

ZstdFileReader::ZstdFileReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ZstdFileReader::~ZstdFileReader() = default;

Result<std::unique_ptr<ZstdFileReader>> ZstdFileReader::open(int dir_fd, const std::string& name, std::string shown,
                                                             std::uint64_t offset) {
  auto impl = std::make_unique<Impl>();
  impl->shown = std::move(shown);
  impl->fd = ::openat(dir_fd, name.c_str(), O_RDONLY | O_CLOEXEC);
  if (impl->fd < 0) return make_error(errc::io, "cannot open " + impl->shown + ": " + std::strerror(errno));
  if (auto begun = impl->begin(offset); !begun) return begun.error();
  return std::unique_ptr<ZstdFileReader>(new ZstdFileReader(std::move(impl)));
}

Result<std::unique_ptr<ZstdFileReader>> ZstdFileReader::open_file(int file_fd, std::string shown, std::uint64_t offset) {
  auto impl = std::make_unique<Impl>();
  impl->shown = std::move(shown);
  // Its own description (not a dup, whose offset the caller's fd would share), through /proc.
  impl->fd = ::open(("/proc/self/fd/" + std::to_string(file_fd)).c_str(), O_RDONLY | O_CLOEXEC);
  if (impl->fd < 0) return make_error(errc::io, "cannot open " + impl->shown + ": " + std::strerror(errno));
  if (auto begun = impl->begin(offset); !begun) return begun.error();
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
