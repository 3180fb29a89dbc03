#include "paa/export/csv/csv_writer.hpp"
#include "paa/export/edges/edges_csv.hpp"
#include "paa/export/format_writer.hpp"
#include "paa/export/questions/questions_csv.hpp"
#include "paa/export/related/related_writer.hpp"

#include "support/files.hpp"
#include "test_support.hpp"

#include <boost/json/parse.hpp>

#include <gtest/gtest.h>

#include <sstream>

namespace paa::exporting {
namespace {

using test::kCoffeeBody;
using test::make_stored;

std::string run_format(const FormatOptions& options, const std::vector<StoredResult>& results) {
  StringSink sink;
  BufferedOutput out(sink, 32);  // small: exercises buffer boundaries
  auto writer = make_format_writer(options, out);
  writer->begin();
  for (const auto& r : results) EXPECT_TRUE(writer->add(r));
  EXPECT_TRUE(writer->finish());
  EXPECT_TRUE(out.flush());
  return sink.data;
}

FormatOptions opts(ExportFormat format, bool dedupe = false, bool excel = false) {
  FormatOptions o;
  o.format = format;
  o.dedupe = dedupe;
  o.excel = excel;
  return o;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::string raw_result(const std::string& body) {
  const auto start = body.find("\"result\":") + 9;
  return body.substr(start, body.size() - 1 - start);
}

TEST(JsonlFormat, WritesExactKeysInOrderAndTheResultVerbatim) {
  const auto r = make_stored("coffee", "en", "us", "", kCoffeeBody);
  EXPECT_EQ(run_format(opts(ExportFormat::jsonl), {r}),
            R"({"q":"coffee","hl":"en","gl":"us","city":null,"fetched_at":"2026-11-20T23:54:14.123Z",)"
            R"("cached":false,"level":0,"parent":null,)"
            R"("seed":{"q":"coffee","hl":"en","gl":"us","city":null},"result":)" +
                raw_result(kCoffeeBody) + "}\n");
}

TEST(JsonlFormat, CityAndCachedFlagAndEscapedSpelling) {
  const auto r = make_stored("say \"hi\"", "en", "gb", "London", test::kPrettyBody, 0, true);
  const auto out = run_format(opts(ExportFormat::jsonl), {r});
  EXPECT_EQ(out,
            R"({"q":"say \"hi\"","hl":"en","gl":"gb","city":"London","fetched_at":"1970-01-01T00:00:00.000Z",)"
            R"("cached":true,"level":0,"parent":null,"seed":{"q":"say \"hi\"","hl":"en","gl":"gb","city":"London"},)"
            R"("result":{"question":"tea","related":[],"children":[{"question":"Is tea good?","answer":"a  b"}]}})"
            "\n");
}

TEST(JsonFormat, IsOneArrayOfTheSameObjects) {
  const auto a = make_stored("coffee", "en", "us", "", kCoffeeBody);
  const auto b = make_stored("tea", "en", "us", "", test::kPrettyBody);
  const auto jsonl = lines(run_format(opts(ExportFormat::jsonl), {a, b}));
  ASSERT_EQ(jsonl.size(), 2u);
  EXPECT_EQ(run_format(opts(ExportFormat::json), {a, b}), "[\n" + jsonl[0] + ",\n" + jsonl[1] + "\n]\n");
  EXPECT_EQ(run_format(opts(ExportFormat::json), {}), "[]\n");
  boost::system::error_code ec;
  auto parsed = boost::json::parse(run_format(opts(ExportFormat::json), {a, b}), ec);
  ASSERT_FALSE(ec);
  EXPECT_EQ(parsed.as_array().size(), 2u);
}

TEST(JsonlFormat, DedupeDropsRepeatedQuestionsWithTheirSubtrees) {
  const auto r = make_stored("coffee", "en", "us", "", kCoffeeBody);
  const auto out = run_format(opts(ExportFormat::jsonl, true), {r});
  ASSERT_EQ(lines(out).size(), 1u);
  auto line = boost::json::parse(out);
  const auto& result = line.at("result");
  EXPECT_EQ(result.at("question"), "coffee");
  EXPECT_EQ(result.at("related").as_array().size(), 2u);
  const auto& roots = result.at("children").as_array();
  ASSERT_EQ(roots.size(), 1u);
  EXPECT_EQ(roots[0].at("question"), "Is coffee good?");
  EXPECT_EQ(roots[0].at("title"), "Café ☕");
  ASSERT_EQ(roots[0].at("children").as_array().size(), 1u);
  EXPECT_EQ(roots[0].at("children").as_array()[0].at("question"), "Why?");
  EXPECT_TRUE(roots[0].at("children").as_array()[0].at("answer").is_null());
}

