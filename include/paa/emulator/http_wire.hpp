#pragma once
// HTTP/1.1 response bytes, assembled by hand so faults (truncation, trickling) control every byte.
#include <cstddef>
#include <string>
#include <string_view>

#include <zlib.h>

namespace paa::emulator {

std::string_view reason_phrase(unsigned status);

struct ResponseHead {
  unsigned status = 200;
  std::size_t content_length = 0;  // ignored when chunked
  bool chunked = false;
  bool keep_alive = true;
  bool gzip = false;
  unsigned retry_after = 0;  // 0: no header
  bool allow_get = false;
};

void append_head(std::string& out, const ResponseHead& head);

// Chunked transfer coding of `body` in `pieces` chunks, with the terminating zero chunk.
void append_chunked(std::string& out, std::string_view body, std::size_t pieces);

// True when an Accept-Encoding value accepts gzip (a "gzip" or "*" coding whose q is not 0).
bool accepts_gzip(std::string_view accept_encoding);

// gzip (RFC 1952) with one reusable zlib stream per connection.
class GzipEncoder {
 public:
  GzipEncoder() = default;
  GzipEncoder(const GzipEncoder&) = delete;
  GzipEncoder& operator=(const GzipEncoder&) = delete;
  ~GzipEncoder();
  void compress(std::string_view in, std::string& out);

 private:
  z_stream zs_{};
  bool ready_ = false;
};

}  // namespace paa::emulator
