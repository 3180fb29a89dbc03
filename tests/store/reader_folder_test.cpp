// A reader's private folder in $TMPDIR: removed when it closes, and one a killed reader left
// behind is removed by the next reader; a live reader's folder and folders that are not a
// reader's (no lock file) are left alone.
#include "reader_folder.hpp"

#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <thread>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace paa::store_detail {
namespace {

namespace fs = std::filesystem;

TEST(ReaderFolder, IsRemovedWhenTheReaderCloses) {
  test::TempDir tmp;
  fs::path made;
  {
    auto folder = ReaderFolder::create(tmp.path());
    ASSERT_TRUE(folder) << folder.error().message;
    made = folder->path();
    EXPECT_TRUE(fs::exists(made / kReaderLockName));
    EXPECT_EQ(made.parent_path(), tmp.path());
  }
  EXPECT_FALSE(fs::exists(made));
  EXPECT_TRUE(fs::is_empty(tmp.path()));
}

TEST(ReaderFolder, AKilledReadersFolderIsRemovedByTheNextAndALiveOnesIsKept) {
  test::TempDir tmp;
  // A killed reader's folder: its lock file is there, nobody holds the lock.
  const fs::path killed = tmp.path() / "paa-reader-dead01";
  fs::create_directory(killed);
  std::ofstream(killed / kReaderLockName) << "";
  std::ofstream(killed / "LOG") << "rocksdb's log";
  // A live reader's: the lock held (another open file description, as another process would).
  const fs::path live = tmp.path() / "paa-reader-live01";
  fs::create_directory(live);
  const int held = ::open((live / kReaderLockName).c_str(), O_RDWR | O_CREAT, 0600);
  ASSERT_GE(held, 0);
  ASSERT_EQ(::flock(held, LOCK_EX), 0);
  // No lock file: an older paa's folder, or one being created this instant; and a stranger.
  const fs::path unknown = tmp.path() / "paa-reader-old001";
  fs::create_directory(unknown);
  const fs::path stranger = tmp.path() / "someone-else";
  fs::create_directory(stranger);
  std::ofstream(stranger / kReaderLockName) << "";

  auto folder = ReaderFolder::create(tmp.path());
  ASSERT_TRUE(folder) << folder.error().message;
  EXPECT_FALSE(fs::exists(killed));
  EXPECT_TRUE(fs::exists(live / kReaderLockName));
  EXPECT_TRUE(fs::exists(unknown));
  EXPECT_TRUE(fs::exists(stranger));
  // And while this one lives, the next reader keeps it.
  EXPECT_EQ(remove_stale_reader_folders(tmp.path()), 0u);
  EXPECT_TRUE(fs::exists(folder->path()));
  ::close(held);
  EXPECT_EQ(remove_stale_reader_folders(tmp.path()), 1u) << "the live reader ended";
  EXPECT_FALSE(fs::exists(live));
}

// Readers starting side by side: one's sweep never takes another's folder for a dead reader's,
// even while that one is being made (its lock file appears only once locked).
TEST(ReaderFolder, ReadersStartingTogetherNeverRemoveEachOthersFolders) {
  test::TempDir tmp;
  std::atomic<bool> done{false};
  std::thread sweeper([&] {
    while (!done) remove_stale_reader_folders(tmp.path());
  });
  std::size_t lost = 0;
  for (int i = 0; i < 3000 && lost == 0; ++i) {
    auto folder = ReaderFolder::create(tmp.path());
    ASSERT_TRUE(folder) << folder.error().message;
    remove_stale_reader_folders(tmp.path());
    if (!fs::exists(folder->path() / kReaderLockName)) ++lost;
  }
  done = true;
  sweeper.join();
  EXPECT_EQ(lost, 0u) << "a live reader's folder was swept";
}

TEST(ReaderFolder, AnUnwritableTmpdirIsAClearError) {
  auto folder = ReaderFolder::create("/nonexistent-paa-dir");
  ASSERT_FALSE(folder);
  EXPECT_NE(folder.error().message.find("set TMPDIR to a writable folder"), std::string::npos) << folder.error().message;
}

}  // namespace
}  // namespace paa::store_detail
