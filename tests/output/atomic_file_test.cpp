#include "paa/output/atomic_file.hpp"

#include "support/files.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace paa {
namespace {

namespace fs = std::filesystem;

class AtomicOutputTest : public ::testing::Test {
 protected:
  static std::string read(const fs::path& p) { return ::paa::test::read_file(p); }
  static void write(const fs::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
  }
  std::size_t files_in_dir() const {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
  }

  ::paa::test::TempDir tmp;
  fs::path dir = tmp.path();
};

auto writes(std::string text) {
  return [text](ByteSink& sink) { return sink.write(text); };
}

TEST_F(AtomicOutputTest, WritesTheFileAndLeavesNoTemporaryBehind) {
  ASSERT_TRUE(write_file_atomically(dir / "out.csv", false, writes("a,b\n")));
  EXPECT_EQ(read(dir / "out.csv"), "a,b\n");
  EXPECT_EQ(files_in_dir(), 1u);
}

TEST_F(AtomicOutputTest, RefusesAnExistingFileWithoutForce) {
  write(dir / "out.csv", "old");
  bool produced = false;
  auto r = write_file_atomically(dir / "out.csv", false, [&](ByteSink&) -> Result<void> {
    produced = true;
    return {};
  });
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, (dir / "out.csv").string() + " exists; use --force to replace it");
  EXPECT_FALSE(produced);
  EXPECT_EQ(read(dir / "out.csv"), "old");
}

TEST_F(AtomicOutputTest, ForceReplacesAnExistingFile) {
  write(dir / "out.csv", "old");
  ASSERT_TRUE(write_file_atomically(dir / "out.csv", true, writes("new\n")));
  EXPECT_EQ(read(dir / "out.csv"), "new\n");
  EXPECT_EQ(files_in_dir(), 1u);
}

// A file only a lock's holder replaces goes through one fixed temporary name: what a SIGKILL
// left there is removed by the next replace, never piled up beside it.
TEST_F(AtomicOutputTest, AReplaceUnderALockUsesOneFixedTemporaryAndClearsWhatAKilledOneLeft) {
  write(dir / "manifest.json", "old");
  write(fixed_temp_path(dir / "manifest.json"), "half of a killed repl");
  EXPECT_EQ(fixed_temp_path(dir / "manifest.json"), dir / "manifest.json.new");
  ASSERT_TRUE(replace_file_under_lock(dir / "manifest.json", "new"));
  EXPECT_EQ(read(dir / "manifest.json"), "new");
  EXPECT_EQ(files_in_dir(), 1u);
}

TEST_F(AtomicOutputTest, AFailureMidwayLeavesTheOldFileUntouchedAndRemovesTheTemporary) {
  write(dir / "out.csv", "old");
  auto r = write_file_atomically(dir / "out.csv", true, [](ByteSink& sink) -> Result<void> {
    if (auto w = sink.write("partial,row\n"); !w) return w;
    return make_error(errc::store, "store read failed");
  });
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "store read failed");
  EXPECT_EQ(read(dir / "out.csv"), "old");
  EXPECT_EQ(files_in_dir(), 1u);
}

TEST_F(AtomicOutputTest, AFailureWithoutAnOldFileLeavesNothing) {
  auto r = write_file_atomically(dir / "out.csv", false, [](ByteSink& sink) -> Result<void> {
    (void)sink.write("partial");
    return make_error(errc::io, "boom");
  });
  ASSERT_FALSE(r);
  EXPECT_EQ(files_in_dir(), 0u);
}

TEST_F(AtomicOutputTest, AnExceptionAlsoRemovesTheTemporary) {
  EXPECT_THROW((void)write_file_atomically(dir / "out.csv", false,
                                           [](ByteSink& sink) -> Result<void> {
                                             (void)sink.write("partial");
                                             throw std::runtime_error("bug");
                                           }),
               std::runtime_error);
  EXPECT_EQ(files_in_dir(), 0u);
}

TEST_F(AtomicOutputTest, AMissingFolderIsReportedWithWhatToDo) {
  auto r = write_file_atomically(dir / "no" / "out.csv", false, writes("x"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("does not exist; create it first"), std::string::npos);
}

TEST_F(AtomicOutputTest, AFolderAsTargetIsRefused) {
  fs::create_directory(dir / "sub");
  auto r = write_file_atomically(dir / "sub", true, writes("x"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("is a folder"), std::string::npos);
}

}  // namespace
}  // namespace paa
