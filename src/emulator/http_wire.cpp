#include "paa/emulator/http_wire.hpp"

#include "paa/emulator/json_text.hpp"

#include <stdexcept>

namespace paa::emulator {

std::string_view reason_phrase(unsigned status) {
  switch (status) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 429: return "Too Many Requests";
    case 500: return "Internal Server Error";
    default: return "Unknown";
  }
}

void append_head(std::string& out, const ResponseHead& h) {
  out += "HTTP/1.1 ";
  append_int(out, h.status);
  out += ' ';
  out += reason_phrase(h.status);
  out += "\r\nServer: paa-emulator\r\nContent-Type: application/json; charset=utf-8\r\n";
  if (h.chunked) {
    out += "Transfer-Encoding: chunked\r\n";
  } else {
    out += "Content-Length: ";
    append_int(out, static_cast<std::int64_t>(h.content_length));
    out += "\r\n";
  }
  if (h.gzip) out += "Content-Encoding: gzip\r\nVary: Accept-Encoding\r\n";
  if (h.retry_after) {
    out += "Retry-After: ";
    append_int(out, h.retry_after);
    out += "\r\n";
  }
  if (h.allow_get) out += "Allow: GET\r\n";
  out += h.keep_alive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n";
}

void append_chunked(std::string& out, std::string_view body, std::size_t pieces) {
  if (pieces == 0) pieces = 1;
  std::size_t size = body.size() / pieces + 1;
  while (!body.empty()) {
    std::string_view chunk = body.substr(0, size);
    body.remove_prefix(chunk.size());
    char hex[20];
    int n = 0;
    for (std::size_t v = chunk.size(); v; v >>= 4) hex[n++] = "0123456789abcdef"[v & 15];
    while (n) out += hex[--n];
    out += "\r\n";
    out += chunk;
    out += "\r\n";
  }
  out += "0\r\n\r\n";
}

bool accepts_gzip(std::string_view v) {
  while (!v.empty()) {
    std::size_t comma = v.find(',');
    std::string_view item = v.substr(0, comma);
    v = comma == std::string_view::npos ? std::string_view{} : v.substr(comma + 1);
    auto trim = [](std::string_view s) {
      while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
      while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
      return s;
    };
    std::size_t semi = item.find(';');
    std::string_view coding = trim(item.substr(0, semi));
    bool is_gzip = coding.size() == 4;
    for (std::size_t i = 0; is_gzip && i < 4; ++i) is_gzip = (coding[i] | 0x20) == "gzip"[i];
    if (!is_gzip && coding != "*") continue;
    if (semi == std::string_view::npos) return true;
    std::string_view param = trim(item.substr(semi + 1));
    if (param.size() >= 2 && (param[0] | 0x20) == 'q' && param[1] == '=') {
      std::string_view q = param.substr(2);
      bool zero = !q.empty() && q[0] == '0' && q.find_first_not_of("0.", 0) == std::string_view::npos;
      if (zero) continue;
    }
    return true;
  }
  return false;
}

GzipEncoder::~GzipEncoder() {
  if (ready_) deflateEnd(&zs_);
}

void GzipEncoder::compress(std::string_view in, std::string& out) {
  if (!ready_) {
    // 16 + MAX_WBITS: gzip wrapper; level 1 because the emulator must not be the bottleneck.
    if (deflateInit2(&zs_, 1, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
      throw std::runtime_error("zlib deflateInit2 failed");
    ready_ = true;
  } else {
    deflateReset(&zs_);
  }
  out.resize(deflateBound(&zs_, static_cast<uLong>(in.size())) + 32);
  zs_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  zs_.avail_in = static_cast<uInt>(in.size());
  zs_.next_out = reinterpret_cast<Bytef*>(out.data());
  zs_.avail_out = static_cast<uInt>(out.size());
  if (deflate(&zs_, Z_FINISH) != Z_STREAM_END) throw std::runtime_error("zlib deflate did not finish");
  out.resize(out.size() - zs_.avail_out);
}

}  // namespace paa::emulator
