// What the reader commands open and select: store folders, several as one, --at, --job, one key,
// and --hl/--gl.
#include "paa/selection/locale_filter.hpp"
#include "paa/selection/stores.hpp"

#include "paa/model/envelope.hpp"
#include "paa/model/query_key.hpp"
#include "paa/store/store.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <future>
#include <memory>
#include <stdexcept>
#include <string>

namespace paa {
namespace {

namespace fs = std::filesystem;

const std::string kBody = R"({"result":{"question":"q","related":[],"children":[{"question":"Why?"}]}})";

// A store at `dir` holding one result per (q, hl, gl), done by `job`.
void write_store(const fs::path& dir, const std::string& job,
                 const std::vector<std::array<std::string, 3>>& keys) {
  auto writer = StoreWriter::open(dir);
  if (!writer) throw std::runtime_error(writer.error().message);
  for (const auto& [q, hl, gl] : keys) {
    auto query = make_query(q, hl, gl, "");
    if (!query) throw std::runtime_error(query.error().message);
    StoredResult r;
    r.key = encode_key(query->key);
    r.q = query->q;
    r.hl = query->hl;
    r.gl = query->gl;
    r.body = kBody;
    r.fetched_at_ms = 1795218854123;
    WriteRequest request;
    request.job = job;
    request.item = PutResult{std::move(r), *parse_envelope(kBody), true, 1};
    std::promise<Result<void>> done;
    auto written = done.get_future();
    if (!(*writer)->submit(std::move(request), [&done](Result<void> d) { done.set_value(d); })) {
      throw std::runtime_error("the writer refused a request");
    }
    if (!written.get()) throw std::runtime_error("a write failed");
  }
  if (!(*writer)->close()) throw std::runtime_error("the writer did not close");
}

class StoresTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    tmp_ = std::make_unique<test::TempDir>();
    write_store(tmp_->path() / "a.db", "coffee", {{{"coffee", "en", "us"}}, {{"tea", "de", "de"}}});
    write_store(tmp_->path() / "b.db", "tea", {{{"tea", "de", "de"}}, {{"mate", "es", "ar"}}});
  }
  static void TearDownTestSuite() { tmp_.reset(); }
  static fs::path path(const std::string& name) { return tmp_->path() / name; }
  static std::unique_ptr<test::TempDir> tmp_;
};
std::unique_ptr<test::TempDir> StoresTest::tmp_;

TEST_F(StoresTest, AMissingFolderIsUsageNamingTheFlag) {
  auto opened = open_store(path("missing.db"));
  ASSERT_FALSE(opened);
  EXPECT_EQ(opened.error().kind(), errc::invalid_input);
  EXPECT_EQ(opened.error().message,
            "store '" + path("missing.db").string() + "' not found; pass --store the folder `paa run` writes to");
}

TEST_F(StoresTest, OneStoreIsReadAsItIs) {
  auto opened = open_stores({path("a.db")});
  ASSERT_TRUE(opened) << opened.error().message;
  EXPECT_EQ(opened->name, "store '" + path("a.db").string() + "'");
  EXPECT_FALSE(opened->index_matches()) << "a store of format 5 has no question index: recounted";
  EXPECT_EQ(opened->overlapping_keys(), 0u);
}

TEST_F(StoresTest, SeveralStoresAreOneReaderThatCountsTheirOverlap) {
  auto opened = open_stores({path("a.db"), path("b.db")}, {}, "tea");
  ASSERT_TRUE(opened) << opened.error().message;
  EXPECT_EQ(opened->name, "2 stores");
  EXPECT_FALSE(opened->index_matches());
  std::size_t keys = 0;
  ASSERT_TRUE(opened->reader->scan_results("", [&](const StoredResult&) { return ++keys, true; }));
  EXPECT_EQ(keys, 3u);
  EXPECT_EQ(opened->overlapping_keys(), 1u);
}

TEST_F(StoresTest, AStoreGivenTwiceAndAtOverSeveralStoresAreRefused) {
  auto twice = open_stores({path("a.db"), path("a.db")});
  ASSERT_FALSE(twice);
  EXPECT_EQ(twice.error().message, "store '" + path("a.db").string() + "' is given twice; give each --store once");
  auto at = open_stores({path("a.db"), path("b.db")}, "2026-01-01");
  ASSERT_FALSE(at);
  EXPECT_EQ(at.error().kind(), errc::invalid_input);
  EXPECT_NE(at.error().message.find("--at reads one store's history"), std::string::npos) << at.error().message;
}

