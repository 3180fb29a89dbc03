#pragma once
// The HTML report's page parts, embedded at build time from src/export/html/report/ (embed.cmake).
#include <string_view>

namespace paa::exporting::report_assets {
extern const std::string_view kCss;     // report.css
extern const std::string_view kBody;    // body.html with panels.html: the static markup
extern const std::string_view kScript;  // report.js: reads the data elements, renders with textContent
extern const std::string_view kCommon;        // common.js: what both forms' pages share (before report.js or folder.js)
extern const std::string_view kFolderIndex;   // folder.html with panels.html: the report folder's index.html
extern const std::string_view kFolderScript;  // folder.js: the report folder's page, loading data files on demand
}  // namespace paa::exporting::report_assets
