#pragma once
// A fresh scratch folder under the system temp directory, removed afterwards (kept when
// PAA_KEEP_TEST_DIRS is set, to look at what a failed test left).
#include <filesystem>
#include <string>

namespace paa::test {

namespace fs = std::filesystem;

class TempDir {
 public:
  // Named after the running GoogleTest test (in paa_test_support, which links GoogleTest).
  TempDir();
  // Named `label`, under `base`: needs nothing but this file and temp_dir.cpp (the fuzz
  // targets, which have no GoogleTest, use it through paa_test_temp_dir).
  explicit TempDir(const std::string& label, const fs::path& base = fs::temp_directory_path());
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const fs::path& path() const { return path_; }
  fs::path operator/(const std::string& name) const { return path_ / name; }
  // Writes `content` byte for byte (creating folders) and returns the file's path.
  fs::path write(const std::string& relative, const std::string& content) const;

 private:
  fs::path path_;
};

}  // namespace paa::test
