#include "paa/net/gzip.hpp"

#include <libdeflate.h>

#include <algorithm>
#include <memory>

namespace paa {
namespace {

// libdeflate decodes a whole buffer at once, about twice as fast as zlib's streaming inflate
// on the service's answers (8 KiB trees: 7.6-8.1 against 16.4-16.6 µs each;
// scripts/bench/inflate_micro.cpp, BENCHMARKS.md round 4).
// A decompressor is not thread-safe and costs ~30 KiB to set up: one per thread, kept.
libdeflate_decompressor* decompressor() {
  struct Free {
    void operator()(libdeflate_decompressor* d) const { libdeflate_free_decompressor(d); }
  };
  thread_local std::unique_ptr<libdeflate_decompressor, Free> d(libdeflate_alloc_decompressor());
  return d.get();
}

bool is_gzip(std::string_view in) {
  return in.size() >= 2 && static_cast<unsigned char>(in[0]) == 0x1f && static_cast<unsigned char>(in[1]) == 0x8b;
}

// A gzip member ends with its size (mod 2^32): the first guess of the output's size, never
// trusted (a wrong one costs a retry with twice the room, up to the limit).
std::size_t gzip_size_hint(std::string_view in) {
  if (in.size() < 18) return 0;
  const auto* p = reinterpret_cast<const unsigned char*>(in.data() + in.size() - 4);
  return static_cast<std::size_t>(p[0]) | static_cast<std::size_t>(p[1]) << 8 |
         static_cast<std::size_t>(p[2]) << 16 | static_cast<std::size_t>(p[3]) << 24;
}

}  // namespace

Result<std::string> gunzip(std::string_view in, std::size_t max_bytes) {
  libdeflate_decompressor* d = decompressor();
  if (d == nullptr) return make_error(errc::bad_response, "gzip: cannot allocate a decompressor (out of memory)");
  const bool gzip = is_gzip(in);  // otherwise a zlib stream, as zlib's inflate accepted
  std::size_t room = gzip ? gzip_size_hint(in) : 0;
  if (room == 0) room = in.size() * 4;
  room = std::min(std::max<std::size_t>(room, 4096), max_bytes);
  std::string out;
  for (;;) {
    out.resize(room);
    std::size_t produced = 0;
    const libdeflate_result r =
        gzip ? libdeflate_gzip_decompress(d, in.data(), in.size(), out.data(), out.size(), &produced)
             : libdeflate_zlib_decompress(d, in.data(), in.size(), out.data(), out.size(), &produced);
    if (r == LIBDEFLATE_SUCCESS) {
      out.resize(produced);
      return out;
    }
    if (r != LIBDEFLATE_INSUFFICIENT_SPACE) return make_error(errc::bad_response, "gzip body is truncated or corrupt");
    if (room >= max_bytes) {
      return make_error(errc::bad_response, "gzip body inflates past the " + std::to_string(max_bytes) + "-byte limit");
    }
    room = std::min(max_bytes, room * 2);
  }
}

}  // namespace paa
