#include "paa/emulator/json_text.hpp"

#include "paa/model/utf8.hpp"

#include <charconv>

namespace paa::emulator {

namespace {
// Escapes `s`, which is valid UTF-8.
void append_escaped(std::string& out, std::string_view s) {
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[7] = {'\\', 'u', '0', '0', "0123456789abcdef"[c >> 4], "0123456789abcdef"[c & 15], 0};
          out += buf;
        } else {
          out += ch;
        }
    }
  }
}
}  // namespace

void append_json_quoted(std::string& out, std::string_view s) {
  out += '"';
  while (!s.empty()) {
    const auto bad = first_invalid_utf8(s);
    append_escaped(out, s.substr(0, bad.value_or(s.size())));
    if (!bad) break;
    out += "\xEF\xBF\xBD";  // U+FFFD for the byte that starts no valid sequence
    s.remove_prefix(*bad + 1);
  }
  out += '"';
}

void append_int(std::string& out, std::int64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

bool percent_decode(std::string_view in, std::string& out) {
  out.clear();
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < in.size(); ++i) {
    char c = in[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%') {
      if (i + 2 >= in.size()) return false;
      int hi = hex(in[i + 1]), lo = hex(in[i + 2]);
      if (hi < 0 || lo < 0) return false;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += c;
    }
  }
  return true;
}

}  // namespace paa::emulator
