#include "paa/export/brief/markdown_text.hpp"

#include <cstddef>
#include <string>

namespace paa::exporting {

namespace {

// The byte length of a line break or white space at `i` that the text collapses, 0 if none:
// ASCII white space and every other C0 control or DEL (a renderer may break a line at any of
// them, and none is visible), U+0085, U+2028, U+2029.
std::size_t space_at(std::string_view text, std::size_t i) {
  const auto c = static_cast<unsigned char>(text[i]);
  if (c <= 0x20 || c == 0x7f) return 1;
  if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x85) return 2;
  if (c == 0xe2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80) {
    const auto d = static_cast<unsigned char>(text[i + 2]);
    if (d == 0xa8 || d == 0xa9) return 3;
  }
  return 0;
}

std::string collapsed(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool pending = false;
  for (std::size_t i = 0; i < text.size();) {
    if (const std::size_t n = space_at(text, i); n > 0) {
      pending = !out.empty();
      i += n;
      continue;
    }
    if (pending) out.push_back(' ');
    pending = false;
    out.push_back(text[i++]);
  }
  return out;
}

bool is_alnum(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

}  // namespace

void append_markdown_text(BufferedOutput& out, std::string_view raw, bool starts_block) {
  const std::string text = collapsed(raw);
  // At a block's start: "-", "+" (a list), "=" (a heading underline, were a line above), and
  // "1." or "1)" (an ordered list: up to nine digits).
  std::size_t escape_at = std::string::npos;
  if (starts_block && !text.empty()) {
    if (text[0] == '-' || text[0] == '+' || text[0] == '=') {
      escape_at = 0;
    } else {
      std::size_t digits = 0;
      while (digits < text.size() && digits < 10 && text[digits] >= '0' && text[digits] <= '9') ++digits;
      if (digits > 0 && digits <= 9 && digits < text.size() && (text[digits] == '.' || text[digits] == ')')) {
        escape_at = digits;
      }
    }
  }
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    bool escape = i == escape_at;
    switch (c) {
      case '\\': case '`': case '*': case '_': case '[': case ']': case '<': case '>': case '|': case '#':
      case '~': case '$':
        escape = true;
        break;
      case '&':
        escape = i + 1 < text.size() && (is_alnum(text[i + 1]) || text[i + 1] == '#');
        break;
      default: break;
    }
    if (escape) out.put('\\');
    out.put(c);
  }
}

void append_markdown_destination(BufferedOutput& out, std::string_view url) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  out.put('<');
  for (const char ch : url) {
    const auto c = static_cast<unsigned char>(ch);
    if (c <= 0x20 || c == 0x7f || c == '<' || c == '>' || c == '\\') {
      out.put('%');
      out.put(kHex[c >> 4]);
      out.put(kHex[c & 0xf]);
    } else {
      out.put(ch);
    }
  }
  out.put('>');
}


}  // namespace paa::exporting
