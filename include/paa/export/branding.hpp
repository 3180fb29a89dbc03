#pragma once
// A deliverable's own title and logo (`--title TEXT`, `--logo FILE`): on the report's header
// (one file or a folder), the workbook's About sheet and the brief (docs/reports.md "Your title
// and logo"). The logo is read once, checked (PNG or SVG by its bytes, at most kMaxLogoBytes) and
// embedded: no deliverable refers to a file or to the network.
#include "paa/error.hpp"

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace paa::exporting {

enum class LogoType { none, png, svg };

struct Branding {
  std::string title;  // "" = none
  std::string logo;   // the logo file's bytes ("" = none)
  LogoType logo_type = LogoType::none;
  bool empty() const { return title.empty() && logo.empty(); }
  // data:image/png;base64,... (or image/svg+xml), for an <img> under the pages' img-src data:.
  std::string logo_data_url() const;
};

inline constexpr std::size_t kMaxLogoBytes = 256 * 1024;
inline constexpr std::size_t kMaxTitleChars = 200;

// What the bytes are: a PNG by its signature; an SVG: UTF-8 text whose first element is <svg
// (after an XML declaration, comments, a doctype); none otherwise.
LogoType logo_type_of(std::string_view bytes);

// The title checked (UTF-8, at most kMaxTitleChars characters, no control characters) and the
// logo read and checked; invalid_input naming the flag, what is wrong and what to do, io when the
// file cannot be read. Both empty: an empty Branding.
Result<Branding> read_branding(std::string_view title, const std::filesystem::path& logo);

}  // namespace paa::exporting
