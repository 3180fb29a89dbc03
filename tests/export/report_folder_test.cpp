// The report folder's names and chunks (paa/export/html/folder_chunks.hpp): names are numbers and
// hex only, chunk files hold their items in order and every folder at most kFilesPerFolder files.
#include "paa/export/html/folder_chunks.hpp"
#include "paa/export/html/report_folder.hpp"

#include "support/files.hpp"
#include "support/temp_dir.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <fstream>

namespace paa::exporting {
namespace {

namespace fs = std::filesystem;

TEST(ReportFolderNames, ChunksAreNumberedInFoldersOfAThousand) {
  EXPECT_EQ(chunk_file("trees", 0), "data/trees/0/0.js");
  EXPECT_EQ(chunk_file("keys", 999), "data/keys/0/999.js");
  EXPECT_EQ(chunk_file("questions", 1000), "data/questions/1/1000.js");
  EXPECT_EQ(chunk_file("trees", 123456), "data/trees/123/123456.js");
}

TEST(ReportFolderNames, AShardIsTheHexOfAWordsFirstTwoCodePoints) {
  EXPECT_EQ(search_shard("grinder"), "6772");
  EXPECT_EQ(search_shard("gr"), "6772");
  EXPECT_EQ(search_shard("g"), "67");
  EXPECT_EQ(search_shard("\xC3\xA9t\xC3\xA9"), "c3a974");          // "été": é is two bytes
  EXPECT_EQ(search_shard("\xE5\x92\x96\xE5\x95\xA1\xE6\x9C\xBA"), "e59296e595a1");  // 咖啡机
  EXPECT_EQ(search_shard("\xF0\x9F\x98\x80x"), "f09f988078");       // an emoji, then x
  EXPECT_EQ(search_shard("../etc"), "2e2e");                        // store text never names a file
  EXPECT_EQ(shard_file("6772"), "data/search/67/6772.js");
  EXPECT_EQ(shard_file("67"), "data/search/67/67.js");
}

// The items of a chunk file, read back as a consumer would: the JSON between "paaData(KIND,N," and ");".
boost::json::array items_of(const std::string& script, const std::string& kind, int n) {
  const std::string head = "paaData(\"" + kind + "\"," + std::to_string(n) + ",";
  EXPECT_TRUE(script.starts_with(head)) << script.substr(0, 40);
  EXPECT_TRUE(script.ends_with(");\n"));
  return boost::json::parse(script.substr(head.size(), script.size() - head.size() - 3)).as_array();
}

TEST(ChunkWriter, WritesFullChunksThenTheLastPartialOne) {
  test::TempDir tmp;
  FolderFiles files(tmp.path());
  ChunkWriter w(files, "keys", 3);
  for (int i = 0; i < 7; ++i) {
    w.item().append(std::to_string(i * 10));
    ASSERT_TRUE(w.end_item());
  }
  ASSERT_TRUE(w.finish());
  EXPECT_EQ(w.items(), 7u);
  EXPECT_EQ(w.chunks(), 3u);
  EXPECT_EQ(files.files(), 3u);
  EXPECT_EQ(boost::json::serialize(items_of(test::read_file(tmp.path() / "data/keys/0/0.js"), "keys", 0)), "[0,10,20]");
  EXPECT_EQ(boost::json::serialize(items_of(test::read_file(tmp.path() / "data/keys/0/1.js"), "keys", 1)), "[30,40,50]");
  EXPECT_EQ(boost::json::serialize(items_of(test::read_file(tmp.path() / "data/keys/0/2.js"), "keys", 2)), "[60]");
  std::uint64_t bytes = 0;
  for (const auto& e : fs::recursive_directory_iterator(tmp.path())) {
    if (e.is_regular_file()) bytes += e.file_size();
  }
  EXPECT_EQ(files.bytes(), bytes);
}

TEST(ChunkWriter, AnExactMultipleLeavesNoEmptyChunk) {
  test::TempDir tmp;
  FolderFiles files(tmp.path());
  ChunkWriter w(files, "trees", 2);
  for (int i = 0; i < 4; ++i) {
    w.item().append("[]");
    ASSERT_TRUE(w.end_item());
  }
  ASSERT_TRUE(w.finish());
  EXPECT_EQ(files.files(), 2u);
  EXPECT_FALSE(fs::exists(tmp.path() / "data/trees/0/2.js"));
}

TEST(ReportFolder, OnlyItsOwnOrAnEmptyFolderIsReplaceable) {
  test::TempDir tmp;
  fs::create_directories(tmp.path() / "a");
  EXPECT_TRUE(replaceable_report_folder(tmp.path() / "a"));
  std::ofstream(tmp.path() / "a/x.txt") << "x";
  EXPECT_FALSE(replaceable_report_folder(tmp.path() / "a"));
  std::ofstream(tmp.path() / "a/paa-report.json") << "{}";
  EXPECT_TRUE(replaceable_report_folder(tmp.path() / "a"));
}

}  // namespace
}  // namespace paa::exporting
