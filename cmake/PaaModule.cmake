# paa_module(NAME SOURCES ... DEPS ...): one static library per src/ folder.
# PAA_UNITY (the ci, asan and tsan presets): its sources compiled in batches (unity builds), which
# a cold CI build needs; dev stays one file at a time, so a missing #include still shows there.
function(paa_module name)
  cmake_parse_arguments(PARSE_ARGV 1 M "" "" "SOURCES;DEPS")
  add_library(${name} STATIC ${M_SOURCES})
  target_link_libraries(${name} PUBLIC paa_options ${M_DEPS} PRIVATE paa_warnings)
  paa_unity(${name} 8)
endfunction()

# paa_test_warnings(TARGET): GCC 12 at -O2 reports std::string's own memcpy and memset in test
# code as out of bounds (-Warray-bounds, -Wstringop-overflow: GCC bugs 105329, 105651) once a
# test file's strings are inlined with the precompiled header's; the sanitizer builds check the
# tests' bounds for real.
function(paa_test_warnings target)
  target_compile_options(${target} PRIVATE -Wno-array-bounds -Wno-stringop-overflow)
endfunction()

# paa_unity(TARGET BATCH): with PAA_UNITY, TARGET's sources BATCH to a unity file.
function(paa_unity target batch)
  if(PAA_UNITY)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE BATCH UNITY_BUILD_BATCH_SIZE ${batch})
    # A batch includes its files, so GCC takes each for a header in which a type using another
    # file's anonymous namespace would break the ODR: not so for a file compiled once.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")  # GCC's warning; the fuzz targets build with clang
      target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
    endif()
  endif()
endfunction()

# paa_test(NAME SOURCES ... DEPS ... [LABELS ...] [TSAN] [SHARED_SETUP SUITE]): a GoogleTest
# binary registered with ctest. TSAN: scripts/test.sh's ThreadSanitizer pass runs some of its
# tests, so the target paa_tsan_tests (what that pass builds) depends on it;
# scripts/lib/tsan_binaries.py checks that every binary the pass's -R selects is marked.
# SHARED_SETUP SUITE: the binary's tests of SUITE make what its other tests share (a harvested
# store): they run first, once, as one ctest test named SUITE (a ctest fixture), and the others
# after them. e2e binaries start first (COST): with no timing data (a fresh clone), ctest would
# otherwise start its longest tests last.
function(paa_test name)
  cmake_parse_arguments(PARSE_ARGV 1 T "TSAN" "SHARED_SETUP" "SOURCES;DEPS;LABELS")
  add_executable(${name} ${T_SOURCES})
  # Boost::json for all: its definitions are part of the precompiled header's, which GCC checks.
  target_link_libraries(${name} PRIVATE paa_options paa_warnings ${T_DEPS} Boost::json GTest::gtest GTest::gmock
    paa_test_main)
  # GoogleTest, gmock and Boost.JSON parsed once for every test binary (tests/CMakeLists.txt).
  target_precompile_headers(${name} REUSE_FROM paa_test_pch)
  paa_test_warnings(${name})
  set(cost 1)
  if("e2e" IN_LIST T_LABELS)
    set(cost 100)
  endif()
  if(T_SHARED_SETUP)
    add_test(NAME ${T_SHARED_SETUP} COMMAND ${name} --gtest_filter=${T_SHARED_SETUP}.*)
    set_tests_properties(${T_SHARED_SETUP} PROPERTIES LABELS "${T_LABELS}" COST 1000 FIXTURES_SETUP ${T_SHARED_SETUP})
    gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60 TEST_FILTER -${T_SHARED_SETUP}.*
                         PROPERTIES LABELS "${T_LABELS}" COST ${cost} FIXTURES_REQUIRED ${T_SHARED_SETUP})
  else()
    gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60 PROPERTIES LABELS "${T_LABELS}" COST ${cost})
  endif()
  if(T_TSAN)
    add_dependencies(paa_tsan_tests ${name})
    set_property(GLOBAL APPEND PROPERTY PAA_TSAN_TESTS ${name})
  endif()
endfunction()

# paa_require_folders(PARENT "a;b;..." "others;..."): every folder listed under PARENT (relative
# to the project root) has a CMakeLists.txt, and every PARENT/*/CMakeLists.txt is listed (or
# among `others`, the folders added some other way). Either mismatch is a configure error.
function(paa_require_folders parent listed others)
  foreach(folder IN LISTS listed)
    if(NOT EXISTS ${PROJECT_SOURCE_DIR}/${parent}/${folder}/CMakeLists.txt)
      message(FATAL_ERROR "${parent}/${folder}/CMakeLists.txt is missing, but ${parent}/CMakeLists.txt lists "
        "'${folder}'. Restore the folder, or remove '${folder}' from that list if it is gone on purpose.")
    endif()
  endforeach()
  file(GLOB present RELATIVE ${PROJECT_SOURCE_DIR}/${parent} ${PROJECT_SOURCE_DIR}/${parent}/*/CMakeLists.txt)
  foreach(file IN LISTS present)
    get_filename_component(folder ${file} DIRECTORY)
    if(NOT folder IN_LIST listed AND NOT folder IN_LIST others)
      message(FATAL_ERROR "${parent}/${folder} has a CMakeLists.txt but ${parent}/CMakeLists.txt does not list "
        "'${folder}': add it to the list (it would not be built or tested otherwise).")
    endif()
  endforeach()
endfunction()

# paa_link_modules(TARGET lib...): links each module library, which must exist (a missing one is
# a configure error naming it, not an executable quietly built without it).
function(paa_link_modules target)
  foreach(lib IN LISTS ARGN)
    if(NOT TARGET ${lib})
      message(FATAL_ERROR "${target} links ${lib}, which no src/ module declares: check src/CMakeLists.txt "
        "and the module's CMakeLists.txt")
    endif()
  endforeach()
  target_link_libraries(${target} PRIVATE ${ARGN})
endfunction()

# paa_test_temp_dir_library(): paa_test_temp_dir, the test support's TempDir alone (no
# GoogleTest), for paa_test_support and for the standalone fuzz project (tests/fuzz).
function(paa_test_temp_dir_library)
  set(support ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../tests/support)
  add_library(paa_test_temp_dir STATIC ${support}/temp_dir.cpp)
  target_include_directories(paa_test_temp_dir PUBLIC ${support})
  target_link_libraries(paa_test_temp_dir PUBLIC paa_options PRIVATE paa_warnings)
endfunction()
