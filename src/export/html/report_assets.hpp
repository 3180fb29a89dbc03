#pragma once
// The HTML report's page parts, embedded at build time from src/export/html/report/ (embed.cmake).
#include <string_view>

namespace paa::exporting::report_assets {
extern const std::string_view kCss;     // report.css
extern const std::string_view kBody;    // body.html: the static markup
extern const std::string_view kScript;  // report.js: reads the data elements, renders with textContent
}  // namespace paa::exporting::report_assets
