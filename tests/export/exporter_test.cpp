#include "paa/export/exporter.hpp"
#include "paa/export/csv/csv_writer.hpp"
#include "paa/export/edges/edges_csv.hpp"

#include "support/files.hpp"
#include "test_support.hpp"

#include <boost/json/parse.hpp>

#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <stdexcept>

namespace paa::exporting {
namespace {

using test::FakeStoreReader;
using test::make_stored;

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// q/hl/gl of each JSONL line, "q/hl/gl".
std::vector<std::string> exported_keys(StoreReader& store, ExportRequest request) {
  request.format.format = ExportFormat::jsonl;
  StringSink sink;
  BufferedOutput out(sink);
  auto summary = export_store(store, request, out);
  EXPECT_TRUE(summary) << (summary ? "" : summary.error().message);
  std::vector<std::string> keys;
  for (const auto& line : lines(sink.data)) {
    auto v = boost::json::parse(line);
    keys.push_back(std::string(v.at("q").as_string()) + "/" + std::string(v.at("hl").as_string()) +
                   "/" + std::string(v.at("gl").as_string()));
  }
  return keys;
}

class ExporterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    store.add(make_stored("coffee", "en", "us", "", test::body_with_questions({"a", "b"})), "j1");
    store.add(make_stored("coffee", "de", "de", "", test::body_with_questions({"b"})), "j2");
    store.add(make_stored("tea", "en", "gb", "London", test::body_with_questions({"c"})), "j1");
    store.add(make_stored("mate", "es", "us", "", test::body_with_questions({"a"})));
  }
  FakeStoreReader store;
};

TEST_F(ExporterTest, WithoutFiltersExportsEveryStoredResultInKeyOrder) {
  auto keys = exported_keys(store, {});
  EXPECT_EQ(keys.size(), 4u);
}

TEST_F(ExporterTest, HlSelectsByKeyPrefix) {
  ExportRequest r;
  r.hl = "en";
  auto keys = exported_keys(store, r);
  EXPECT_EQ(keys, (std::vector<std::string>{"tea/en/gb", "coffee/en/us"}));
}

TEST_F(ExporterTest, HlAndGlTogether) {
  ExportRequest r;
  r.hl = "en";
  r.gl = "gb";
  EXPECT_EQ(exported_keys(store, r), (std::vector<std::string>{"tea/en/gb"}));
}

TEST_F(ExporterTest, GlAloneMatchesEveryLanguage) {
  ExportRequest r;
  r.gl = "us";
  EXPECT_EQ(exported_keys(store, r), (std::vector<std::string>{"coffee/en/us", "mate/es/us"}));
}

TEST_F(ExporterTest, JobSelectsItsDoneKeysOnly) {
  auto failed = make_stored("failed", "en", "us", "", test::body_with_questions({}));
  ProgressEntry failed_entry;
  failed_entry.state = ProgressState::failed;
  store.add_progress("j1", failed.key, failed_entry);
  ExportRequest r;
  r.job = "j1";
  EXPECT_EQ(exported_keys(store, r), (std::vector<std::string>{"tea/en/gb", "coffee/en/us"}));
  r.gl = "gb";
  EXPECT_EQ(exported_keys(store, r), (std::vector<std::string>{"tea/en/gb"}));
}

TEST_F(ExporterTest, JobDoneKeysWithoutAStoredResultAreCountedAndSkipped) {
  auto missing = make_stored("gone", "en", "us", "", "{}");
  store.add_progress("j1", missing.key, ProgressEntry{});
  ExportRequest r;
  r.job = "j1";
  StringSink sink;
  BufferedOutput out(sink);
  auto summary = export_store(store, r, out);
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->results, 2u);
  EXPECT_EQ(summary->records, 2u);
  EXPECT_EQ(summary->missing_results, 1u);
}

