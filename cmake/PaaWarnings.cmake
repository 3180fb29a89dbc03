# Private warnings target: linked PRIVATE by every project target, never exported.
add_library(paa_warnings INTERFACE)
target_compile_options(paa_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor)
if(PAA_WERROR)
  target_compile_options(paa_warnings INTERFACE -Werror)
endif()

add_library(paa_options INTERFACE)
target_include_directories(paa_options INTERFACE
  ${PROJECT_SOURCE_DIR}/include ${PROJECT_BINARY_DIR}/generated)
# Asio: no deprecated APIs, one io_context thread per process.
target_compile_definitions(paa_options INTERFACE BOOST_ASIO_NO_DEPRECATED BOOST_BEAST_USE_STD_STRING_VIEW)
# Invariant checks (include/paa/model/check.hpp) wherever the tests are built, and in Debug.
if(PAA_CHECKS)
  target_compile_definitions(paa_options INTERFACE PAA_CHECKS)
endif()
if(PAA_SANITIZE)
  target_compile_options(paa_options INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  target_link_options(paa_options INTERFACE -fsanitize=address,undefined)
endif()
if(PAA_SANITIZE_THREAD)
  # TSan does not model std::atomic_thread_fence (gcc: -Wtsan); Asio's fenced blocks only order
  # handlers run inline, which our single-threaded io_contexts do not need.
  target_compile_definitions(paa_options INTERFACE BOOST_ASIO_DISABLE_FENCED_BLOCK)
  target_compile_options(paa_options INTERFACE -fsanitize=thread -fno-omit-frame-pointer -Wno-tsan)
  target_link_options(paa_options INTERFACE -fsanitize=thread)
endif()