TEST(JsonlFormat, DedupeKeepsTheFirstInPreOrderEvenWhenItIsNested) {
  // Pre-order: A, B(child of A), B(second root) -> the second root goes, A's child stays.
  const std::string body =
      R"({"result":{"question":"q","children":[{"question":"A","children":[{"question":"B"}]},{"question":"b"}]}})";
  auto line = boost::json::parse(run_format(opts(ExportFormat::jsonl, true), {make_stored("q", "en", "us", "", body)}));
  const auto& roots = line.at("result").at("children").as_array();
  ASSERT_EQ(roots.size(), 1u);
  EXPECT_EQ(roots[0].at("children").as_array()[0].at("question"), "B");
}

TEST(CsvFormat, OneRowPerQuestionInPreOrderWithDepthPositionAndParent) {
  const auto r = make_stored("coffee", "en", "us", "", kCoffeeBody);
  EXPECT_EQ(run_format(opts(ExportFormat::csv), {r}),
            "q,hl,gl,city,depth,position,parent,question,answer,url,title,level,parent_q,seed_q\n"
            "coffee,en,us,,1,1,,Is coffee good?,\"Yes, \"\"mostly\"\".\nSee below.\",https://a.example/1,Café ☕,0,,coffee\n"
            "coffee,en,us,,2,1,Is coffee good?,Why?,,https://b.example,B,0,,coffee\n"
            "coffee,en,us,,1,2,,is  coffee GOOD?,dup,u,t,0,,coffee\n"
            "coffee,en,us,,2,1,is  coffee GOOD?,Only under the duplicate,,,,0,,coffee\n");
}

TEST(CsvFormat, DedupeDropsAQuestionAlreadyEmittedForTheKeyAndItsSubtree) {
  const auto r = make_stored("coffee", "en", "us", "", kCoffeeBody);
  const auto out = run_format(opts(ExportFormat::csv, true), {r});
  EXPECT_EQ(out,
            "q,hl,gl,city,depth,position,parent,question,answer,url,title,level,parent_q,seed_q\n"
            "coffee,en,us,,1,1,,Is coffee good?,\"Yes, \"\"mostly\"\".\nSee below.\",https://a.example/1,Café ☕,0,,coffee\n"
            "coffee,en,us,,2,1,Is coffee good?,Why?,,https://b.example,B,0,,coffee\n");
}

TEST(CsvFormat, DedupeIsPerKey) {
  const auto a = make_stored("coffee", "en", "us", "", kCoffeeBody);
  const auto b = make_stored("coffee", "de", "de", "", kCoffeeBody);
  EXPECT_EQ(lines(run_format(opts(ExportFormat::csv, true), {a, b})).size(), 1u + 2 * 3);  // header + 2x(2 rows, 1 with newline)
}

TEST(CsvFormat, ExcelModeAddsBomAndCrlfLineEnds) {
  const auto r = make_stored("tea", "en", "gb", "London", test::kPrettyBody);
  EXPECT_EQ(run_format(opts(ExportFormat::csv, false, true), {r}),
            "\xEF\xBB\xBFq,hl,gl,city,depth,position,parent,question,answer,url,title,level,parent_q,seed_q\r\n"
            "tea,en,gb,London,1,1,,Is tea good?,a  b,,,0,,tea\r\n");
}

TEST(CsvFormat, EmptySelectionIsJustTheHeader) {
  EXPECT_EQ(run_format(opts(ExportFormat::csv), {}),
            "q,hl,gl,city,depth,position,parent,question,answer,url,title,level,parent_q,seed_q\n");
}

TEST(RelatedFormat, OneRowPerRelatedSearch) {
  const auto r = make_stored("coffee", "en", "us", "", kCoffeeBody);
  EXPECT_EQ(run_format(opts(ExportFormat::related), {r}),
            "q,hl,gl,city,position,related\n"
            "coffee,en,us,,1,coffee near me\n"
            "coffee,en,us,,2,\"coffee, \"\"beans\"\"\"\n");
}

TEST(QuestionsFormat, CountsEachQuestionOncePerTreeMostFrequentFirst) {
  const auto a = make_stored("first", "en", "us", "", test::body_with_questions({"a", "b", "c"}));
  const auto b = make_stored("second", "de", "de", "Berlin", test::body_with_questions({"b", "c", "B", "d"}));
  const std::string csv = run_format(opts(ExportFormat::questions), {a, b});
  // The topics: a, b and c are siblings of one tree (one topic); d is German and alone.
  const auto rows = paa::test::parse_csv(csv);
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0].at(15), "topic");
  EXPECT_EQ(rows[1].at(15), rows[2].at(15));
  EXPECT_EQ(rows[1].at(15), rows[3].at(15));
  EXPECT_NE(rows[1].at(15), rows[4].at(15));
  EXPECT_EQ(rows[4].at(16), "d");
  EXPECT_EQ(paa::test::drop_last_csv_columns(csv, 2),
            "question,answer,url,title,count,first_q,first_hl,first_gl,first_city,"
            "type,intent,variant_of,group_count,seeds,locales\n"
            "b,ans b,https://u/1,T,2,first,en,us,,other,informational,,2,2,2\n"
            "c,ans c,https://u/2,T,2,first,en,us,,other,informational,,2,2,2\n"
            "a,ans a,https://u/0,T,1,first,en,us,,other,informational,,1,1,1\n"
            "d,ans d,https://u/3,T,1,second,de,de,Berlin,other,informational,,1,1,1\n");
}