// Every view is computed from the stored trees (the analysis pass), with or without a filter:
// each question from the first tree that holds it in export (key) order.
TEST_F(ExporterTest, QuestionsWithoutFiltersAreComputedFromEveryTree) {
  ExportRequest r;
  r.format.format = ExportFormat::questions;
  StringSink sink;
  BufferedOutput out(sink);
  auto summary = export_store(store, r, out);
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->records, 3u);
  // Trees in key order: coffee/de/de (b), coffee/en/us (a, b), tea/en/gb (c), mate/es/us (a).
  // Each question its own variant group (no content words to share), in two locales or one.
  // The topic columns are checked by tests/topics and TopicsE2E.
  EXPECT_EQ(paa::test::drop_last_csv_columns(sink.data, 2),
            "question,answer,url,title,count,first_q,first_hl,first_gl,first_city,"
            "type,intent,variant_of,group_count,seeds,locales\n"
            "a,ans a,https://u/0,T,2,coffee,en,us,,other,informational,,2,2,2\n"
            "b,ans b,https://u/0,T,2,coffee,de,de,,other,informational,,2,2,2\n"
            "c,ans c,https://u/0,T,1,tea,en,gb,London,other,informational,,1,1,1\n");
}

TEST_F(ExporterTest, QuestionsWithAFilterAreRecomputedFromTheSelectedTrees) {
  ExportRequest r;
  r.format.format = ExportFormat::questions;
  r.hl = "en";
  StringSink sink;
  BufferedOutput out(sink);
  ASSERT_TRUE(export_store(store, r, out));
  // en trees in key order: tea/en/gb (c), coffee/en/us (a, b).
  EXPECT_EQ(paa::test::drop_last_csv_columns(sink.data, 2),
            "question,answer,url,title,count,first_q,first_hl,first_gl,first_city,"
            "type,intent,variant_of,group_count,seeds,locales\n"
            "a,ans a,https://u/0,T,1,coffee,en,us,,other,informational,,1,1,1\n"
            "b,ans b,https://u/1,T,1,coffee,en,us,,other,informational,,1,1,1\n"
            "c,ans c,https://u/0,T,1,tea,en,gb,London,other,informational,,1,1,1\n");
}

TEST_F(ExporterTest, CsvRowCountEqualsQuestionNodes) {
  ExportRequest r;
  r.format.format = ExportFormat::csv;
  StringSink sink;
  BufferedOutput out(sink);
  auto summary = export_store(store, r, out);
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->records, 5u);
  EXPECT_EQ(lines(sink.data).size(), 6u);
}

class FailAfterSink final : public ByteSink {
 public:
  Result<void> write(std::string_view bytes) override {
    if (++writes > 1) return make_error(errc::io, "cannot write out.jsonl: No space left on device");
    data.append(bytes);
    return {};
  }
  int writes = 0;
  std::string data;
};

TEST_F(ExporterTest, AFailingOutputStopsTheScanAndReportsTheError) {
  FailAfterSink sink;
  BufferedOutput out(sink, 64);
  ExportRequest r;
  auto summary = export_store(store, r, out);
  ASSERT_FALSE(summary);
  EXPECT_EQ(summary.error().message, "cannot write out.jsonl: No space left on device");
  EXPECT_EQ(sink.writes, 2);  // stopped at the first failure, did not keep writing
}

TEST_F(ExporterTest, AnUnreadableStoredBodyStopsTheExport) {
  store.add(make_stored("aaa", "en", "aa", "", "{\"result\":{\"children\":[{]}}"));
  ExportRequest r;
  r.format.format = ExportFormat::csv;
  StringSink sink;
  BufferedOutput out(sink);
  auto summary = export_store(store, r, out);
  ASSERT_FALSE(summary);
  EXPECT_NE(summary.error().message.find("q='aaa'"), std::string::npos);
}

// --- lineage and edges ---------------------------------------------------------------------------

LevelKey discovered(const std::string& q, std::uint32_t level, Via via, const std::string& parent,
                    const std::string& seed, const std::string& hl = "en", const std::string& gl = "us") {
  auto query = make_query(q, hl, gl);
  if (!query) throw std::runtime_error(query.error().message);
  LevelKey key;
  key.query = *query;
  key.encoded = encode_key(query->key);
  key.lineage = Lineage{level, via, parent, seed};
  return key;
}

std::string export_text(StoreReader& store, ExportRequest request, ExportFormat format,
                        ExportSummary* summary_out = nullptr) {
  request.format.format = format;
  StringSink sink;
  BufferedOutput out(sink);
  auto summary = export_store(store, request, out);
  EXPECT_TRUE(summary) << (summary ? "" : summary.error().message);
  if (summary && summary_out) *summary_out = *summary;
  return sink.data;
}

