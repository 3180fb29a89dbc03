// TempDir without GoogleTest (its test-named constructor is in support.cpp).
#include "support/temp_dir.hpp"

#include <atomic>
#include <cstdlib>
#include <fstream>

#include <unistd.h>

namespace paa::test {

TempDir::TempDir(const std::string& label, const fs::path& base) {
  static std::atomic<int> counter{0};
  std::string name = "paa-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  if (!label.empty()) name += "-" + label;
  for (char& c : name) {
    if (c == '/') c = '_';  // parameterized test names
  }
  path_ = base / name;
  fs::remove_all(path_);
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  if (!std::getenv("PAA_KEEP_TEST_DIRS")) fs::remove_all(path_, ec);
}

fs::path TempDir::write(const std::string& relative, const std::string& content) const {
  const auto file = path_ / relative;
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << content;
  return file;
}

}  // namespace paa::test
