# Writes OUT: a C++ file with the report's CSS, body markup and script as raw string literals,
# so `paa` carries the page and writes it without reading any file at run time.
file(READ ${DIR}/report.css CSS)
file(READ ${DIR}/body.html BODY)
file(READ ${DIR}/report.js JS)
foreach(part CSS BODY JS)
  string(FIND "${${part}}" ")paa_asset\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "report asset ${part} contains the raw-string delimiter")
  endif()
endforeach()
file(WRITE ${OUT} "// Generated from src/export/html/report/ by embed.cmake; do not edit.\n"
  "#include \"report_assets.hpp\"\n"
  "namespace paa::exporting::report_assets {\n"
  "const std::string_view kCss = R\"paa_asset(${CSS})paa_asset\";\n"
  "const std::string_view kBody = R\"paa_asset(${BODY})paa_asset\";\n"
  "const std::string_view kScript = R\"paa_asset(${JS})paa_asset\";\n"
  "}  // namespace paa::exporting::report_assets\n")