TEST_F(StoresTest, AtShowsTheStoreAsItWasThen) {
  auto opened = open_stores({path("a.db")}, "2000-01-01");
  ASSERT_TRUE(opened) << opened.error().message;
  ASSERT_TRUE(opened->at);
  EXPECT_FALSE(opened->index_matches());
  std::size_t keys = 0;
  ASSERT_TRUE(opened->reader->scan_results("", [&](const StoredResult&) { return ++keys, true; }));
  EXPECT_EQ(keys, 0u) << "nothing was stored by the end of 2000-01-01";
  auto bad = open_stores({path("a.db")}, "not a point");
  ASSERT_FALSE(bad);
  EXPECT_TRUE(bad.error().message.starts_with("--at: ")) << bad.error().message;
}

TEST_F(StoresTest, AnUnknownJobIsUsageListingTheStoresJobs) {
  auto opened = open_stores({path("a.db"), path("b.db")}, {}, "nope");
  ASSERT_FALSE(opened);
  EXPECT_EQ(opened.error().kind(), errc::invalid_input);
  EXPECT_EQ(opened.error().message, "no job 'nope' in 2 stores; its jobs are: coffee, tea");
}

TEST_F(StoresTest, FindStoredGivesTheResultOrNotFoundNamingTheKey) {
  auto store = open_store(path("a.db"));
  ASSERT_TRUE(store) << store.error().message;
  auto found = find_stored(**store, *make_query("COFFEE", "EN", "us"), path("a.db"));
  ASSERT_TRUE(found) << found.error().message;
  EXPECT_EQ(found->q, "coffee");
  auto missing = find_stored(**store, *make_query("never", "en", "us", "Köln"), path("a.db"));
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().kind(), errc::not_found);
  EXPECT_TRUE(missing.error().message.starts_with("no stored result for q='never' hl=en gl=us city='Köln' in store '" +
                                                  path("a.db").string() + "' (the key is normalised"))
      << missing.error().message;
  EXPECT_NE(missing.error().message.find("is close to it"), std::string::npos) << missing.error().message;
  // The same query in another city: named.
  auto elsewhere = find_stored(**store, *make_query("coffee", "en", "us", "Köln"), path("a.db"));
  ASSERT_FALSE(elsewhere);
  EXPECT_NE(elsewhere.error().message.find("; the nearest stored: q='coffee' hl=en gl=us"), std::string::npos)
      << elsewhere.error().message;
}

TEST(LocaleFilter, HlIsAPrefixGlAloneIsCheckedOnTheDecodedKey) {
  const auto key = [](const char* q, const char* hl, const char* gl) { return encode_key(make_query(q, hl, gl)->key); };
  const LocaleFilter all;
  EXPECT_EQ(all.prefix(), "");
  EXPECT_TRUE(all.matches(key("x", "en", "us")));
  const LocaleFilter en("en", "");
  EXPECT_EQ(en.prefix(), encode_locale_prefix("en"));
  EXPECT_TRUE(en.matches(key("x", "en", "gb")));
  EXPECT_FALSE(en.matches(key("x", "de", "de")));
  const LocaleFilter en_us("en", "us");
  EXPECT_TRUE(en_us.matches(key("x", "en", "us")));
  EXPECT_FALSE(en_us.matches(key("x", "en", "gb")));
  const LocaleFilter us("", "us");
  EXPECT_EQ(us.prefix(), "");
  EXPECT_TRUE(us.matches(key("x", "es", "us")));
  EXPECT_FALSE(us.matches(key("x", "en", "gb")));
}

TEST(LocaleFilter, FlagsAreNormalisedAndErrorsNameTheFlag) {
  auto filter = LocaleFilter::from_flags("EN", "Us");
  ASSERT_TRUE(filter) << filter.error().message;
  EXPECT_EQ(filter->hl(), "en");
  EXPECT_EQ(filter->gl(), "us");
  auto bad = LocaleFilter::from_flags("", "not a country");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind(), errc::invalid_input);
  EXPECT_TRUE(bad.error().message.starts_with("--gl: ")) << bad.error().message;
}

}  // namespace
}  // namespace paa
