# The report's record schema (records.schema) as code. Included by assemble.cmake, whose
# common.js starts with paa_report_schema_js's constants; run as a script with -DHPP=FILE it
# writes report_fields.hpp for the C++ writers:
#   cmake -DDIR=src/export/html/report -DHPP=FILE -P schema.cmake

# VAR: "NAME field field ..." per record, in records.schema's order.
function(paa_report_records var)
  file(STRINGS ${DIR}/records.schema lines REGEX "^[A-Z]")
  set(${var} "${lines}" PARENT_SCOPE)
endfunction()

function(paa_report_schema_js var)
  paa_report_records(records)
  set(js "// The records' fields by name (records.schema, by schema.cmake): record[NAME.field].\n")
  foreach(record IN LISTS records)
    string(REPLACE " " ";" words "${record}")
    list(POP_FRONT words name)
    set(fields "")
    set(i 0)
    foreach(field IN LISTS words)
      list(APPEND fields "${field}: ${i}")
      math(EXPR i "${i} + 1")
    endforeach()
    list(JOIN fields ", " fields)
    string(APPEND js "const ${name} = Object.freeze({ ${fields} });\n")
  endforeach()
  set(${var} "${js}" PARENT_SCOPE)
endfunction()

function(paa_report_schema_hpp file)
  paa_report_records(records)
  string(CONCAT hpp "// Generated from src/export/html/report/records.schema by schema.cmake; do not edit.\n"
    "// Each record's fields as positions, and kFields their count.\n#pragma once\n\n"
    "#include <cstddef>\n#include <initializer_list>\n\nnamespace paa::exporting::report_schema {\n\n"
    "// True when `fields` are 0, 1, ... count - 1: a writer names the fields it writes, in the\n"
    "// order it writes them, and static_asserts this.\n"
    "constexpr bool in_order(std::size_t count, std::initializer_list<std::size_t> fields) {\n"
    "  std::size_t next = 0;\n  for (const std::size_t f : fields) {\n    if (f != next++) return false;\n  }\n"
    "  return next == count;\n}\n")
  foreach(record IN LISTS records)
    string(REPLACE " " ";" words "${record}")
    list(POP_FRONT words name)
    string(TOLOWER ${name} space)
    string(APPEND hpp "\nnamespace ${space} {\n")
    set(i 0)
    foreach(field IN LISTS words)
      string(SUBSTRING ${field} 0 1 first)
      string(SUBSTRING ${field} 1 -1 rest)
      string(TOUPPER ${first} first)
      string(APPEND hpp "inline constexpr std::size_t k${first}${rest} = ${i};\n")
      math(EXPR i "${i} + 1")
    endforeach()
    string(APPEND hpp "inline constexpr std::size_t kFields = ${i};\n}  // namespace ${space}\n")
  endforeach()
  string(APPEND hpp "\n}  // namespace paa::exporting::report_schema\n")
  file(WRITE ${file} "${hpp}")
endfunction()

if(DEFINED HPP)
  paa_report_schema_hpp(${HPP})
endif()