// j1: "Coffee" (level 0) -> "Is coffee good?" (1, question) -> "why is coffee good" (2);
//     "Coffee" -> "coffee near me" (1, related; not stored: pending).
// j2: "Tea time" (level 0, never stored) -> "Is coffee good?" (1): the same key, another lineage.
class LineageExportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    seed = make_stored("Coffee", "en", "us", "", test::body_with_questions({"Is coffee good?"}));
    level1 = make_stored("Is coffee good?", "en", "us", "", test::body_with_questions({"why is coffee good"}));
    level2 = make_stored("why is coffee good", "en", "us", "", test::body_with_questions({}));
    store.add(seed, "j1");
    store.add(level1, "j1");
    store.add(level2, "j1");
    store.add_discovered("j1", discovered("Is coffee good?", 1, Via::question, seed.key, seed.key));
    store.add_discovered("j1", discovered("coffee near me", 1, Via::related, seed.key, seed.key));
    store.add_discovered("j1", discovered("why is coffee good", 2, Via::question, level1.key, seed.key));
    tea_key = encode_key(make_query("Tea time", "en", "us")->key);
    store.add_progress("j2", level1.key, ProgressEntry{});
    store.add_discovered("j2", discovered("Is coffee good?", 1, Via::question, tea_key, tea_key));
  }

  // key q -> the parsed JSONL object.
  std::map<std::string, boost::json::value> jsonl(ExportRequest request) {
    std::map<std::string, boost::json::value> out;
    for (const auto& line : lines(export_text(store, request, ExportFormat::jsonl))) {
      auto v = boost::json::parse(line);
      out[std::string(v.at("q").as_string())] = v;
    }
    return out;
  }

  FakeStoreReader store;
  StoredResult seed, level1, level2;
  std::string tea_key;
};

boost::json::value key_object(const std::string& q, const char* hl = "en", const char* gl = "us") {
  return boost::json::object{{"q", q}, {"hl", hl}, {"gl", gl}, {"city", nullptr}};
}

TEST_F(LineageExportTest, JsonlCarriesTheJobsLineageWithTheStoredSpellingOfParentAndSeed) {
  ExportRequest r;
  r.job = "j1";
  auto objects = jsonl(r);
  ASSERT_EQ(objects.size(), 3u);
  const auto& s = objects.at("Coffee");
  EXPECT_EQ(s.at("level").as_int64(), 0);
  EXPECT_TRUE(s.at("parent").is_null());
  EXPECT_EQ(s.at("seed"), key_object("Coffee"));
  const auto& one = objects.at("Is coffee good?");
  EXPECT_EQ(one.at("level").as_int64(), 1);
  EXPECT_EQ(one.at("parent"), key_object("Coffee"));  // the stored spelling, not "coffee"
  EXPECT_EQ(one.at("seed"), key_object("Coffee"));
  const auto& two = objects.at("why is coffee good");
  EXPECT_EQ(two.at("level").as_int64(), 2);
  EXPECT_EQ(two.at("parent"), key_object("Is coffee good?"));
  EXPECT_EQ(two.at("seed"), key_object("Coffee"));
}

TEST_F(LineageExportTest, AnotherJobsLineageWithAParentNotStoredFallsBackToTheKeysFields) {
  ExportRequest r;
  r.job = "j2";
  auto objects = jsonl(r);
  ASSERT_EQ(objects.size(), 1u);
  const auto& one = objects.at("Is coffee good?");
  EXPECT_EQ(one.at("level").as_int64(), 1);
  EXPECT_EQ(one.at("parent"), key_object("tea time"));  // decoded: the folded key form
  EXPECT_EQ(one.at("seed"), key_object("tea time"));
}

TEST_F(LineageExportTest, WithoutAJobTheFirstJobThatDiscoveredTheKeyWins) {
  store.add(make_stored("mate", "es", "us", "", test::body_with_questions({})));
  auto objects = jsonl({});
  ASSERT_EQ(objects.size(), 4u);
  EXPECT_EQ(objects.at("Is coffee good?").at("parent"), key_object("Coffee"));  // j1's, not j2's
  EXPECT_EQ(objects.at("mate").at("level").as_int64(), 0);                     // no job discovered it
  EXPECT_TRUE(objects.at("mate").at("parent").is_null());
  EXPECT_EQ(objects.at("mate").at("seed"), key_object("mate", "es", "us"));
}