TEST(FormatWriter, AnUnreadableBodyIsAnErrorNamingTheKey) {
  const auto r = make_stored("broken", "en", "us", "", R"({"result":{"children":[{"question":)");
  for (auto format : {ExportFormat::jsonl, ExportFormat::csv, ExportFormat::related, ExportFormat::questions}) {
    StringSink sink;
    BufferedOutput out(sink);
    auto writer = make_format_writer(opts(format), out);
    writer->begin();
    auto added = writer->add(r);
    ASSERT_FALSE(added) << format_name(format);
    EXPECT_NE(added.error().message.find("q='broken'"), std::string::npos) << added.error().message;
  }
}

// --- lineage ---------------------------------------------------------------------------------

// A level-2 key, found under "is coffee good?" (en/us) which descends from "coffee" (en/us).
ExportLineage level_two_lineage() {
  ExportLineage l;
  l.level = 2;
  l.parent = KeySpelling{"Is coffee good?", "en", "us", ""};
  l.seed = KeySpelling{"coffee", "en", "us", ""};
  return l;
}

std::string run_with_lineage(const FormatOptions& options, const StoredResult& r, const ExportLineage& l) {
  StringSink sink;
  BufferedOutput out(sink, 32);
  auto writer = make_format_writer(options, out);
  writer->begin();
  EXPECT_TRUE(writer->add(r, l));
  EXPECT_TRUE(writer->finish());
  EXPECT_TRUE(out.flush());
  return sink.data;
}

TEST(JsonlFormat, CarriesLevelParentAndSeedBeforeTheResult) {
  const auto r = make_stored("why is coffee good", "en", "us", "", test::kPrettyBody);
  EXPECT_EQ(run_with_lineage(opts(ExportFormat::jsonl), r, level_two_lineage()),
            R"({"q":"why is coffee good","hl":"en","gl":"us","city":null,"fetched_at":"2026-11-20T23:54:14.123Z",)"
            R"("cached":false,"level":2,"parent":{"q":"Is coffee good?","hl":"en","gl":"us","city":null},)"
            R"("seed":{"q":"coffee","hl":"en","gl":"us","city":null},)"
            R"("result":{"question":"tea","related":[],"children":[{"question":"Is tea good?","answer":"a  b"}]}})"
            "\n");
}

TEST(JsonlFormat, LineageKeysWithACityAndQuotesAreEscaped) {
  ExportLineage l;
  l.level = 1;
  l.parent = KeySpelling{"say \"hi\"", "en", "gb", "London"};
  l.seed = *l.parent;
  const auto r = make_stored("hi", "en", "gb", "London", test::kPrettyBody);
  auto line = boost::json::parse(run_with_lineage(opts(ExportFormat::jsonl), r, l));
  EXPECT_EQ(line.at("level").as_int64(), 1);
  EXPECT_EQ(line.at("parent").at("q"), "say \"hi\"");
  EXPECT_EQ(line.at("parent").at("city"), "London");
  EXPECT_EQ(line.at("seed"), line.at("parent"));
}

TEST(JsonFormat, CarriesTheLineageToo) {
  const auto r = make_stored("why is coffee good", "en", "us", "", test::kPrettyBody);
  auto doc = boost::json::parse(run_with_lineage(opts(ExportFormat::json), r, level_two_lineage()));
  ASSERT_EQ(doc.as_array().size(), 1u);
  EXPECT_EQ(doc.as_array()[0].at("level").as_int64(), 2);
  EXPECT_EQ(doc.as_array()[0].at("seed").at("q"), "coffee");
}

