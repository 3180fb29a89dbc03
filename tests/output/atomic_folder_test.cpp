// write_folder_atomically: a folder is published whole or not at all, an existing one is swapped
// out only when the writer may replace it, and what a dead writer left is cleaned up.
#include "paa/output/atomic_folder.hpp"

#include "support/files.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

namespace paa {
namespace {

namespace fs = std::filesystem;

class AtomicFolderTest : public ::testing::Test {
 protected:
  FolderTarget target(const std::string& name, bool force = false) {
    return FolderTarget{dir / name, force, [](const fs::path& d) { return fs::exists(d / "MANIFEST"); },
                        "is not ours (no MANIFEST)", true};
  }
  static Result<void> fill(const fs::path& temp, const std::string& text) {
    fs::create_directories(temp / "data");
    std::ofstream(temp / "data/a.txt") << text;
    return write_small_file(temp / "MANIFEST", text);
  }
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }
  ::paa::test::TempDir tmp;
  fs::path dir = tmp.path();
};

TEST_F(AtomicFolderTest, PublishesANewFolderWithATrailingSlash) {
  auto done = write_folder_atomically(target("out/"), [](const fs::path& t) { return fill(t, "one"); });
  ASSERT_TRUE(done) << done.error().message;
  EXPECT_EQ(test::read_file(dir / "out/data/a.txt"), "one");
  EXPECT_EQ(entries(), std::vector<std::string>{"out"});
}

TEST_F(AtomicFolderTest, AFailedProducerLeavesNothingAndAnExistingFolderUntouched) {
  ASSERT_TRUE(write_folder_atomically(target("out"), [](const fs::path& t) { return fill(t, "one"); }));
  auto failed = write_folder_atomically(target("out", true), [](const fs::path& t) -> Result<void> {
    fill(t, "two");
    return make_error(errc::io, "disk full");
  });
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().message, "disk full");
  EXPECT_EQ(test::read_file(dir / "out/data/a.txt"), "one");
  EXPECT_EQ(entries(), std::vector<std::string>{"out"});
}

TEST_F(AtomicFolderTest, ReplacesOnlyWithForceAndOnlyItsOwnFolders) {
  ASSERT_TRUE(write_folder_atomically(target("out"), [](const fs::path& t) { return fill(t, "one"); }));
  std::ofstream(dir / "out/stale.txt") << "from an older version";
  auto refused = write_folder_atomically(target("out"), [](const fs::path& t) { return fill(t, "two"); });
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, errc::invalid_input);
  EXPECT_NE(refused.error().message.find("use --force"), std::string::npos);
  ASSERT_TRUE(write_folder_atomically(target("out", true), [](const fs::path& t) { return fill(t, "two"); }));
  EXPECT_EQ(test::read_file(dir / "out/data/a.txt"), "two");
  EXPECT_FALSE(fs::exists(dir / "out/stale.txt"));  // swapped whole, not merged
  EXPECT_EQ(entries(), std::vector<std::string>{"out"});

  fs::create_directories(dir / "theirs");
  std::ofstream(dir / "theirs/notes.txt") << "keep";
  auto foreign = write_folder_atomically(target("theirs", true), [](const fs::path& t) { return fill(t, "x"); });
  ASSERT_FALSE(foreign);
  EXPECT_NE(foreign.error().message.find("is not ours (no MANIFEST)"), std::string::npos) << foreign.error().message;
  EXPECT_EQ(test::read_file(dir / "theirs/notes.txt"), "keep");
}

TEST_F(AtomicFolderTest, WritesIntoAnEmptyFolderAndRefusesAFile) {
  fs::create_directories(dir / "empty");
  ASSERT_TRUE(write_folder_atomically(target("empty"), [](const fs::path& t) { return fill(t, "one"); }));
  EXPECT_EQ(test::read_file(dir / "empty/data/a.txt"), "one");
  std::ofstream(dir / "file") << "x";
  auto file = write_folder_atomically(target("file", true), [](const fs::path& t) { return fill(t, "one"); });
  ASSERT_FALSE(file);
  EXPECT_NE(file.error().message.find("is a file"), std::string::npos);
  auto no_parent = write_folder_atomically(target("missing/out"), [](const fs::path& t) { return fill(t, "one"); });
  ASSERT_FALSE(no_parent);
  EXPECT_NE(no_parent.error().message.find("does not exist; create it first"), std::string::npos);
}

TEST_F(AtomicFolderTest, RemovesWhatADeadWriterLeftBesideTheTarget) {
  // A dead writer's temporary folder: nobody holds its lock.
  fs::create_directories(dir / ".out.paa-tmp-123-456/data");
  std::ofstream(dir / ".out.paa-tmp-123-456/data/half.txt") << "half";
  ASSERT_TRUE(write_folder_atomically(target("out"), [](const fs::path& t) { return fill(t, "one"); }));
  EXPECT_EQ(entries(), std::vector<std::string>{"out"});
}

}  // namespace
}  // namespace paa