TEST_F(LineageExportTest, CsvRowsEndWithLevelParentQAndSeedQ) {
  ExportRequest r;
  r.job = "j1";
  auto rows = lines(export_text(store, r, ExportFormat::csv));
  ASSERT_EQ(rows.size(), 3u);  // header, one question in each of two trees (the level-2 tree is empty)
  EXPECT_EQ(rows[0], std::string(kCsvHeader));
  // Key order: "coffee" < "is coffee good?".
  EXPECT_EQ(rows[1], "Coffee,en,us,,1,1,,Is coffee good?,ans Is coffee good?,https://u/0,T,0,,Coffee");
  EXPECT_EQ(rows[2],
            "Is coffee good?,en,us,,1,1,,why is coffee good,ans why is coffee good,https://u/0,T,1,Coffee,Coffee");
}

TEST_F(LineageExportTest, NoExpansionNoLineageReads) {
  FakeStoreReader plain;
  plain.add(make_stored("coffee", "en", "us", "", test::body_with_questions({"a"})), "j1");
  export_text(plain, {}, ExportFormat::jsonl);
  EXPECT_EQ(plain.lineage_reads, 0);
  EXPECT_EQ(plain.gets, 0);
}

TEST_F(LineageExportTest, EdgesAreTheJobsDiscoveredKeysInLevelThenDiscoveryOrder) {
  ExportRequest r;
  r.job = "j1";
  ExportSummary summary;
  EXPECT_EQ(export_text(store, r, ExportFormat::edges, &summary),
            "parent_q,parent_hl,parent_gl,parent_city,q,hl,gl,city,level,via\n"
            "Coffee,en,us,,Is coffee good?,en,us,,1,question\n"
            "Coffee,en,us,,coffee near me,en,us,,1,related\n"
            "Is coffee good?,en,us,,why is coffee good,en,us,,2,question\n");
  EXPECT_EQ(summary.records, 3u);
  r.job = "j2";
  EXPECT_EQ(export_text(store, r, ExportFormat::edges),
            "parent_q,parent_hl,parent_gl,parent_city,q,hl,gl,city,level,via\n"
            "tea time,en,us,,Is coffee good?,en,us,,1,question\n");
}

TEST_F(LineageExportTest, EdgesNeedAJobWhenSeveralJobsExpanded) {
  ExportRequest r;
  r.format.format = ExportFormat::edges;
  StringSink sink;
  BufferedOutput out(sink);
  auto summary = export_store(store, r, out);
  ASSERT_FALSE(summary);
  EXPECT_EQ(summary.error().message, "--format edges: 2 jobs expanded (j1, j2); choose one with --job");
  EXPECT_TRUE(sink.data.empty());
}

TEST_F(LineageExportTest, EdgesOfTheOneJobThatExpandedNeedNoJob) {
  FakeStoreReader one;
  one.add(seed, "plain");
  one.add(seed, "j1");
  one.add_discovered("j1", discovered("Is coffee good?", 1, Via::question, seed.key, seed.key));
  EXPECT_EQ(lines(export_text(one, {}, ExportFormat::edges)).size(), 2u);

  FakeStoreReader none;
  none.add(seed, "plain");
  ExportRequest r;
  r.format.format = ExportFormat::edges;
  StringSink sink;
  BufferedOutput out(sink);
  auto summary = export_store(none, r, out);
  ASSERT_FALSE(summary);
  EXPECT_NE(summary.error().message.find("no job in the store has expanded"), std::string::npos)
      << summary.error().message;
}

TEST_F(LineageExportTest, EdgesHonourTheLocaleFilters) {
  store.add_discovered("j1", discovered("café", 1, Via::question, seed.key, seed.key, "fr", "fr"));
  ExportRequest r;
  r.job = "j1";
  r.hl = "fr";
  EXPECT_EQ(lines(export_text(store, r, ExportFormat::edges)),
            (std::vector<std::string>{std::string(kEdgesHeader), "Coffee,en,us,,café,fr,fr,,1,question"}));
}

}  // namespace
}  // namespace paa::exporting
