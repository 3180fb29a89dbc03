#include "paa/net/gzip.hpp"

#include <zlib.h>

namespace paa {

Result<std::string> gunzip(std::string_view in, std::size_t max_bytes) {
  z_stream zs{};
  // 32 + MAX_WBITS: accept gzip and zlib headers.
  if (inflateInit2(&zs, 32 + MAX_WBITS) != Z_OK) return make_error(errc::bad_response, "gzip: cannot initialise zlib");
  std::string out;
  out.resize(std::min<std::size_t>(max_bytes, std::max<std::size_t>(in.size() * 4, 4096)));
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  zs.avail_in = static_cast<uInt>(in.size());
  std::size_t produced = 0;
  int rc = Z_OK;
  while (rc != Z_STREAM_END) {
    if (produced == out.size()) {
      if (out.size() >= max_bytes) {
        inflateEnd(&zs);
        return make_error(errc::bad_response, "gzip body inflates past the " + std::to_string(max_bytes) + "-byte limit");
      }
      out.resize(std::min(max_bytes, out.size() * 2));
    }
    zs.next_out = reinterpret_cast<Bytef*>(out.data() + produced);
    zs.avail_out = static_cast<uInt>(out.size() - produced);
    rc = inflate(&zs, Z_NO_FLUSH);
    produced = out.size() - zs.avail_out;
    if (rc == Z_BUF_ERROR && zs.avail_in == 0) {
      inflateEnd(&zs);
      return make_error(errc::bad_response, "gzip body is truncated");
    }
    if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) {
      inflateEnd(&zs);
      return make_error(errc::bad_response, std::string("gzip body is corrupt: ") + (zs.msg ? zs.msg : "zlib error"));
    }
  }
  inflateEnd(&zs);
  out.resize(produced);
  return out;
}

}  // namespace paa
