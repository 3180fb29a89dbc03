#include "paa/export/branding.hpp"

#include "paa/model/utf8.hpp"

#include <openssl/evp.h>

#include <cerrno>
#include <cstring>
#include <fstream>

namespace paa::exporting {

namespace {

// Code points of UTF-8 text (the title, checked valid first).
std::size_t code_points(std::string_view text) {
  std::size_t n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

// Past white space, a byte-order mark, an XML declaration, comments and a doctype.
std::string_view svg_start(std::string_view t) {
  if (t.starts_with("\xEF\xBB\xBF")) t.remove_prefix(3);
  for (;;) {
    while (!t.empty() && (t[0] == ' ' || t[0] == '\t' || t[0] == '\r' || t[0] == '\n')) t.remove_prefix(1);
    std::string_view close;
    if (t.starts_with("<?")) close = "?>";
    else if (t.starts_with("<!--")) close = "-->";
    else if (t.starts_with("<!")) close = ">";
    else return t;
    const auto end = t.find(close);
    if (end == std::string_view::npos) return {};
    t.remove_prefix(end + close.size());
  }
}

}  // namespace

LogoType logo_type_of(std::string_view bytes) {
  if (bytes.starts_with(std::string_view("\x89PNG\r\n\x1a\n", 8))) return LogoType::png;
  if (first_invalid_utf8(bytes)) return LogoType::none;
  const std::string_view start = svg_start(bytes);
  if (start.starts_with("<svg") && start.size() > 4 &&
      (start[4] == ' ' || start[4] == '>' || start[4] == '\n' || start[4] == '\t' || start[4] == '\r')) {
    return LogoType::svg;
  }
  return LogoType::none;
}

std::string Branding::logo_data_url() const {
  if (logo.empty()) return {};
  std::string encoded(4 * ((logo.size() + 2) / 3) + 1, '\0');
  const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(encoded.data()),
                                reinterpret_cast<const unsigned char*>(logo.data()), static_cast<int>(logo.size()));
  encoded.resize(static_cast<std::size_t>(n));
  return std::string(logo_type == LogoType::svg ? "data:image/svg+xml;base64," : "data:image/png;base64,") + encoded;
}

Result<Branding> read_branding(std::string_view title, const std::filesystem::path& logo) {
  Branding b;
  if (!title.empty()) {
    if (first_invalid_utf8(title)) return make_error(errc::invalid_input, "--title is not UTF-8 text");
    for (unsigned char c : title) {
      if (c < 0x20 || c == 0x7F) {
        return make_error(errc::invalid_input, "--title holds a control character (a line break, a tab): give one line");
      }
    }
    if (code_points(title) > kMaxTitleChars) {
      return make_error(errc::invalid_input, "--title is " + std::to_string(code_points(title)) +
                                                 " characters; at most " + std::to_string(kMaxTitleChars) +
                                                 " fit a header");
    }
    b.title = std::string(title);
  }
  if (logo.empty()) return b;
  std::ifstream in(logo, std::ios::binary);
  if (!in) return make_error(errc::io, "cannot read --logo " + logo.string() + ": " + std::strerror(errno));
  b.logo.resize(kMaxLogoBytes + 1);
  in.read(b.logo.data(), static_cast<std::streamsize>(b.logo.size()));
  if (in.bad()) return make_error(errc::io, "cannot read --logo " + logo.string());
  b.logo.resize(static_cast<std::size_t>(in.gcount()));
  if (b.logo.size() > kMaxLogoBytes) {
    return make_error(errc::invalid_input, "--logo " + logo.string() + " is larger than 256 KiB: every deliverable "
                                               "embeds it; give a smaller PNG or an SVG");
  }
  b.logo_type = logo_type_of(b.logo);
  if (b.logo_type == LogoType::none) {
    return make_error(errc::invalid_input, "--logo " + logo.string() + " is neither a PNG nor an SVG file (read by its "
                                               "bytes, not its name): give a PNG or an SVG");
  }
  return b;
}

}  // namespace paa::exporting
