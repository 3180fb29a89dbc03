#include "paa/export/script_json.hpp"

#include <array>

namespace paa::exporting {

namespace {

constexpr std::array<bool, 256> make_special() {
  std::array<bool, 256> t{};
  for (int c = 0; c < 0x20; ++c) t[static_cast<std::size_t>(c)] = true;
  for (const char c : {'"', '\\', '<', '>', '&'}) t[static_cast<unsigned char>(c)] = true;
  t[0xE2] = true;  // first byte of U+2028 / U+2029 (E2 80 A8 / E2 80 A9)
  return t;
}
constexpr auto kSpecial = make_special();

}  // namespace

void append_script_json_string(BufferedOutput& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out.put('"');
  std::size_t run = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (!kSpecial[c]) continue;
    if (c == 0xE2) {
      if (i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
          (static_cast<unsigned char>(text[i + 2]) == 0xA8 || static_cast<unsigned char>(text[i + 2]) == 0xA9)) {
        out.append(text.substr(run, i - run));
        out.append(static_cast<unsigned char>(text[i + 2]) == 0xA8 ? "\\u2028" : "\\u2029");
        i += 2;
        run = i + 1;
      }
      continue;
    }
    out.append(text.substr(run, i - run));
    run = i + 1;
    switch (c) {
      case '"': out.append("\\\""); break;
      case '\\': out.append("\\\\"); break;
      case '\n': out.append("\\n"); break;
      case '\r': out.append("\\r"); break;
      case '\t': out.append("\\t"); break;
      default: {
        const char esc[6] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 0xF]};
        out.append({esc, 6});
      }
    }
  }
  out.append(text.substr(run));
  out.put('"');
}

}  // namespace paa::exporting
