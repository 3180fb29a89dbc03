#pragma once
// Shared by the fuzz targets: a private scratch folder and a fuzz-time assertion.
#include "support/temp_dir.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <unistd.h>

namespace paa::fuzz {

// A folder of its own per process (libFuzzer -fork/-jobs run several), the test support's
// TempDir (tests/support), removed at exit. In /dev/shm when there is one: every input is
// written to a file, and a disk costs 10x.
inline const std::filesystem::path& scratch_dir() {
  static const test::TempDir dir("fuzz", [] {
    std::error_code ec;
    return std::filesystem::is_directory("/dev/shm", ec) && ::access("/dev/shm", W_OK) == 0
               ? std::filesystem::path("/dev/shm")
               : std::filesystem::temp_directory_path();
  }());
  return dir.path();
}

inline void write_bytes(const std::filesystem::path& p, std::string_view bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// An invariant broken: abort so that libFuzzer saves the input as a crash.
#define PAA_FUZZ_CHECK(cond)                                                              \
  do {                                                                                    \
    if (!(cond)) {                                                                        \
      std::fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, __LINE__, #cond);  \
      std::abort();                                                                       \
    }                                                                                     \
  } while (0)

}  // namespace paa::fuzz
