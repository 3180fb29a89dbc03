# paa_module(NAME SOURCES ... DEPS ...): one static library per src/ folder.
function(paa_module name)
  cmake_parse_arguments(PARSE_ARGV 1 M "" "" "SOURCES;DEPS")
  add_library(${name} STATIC ${M_SOURCES})
  target_link_libraries(${name} PUBLIC paa_options ${M_DEPS} PRIVATE paa_warnings)
endfunction()

# paa_test(NAME SOURCES ... DEPS ...): a GoogleTest binary registered with ctest.
function(paa_test name)
  cmake_parse_arguments(PARSE_ARGV 1 T "" "" "SOURCES;DEPS;LABELS")
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE paa_options paa_warnings ${T_DEPS} GTest::gtest GTest::gmock GTest::gtest_main)
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60 PROPERTIES LABELS "${T_LABELS}")
endfunction()
