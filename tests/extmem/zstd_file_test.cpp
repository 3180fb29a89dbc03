// The kept analysis's compressed streams: what is appended comes back byte for byte, records
// across the reader's chunks included; a file cut short or not zstd's is an error, never rows.
#include "paa/extmem/zstd_file.hpp"

#include "paa/extmem/kept_bytes.hpp"

#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <random>
#include <unistd.h>

namespace paa::extmem {
namespace {

namespace fs = std::filesystem;

class ZstdFile : public ::testing::Test {
 protected:
  void SetUp() override { fd = ::open(dir.path().c_str(), O_RDONLY | O_DIRECTORY); }
  void TearDown() override { ::close(fd); }
  paa::test::TempDir dir;
  int fd = -1;
};

TEST_F(ZstdFile, RecordsComeBackAsWrittenAcrossChunks) {
  auto out = ZstdFileWriter::create(fd, "rows.zst");
  ASSERT_TRUE(out);
  std::mt19937 random(7);
  std::vector<std::string> records;
  for (int i = 0; i < 20000; ++i) {
    // Sizes up to 4 MiB now and then: larger than a chunk in and out.
    const std::size_t size = i % 5000 == 4999 ? (std::size_t{4} << 20) + 3 : random() % 300;
    std::string r(size, '\0');
    for (auto& c : r) c = static_cast<char>('a' + random() % (i % 3 == 0 ? 26 : 2));
    const auto length = static_cast<std::uint32_t>(r.size());
    (*out)->append({reinterpret_cast<const char*>(&length), 4});
    (*out)->append(r);
    records.push_back(std::move(r));
  }
  ASSERT_TRUE((*out)->finish());
  EXPECT_FALSE(ZstdFileWriter::create(fd, "rows.zst")) << "never over an existing file";
  auto in = ZstdFileReader::open(fd, "rows.zst", "rows.zst");
  ASSERT_TRUE(in);
  for (std::size_t i = 0; i < records.size(); ++i) {
    auto length = (*in)->take(sizeof(std::uint32_t));
    ASSERT_TRUE(length) << i;
    auto r = (*in)->take(KeptBytes(*length).value<std::uint32_t>());
    ASSERT_TRUE(r) << i;
    ASSERT_EQ(*r, records[i]) << i;
  }
  auto done = (*in)->done();
  ASSERT_TRUE(done);
  EXPECT_TRUE(*done);
  EXPECT_FALSE((*in)->take(1)) << "nothing past the end";
}

TEST_F(ZstdFile, AReaderOpenedAtAMarkReadsFromThereToTheEnd) {
  auto out = ZstdFileWriter::create(fd, "framed.zst");
  ASSERT_TRUE(out);
  std::mt19937 random(11);
  std::vector<std::string> records;
  std::vector<std::size_t> marked;  // the record each mark is before
  for (int i = 0; i < 30000; ++i) {
    // A mark every 700 records, two marks in a row once, and now and then a record over a
    // frame's 1 MiB (frames are also cut where nobody marks).
    for (int mark = 0; mark < (i % 700 == 0 ? (i == 1400 ? 2 : 1) : 0); ++mark) {
      (*out)->mark_frame();
      marked.push_back(records.size());
    }
    const std::size_t size = i % 9000 == 8999 ? (std::size_t{3} << 20) : random() % 200;
    std::string r(size, static_cast<char>('a' + i % 26));
    const auto length = static_cast<std::uint32_t>(r.size());
    (*out)->append({reinterpret_cast<const char*>(&length), 4});
    (*out)->append(r);
    records.push_back(std::move(r));
  }
  (*out)->mark_frame();  // a mark with nothing after it: the file's end
  marked.push_back(records.size());
  ASSERT_TRUE((*out)->finish());
  const std::vector<std::uint64_t>& marks = (*out)->marks();
  ASSERT_EQ(marks.size(), marked.size());
  EXPECT_EQ(marks.front(), 0u);
  EXPECT_EQ(marks.back(), fs::file_size(dir.path() / "framed.zst"));
  for (std::size_t m = 0; m < marks.size(); ++m) {
    auto in = ZstdFileReader::open(fd, "framed.zst", "framed.zst", marks[m]);
    ASSERT_TRUE(in);
    // The first records after the mark as written (a reader from a mark to the end: below).
    for (std::size_t i = marked[m]; i < std::min(records.size(), marked[m] + 3); ++i) {
      auto length = (*in)->take(sizeof(std::uint32_t));
      ASSERT_TRUE(length) << m << " " << i;
      auto r = (*in)->take(KeptBytes(*length).value<std::uint32_t>());
      ASSERT_TRUE(r) << m << " " << i;
      ASSERT_EQ(*r, records[i]) << m << " " << i;
    }
  }
  auto whole = ZstdFileReader::open(fd, "framed.zst", "framed.zst", marks[3]);
  ASSERT_TRUE(whole);
  for (std::size_t i = marked[3]; i < records.size(); ++i) {
    auto length = (*whole)->take(sizeof(std::uint32_t));
    ASSERT_TRUE(length) << i;
    auto r = (*whole)->take(KeptBytes(*length).value<std::uint32_t>());
    ASSERT_TRUE(r) << i;
    ASSERT_EQ(*r, records[i]) << i;
  }
  auto done = (*whole)->done();
  ASSERT_TRUE(done);
  EXPECT_TRUE(*done);
}

TEST_F(ZstdFile, AnEmptyStreamIsDone) {
  auto out = ZstdFileWriter::create(fd, "empty.zst");
  ASSERT_TRUE(out);
  ASSERT_TRUE((*out)->finish());
  auto in = ZstdFileReader::open(fd, "empty.zst", "empty.zst");
  ASSERT_TRUE(in);
  auto done = (*in)->done();
  ASSERT_TRUE(done);
  EXPECT_TRUE(*done);
}

TEST_F(ZstdFile, ACutOrForeignFileIsAnError) {
  auto out = ZstdFileWriter::create(fd, "cut.zst");
  ASSERT_TRUE(out);
  std::mt19937 random(3);
  std::string noise(1 << 20, '\0');
  for (auto& c : noise) c = static_cast<char>(random());
  (*out)->append(noise);
  ASSERT_TRUE((*out)->finish());
  fs::resize_file(dir.path() / "cut.zst", fs::file_size(dir.path() / "cut.zst") / 2);
  auto in = ZstdFileReader::open(fd, "cut.zst", "cut.zst");
  ASSERT_TRUE(in);
  auto all = (*in)->take(noise.size());
  ASSERT_FALSE(all);
  EXPECT_EQ(all.error().kind(), errc::store_damaged);
  EXPECT_NE(all.error().message.find("cut.zst"), std::string::npos) << all.error().message;

  {
    std::ofstream foreign(dir.path() / "foreign.zst", std::ios::binary);
    foreign << "question,answer\nnot zstd at all\n";
  }
  auto foreign = ZstdFileReader::open(fd, "foreign.zst", "foreign.zst");
  ASSERT_TRUE(foreign);
  EXPECT_FALSE((*foreign)->take(1));
}

}  // namespace
}  // namespace paa::extmem