TEST(CsvFormat, EveryRowOfATreeEndsWithItsLevelParentAndSeed) {
  const auto r = make_stored("why, coffee", "en", "us", "", kCoffeeBody);
  auto l = level_two_lineage();
  l.parent->q = "Is coffee \"good\", really?";
  const auto rows = lines(run_with_lineage(opts(ExportFormat::csv), r, l));
  ASSERT_EQ(rows.size(), 1u + 5);  // header, 4 questions, one answer spans two lines
  EXPECT_EQ(rows[0], std::string(kCsvHeader));
  const std::string suffix = ",2,\"Is coffee \"\"good\"\", really?\",coffee";
  // Line 1 is the first row up to the line break inside its answer; line 2 is the rest of it.
  for (std::size_t i : {2u, 3u, 4u, 5u}) EXPECT_TRUE(rows[i].ends_with(suffix)) << rows[i];
  for (std::size_t i : {1u, 3u, 4u, 5u}) {
    EXPECT_TRUE(rows[i].starts_with("\"why, coffee\",en,us,,")) << rows[i];
  }
}

TEST(CsvFormat, TheLineageColumnsComeAfterTheEarlierOnes) {
  EXPECT_TRUE(kCsvHeader.starts_with("q,hl,gl,city,depth,position,parent,question,answer,url,title,"));
  EXPECT_TRUE(kCsvHeader.ends_with(",level,parent_q,seed_q"));
}

TEST(FormatWriter, AddWithoutLineageIsLevelZeroWithItselfAsSeed) {
  const auto r = make_stored("Coffee  Beans", "EN", "us", "Paris", kCoffeeBody);
  const auto own = own_lineage(r);
  EXPECT_EQ(own.level, 0u);
  EXPECT_FALSE(own.parent);
  EXPECT_EQ(own.seed, (KeySpelling{"Coffee Beans", "EN", "us", "Paris"}));
  EXPECT_EQ(run_format(opts(ExportFormat::jsonl), {r}), run_with_lineage(opts(ExportFormat::jsonl), r, own));
}

TEST(FormatWriter, RelatedAndQuestionsIgnoreTheLineage) {
  const auto r = make_stored("coffee", "en", "us", "", kCoffeeBody);
  for (auto format : {ExportFormat::related, ExportFormat::questions}) {
    EXPECT_EQ(run_with_lineage(opts(format), r, level_two_lineage()), run_format(opts(format), {r}))
        << format_name(format);
  }
  EXPECT_TRUE(format_has_lineage(ExportFormat::jsonl));
  EXPECT_TRUE(format_has_lineage(ExportFormat::json));
  EXPECT_TRUE(format_has_lineage(ExportFormat::csv));
  EXPECT_FALSE(format_has_lineage(ExportFormat::related));
  EXPECT_FALSE(format_has_lineage(ExportFormat::edges));
  StringSink sink;
  BufferedOutput out(sink);
  EXPECT_EQ(make_format_writer(opts(ExportFormat::edges), out), nullptr);
}

// --- edges -----------------------------------------------------------------------------------

std::string run_edges(bool excel, const std::vector<Edge>& edges) {
  StringSink sink;
  {
    BufferedOutput out(sink, 32);
    EdgeWriter writer(excel, out);
    writer.begin();
    for (const auto& e : edges) writer.add(e);
    EXPECT_EQ(writer.records(), edges.size());
    EXPECT_TRUE(out.flush());
  }
  return sink.data;
}

TEST(EdgesFormat, OneRowPerEdgeParentFirstThenTheKeyLevelAndVia) {
  Edge a{{"coffee", "en", "us", ""}, {"Is coffee good?", "en", "us", ""}, 1, Via::question};
  Edge b{{"tea", "en", "gb", "London"}, {"tea, \"green\"", "en", "gb", "London"}, 2, Via::related};
  EXPECT_EQ(run_edges(false, {a, b}),
            "parent_q,parent_hl,parent_gl,parent_city,q,hl,gl,city,level,via\n"
            "coffee,en,us,,Is coffee good?,en,us,,1,question\n"
            "tea,en,gb,London,\"tea, \"\"green\"\"\",en,gb,London,2,related\n");
}

TEST(EdgesFormat, ExcelModeAddsBomAndCrlf) {
  Edge a{{"coffee", "en", "us", ""}, {"why", "en", "us", ""}, 1, Via::question};
  EXPECT_EQ(run_edges(true, {a}),
            "\xEF\xBB\xBFparent_q,parent_hl,parent_gl,parent_city,q,hl,gl,city,level,via\r\n"
            "coffee,en,us,,why,en,us,,1,question\r\n");
  EXPECT_EQ(run_edges(false, {}), std::string(kEdgesHeader) + "\n");
}

TEST(ExportFormatNames, RoundTrip) {
  for (auto f : {ExportFormat::jsonl, ExportFormat::json, ExportFormat::csv, ExportFormat::questions,
                 ExportFormat::related, ExportFormat::xlsx, ExportFormat::html, ExportFormat::edges}) {
    EXPECT_EQ(parse_export_format(format_name(f)), f);
  }
  EXPECT_FALSE(parse_export_format("xml"));
}

}  // namespace
}  // namespace paa::exporting
