# Writes OUT: a C++ file with the report's CSS, body markup and script as raw string literals,
# so `paa` carries the page and writes it without reading any file at run time. The scripts are
# first joined from their parts into JS_OUT (assemble.cmake), where the JavaScript checks read them.
# list-tabs.html (the query list's count and rows, the views' tabs) and panels.html (the views'
# panels) are what both pages show: each takes the place of its marker in body.html (the single
# file) and in folder.html (the report folder's index.html).
file(READ ${DIR}/report.css CSS)
file(READ ${DIR}/list-tabs.html LIST_TABS)
file(READ ${DIR}/panels.html PANELS)
file(READ ${DIR}/body.html BODY)
include(${DIR}/assemble.cmake)
file(READ ${JS_OUT}/report.js JS)
file(READ ${JS_OUT}/common.js COMMON)
file(READ ${DIR}/folder.html FOLDER_INDEX)
file(READ ${JS_OUT}/folder.js FOLDER_JS)
foreach(page BODY FOLDER_INDEX)
  foreach(part list-tabs panels)
    string(TOUPPER ${part} var)
    string(REPLACE "-" "_" var ${var})
    string(FIND "${${page}}" "<!-- paa:${part} -->" marker)
    if(marker EQUAL -1)
      message(FATAL_ERROR "report page ${page} lacks the <!-- paa:${part} --> marker")
    endif()
    string(REPLACE "<!-- paa:${part} -->" "${${var}}" ${page} "${${page}}")
  endforeach()
endforeach()
foreach(part CSS BODY JS COMMON FOLDER_INDEX FOLDER_JS)
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
  "const std::string_view kCommon = R\"paa_asset(${COMMON})paa_asset\";\n"
  "const std::string_view kFolderIndex = R\"paa_asset(${FOLDER_INDEX})paa_asset\";\n"
  "const std::string_view kFolderScript = R\"paa_asset(${FOLDER_JS})paa_asset\";\n"
  "}  // namespace paa::exporting::report_assets\n")
