// The pure decisions of reading a keyword-tool file: header roles, attribute names, the
// delimiter, volumes.
#include "paa/job/list_columns.hpp"

#include <gtest/gtest.h>

namespace paa {
namespace {

using Attrs = std::vector<std::pair<std::size_t, std::string>>;

TEST(ListHeader, QueryColumnGoesByItsUsualNamesInAnyCase) {
  for (const char* name : {"q", "Q", "query", "Keyword", "KEYPHRASE", " Search Term ", "Top queries"}) {
    auto columns = recognise_header({"Volume", name});
    ASSERT_TRUE(columns) << name << ": " << columns.error().message;
    EXPECT_EQ(columns->query, 1u) << name;
  }
  EXPECT_FALSE(is_query_column_name("keywords difficulty"));
  EXPECT_FALSE(is_query_column_name("Parent Keyword"));
}

TEST(ListHeader, OtherColumnsBecomeAttributesInColumnOrderAndTheVolumeIsNamedVolume) {
  auto columns = recognise_header({"Keyword", "Avg. monthly searches", "KD", "hl", "gl", "City", "CPC (USD)"});
  ASSERT_TRUE(columns);
  EXPECT_EQ(columns->count, 7u);
  EXPECT_EQ(columns->volume, 1u);
  EXPECT_EQ(columns->hl, 3u);
  EXPECT_EQ(columns->gl, 4u);
  EXPECT_EQ(columns->city, 5u);
  EXPECT_EQ(columns->attributes, (Attrs{{1, "volume"}, {2, "kd"}, {6, "cpc"}}));
}

TEST(ListHeader, RepeatedNamesAreMadeDistinctAndUnnamedColumnsDropped) {
  auto columns = recognise_header({"Volume", "q", "search volume", "cpc", "CPC", "", "Volume"});
  ASSERT_TRUE(columns);
  EXPECT_EQ(columns->volume, 0u);  // the first volume column is the volume
  EXPECT_EQ(columns->attributes, (Attrs{{0, "volume"},
                                        {2, "search volume"},
                                        {3, "cpc"},
                                        {4, "CPC (2)"},
                                        {6, "Volume (2)"}}));
}

TEST(ListHeader, EachToolsNameForAnAttributeBecomesOneName) {
  // Ahrefs numbers its rows in a `#` column and writes Intents, KD, CPC; Semrush Intent, Keyword
  // Difficulty, CPC (USD); Search Console Position; Semrush's organic research URL and Traffic.
  auto ahrefs = recognise_header({"#", "Keyword", "Intents", "KD", "CPC", "SERP Features", "Current URL"});
  ASSERT_TRUE(ahrefs) << ahrefs.error().message;
  EXPECT_EQ(ahrefs->attributes, (Attrs{{2, "intent"}, {3, "kd"}, {4, "cpc"}, {5, "serp_features"}, {6, "url"}}));
  auto semrush = recognise_header({"Keyword", "Intent", "Keyword Difficulty", "CPC (USD)", "Position", "Traffic",
                                   "SERP Features by Keyword", " "});
  ASSERT_TRUE(semrush) << semrush.error().message;
  EXPECT_EQ(semrush->attributes,
            (Attrs{{1, "intent"}, {2, "kd"}, {3, "cpc"}, {4, "position"}, {5, "traffic"}, {6, "serp_features"}}));
  // A name the tools do not share is kept as written.
  auto own = recognise_header({"q", "Parent Keyword", "Trend"});
  ASSERT_TRUE(own);
  EXPECT_EQ(own->attributes, (Attrs{{1, "Parent Keyword"}, {2, "Trend"}}));
}

TEST(ListHeader, AQColumnIsTheQueryColumnAndAToolsKeywordColumnBesideItAnAttribute) {
  // A list written for paa before keyword-tool files were read kept working.
  auto columns = recognise_header({"keyword", "q", "hl", "gl", "Query"});
  ASSERT_TRUE(columns) << columns.error().message;
  EXPECT_EQ(columns->query, 1u);
  EXPECT_EQ(columns->attributes,
            (std::vector<std::pair<std::size_t, std::string>>{{0, "keyword"}, {4, "Query"}}));
}

TEST(ListHeader, RefusalsSayWhatIsWrongAndWhatToDo) {
  EXPECT_EQ(recognise_header({"Term", "Volume"}).error().message,
            "the header has no query column (found 'Term', 'Volume'); name the column holding the queries q, "
            "query, keyword, keyphrase, search term or top queries (any case)");
  EXPECT_EQ(recognise_header({"Keyword", "Volume", "Query"}).error().message,
            "the header has two query columns ('Keyword' and 'Query'); keep one, or rename the other");
  EXPECT_EQ(recognise_header({"q", "hl", "HL", "gl"}).error().message, "column 'hl' appears twice in the header");
  EXPECT_EQ(recognise_header({"q", "gl"}).error().message,
            "the header has an 'gl' column but no 'hl' column; add both or neither");
}

TEST(ListDelimiter, TheOneThatFindsTheWidestHeaderWins) {
  EXPECT_EQ(sniff_delimiter("q,hl,gl,city\ncoffee,,,\n"), ',');
  EXPECT_EQ(sniff_delimiter("Keyword;Volume;CPC\n\"best, coffee\";100;1,2\n"), ';');
  EXPECT_EQ(sniff_delimiter("Keyword\tCurrency\tAvg. monthly searches\nmoka pot\tUSD\t1,000\n"), '\t');
  // A single column: no delimiter splits it, so the comma stays.
  EXPECT_EQ(sniff_delimiter("keyword\ncoffee; tea\n"), ',');
  // ... and for a .tsv, the tab: a query's commas stay in it.
  EXPECT_EQ(sniff_delimiter("keyword\ncoffee, tea\n", '\t'), '\t');
  EXPECT_EQ(sniff_delimiter("Keyword;Volume\nkaffee;10\n", '\t'), ';') << "a wider header still wins";
}

TEST(ListDelimiter, TitleLinesBeforeTheHeaderAreLookedPast) {
  // Keyword Planner: a title, a date range with a comma in it, then a tab-separated header.
  EXPECT_EQ(sniff_delimiter("Keyword Stats 2026-01-05\nJanuary 1, 2025 - December 31, 2025\n"
                            "Keyword\tCurrency\tAvg. monthly searches\nmoka pot\tUSD\t10\n"),
            '\t');
}

TEST(ListDelimiter, WithoutAHeaderTheWidestFirstLineDecides) {
  EXPECT_EQ(sniff_delimiter("Begriff;Suchvolumen;CPC\nkaffee;100;1\n"), ';');
  EXPECT_EQ(sniff_delimiter(""), ',');
  // A quoted field the sample cuts short: what came before still counts.
  EXPECT_EQ(sniff_delimiter("Keyword;Volume\n\"never closed"), ';');
}

TEST(ListVolume, WholeNumbersWithOrWithoutThousandsSeparators) {
  EXPECT_EQ(parse_volume("1300"), 1300u);
  EXPECT_EQ(parse_volume(" 1,300 "), 1300u);
  EXPECT_EQ(parse_volume("1.300"), 1300u);
  EXPECT_EQ(parse_volume("1 300 000"), 1300000u);
  EXPECT_EQ(parse_volume("1'300"), 1300u);
  EXPECT_EQ(parse_volume("1\xC2\xA0" "300"), 1300u);      // NBSP
  EXPECT_EQ(parse_volume("1\xE2\x80\xAF" "300"), 1300u);  // narrow NBSP
  EXPECT_EQ(parse_volume("0"), 0u);
  EXPECT_EQ(parse_volume("18446744073709551615"), 18446744073709551615u);
}

TEST(ListVolume, AnythingElseIsNoVolume) {
  for (const char* text : {"", " ", "1K – 10K", "10 – 100", "1.5K", "1.5", "1,30", "1,3000", "12345,678", "1,300.000",
                           "1,300.5", "-10", "+10", "n/a", "1e3", ",300", "300,", "18446744073709551616"}) {
    EXPECT_EQ(parse_volume(text), std::nullopt) << text;
  }
}

}  // namespace
}  // namespace paa
