#include "paa/export/exporter.hpp"

#include "test_support.hpp"

#include <boost/json/parse.hpp>

#include <gtest/gtest.h>

#include <sstream>

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

TEST_F(ExporterTest, QuestionsWithoutFiltersComeFromTheIndexWithFirstSeenSpelling) {
  QuestionEntry e;
  e.normalized = "a";
  e.question = "A?";
  e.url = "u";
  e.title = "t";
  e.count = 2;
  e.first_key = make_stored("coffee", "en", "us", "", "").key;
  store.add_question(e);
  e.normalized = "never";
  e.count = 0;
  store.add_question(e);
  ExportRequest r;
  r.format.format = ExportFormat::questions;
  StringSink sink;
  BufferedOutput out(sink);
  auto summary = export_store(store, r, out);
  ASSERT_TRUE(summary);
  EXPECT_EQ(sink.data,
            "question,answer,url,title,count,first_q,first_hl,first_gl,first_city\n"
            "A?,,u,t,2,coffee,en,us,\n");
}

TEST_F(ExporterTest, QuestionsWithAFilterAreRecomputedFromTheSelectedTrees) {
  ExportRequest r;
  r.format.format = ExportFormat::questions;
  r.hl = "en";
  StringSink sink;
  BufferedOutput out(sink);
  ASSERT_TRUE(export_store(store, r, out));
  // en trees in key order: tea/en/gb (c), coffee/en/us (a, b).
  EXPECT_EQ(sink.data,
            "question,answer,url,title,count,first_q,first_hl,first_gl,first_city\n"
            "a,ans a,https://u/0,T,1,coffee,en,us,\n"
            "b,ans b,https://u/1,T,1,coffee,en,us,\n"
            "c,ans c,https://u/0,T,1,tea,en,gb,London\n");
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
    if (++writes > 1) return make_error("cannot write out.jsonl: No space left on device");
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

}  // namespace
}  // namespace paa::exporting
