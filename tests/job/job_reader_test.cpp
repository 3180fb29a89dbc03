#include "paa/job/job_file.hpp"

#include "support/temp_dir.hpp"

#include "job_items.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace paa {
namespace {

class JobReading : public ::testing::Test {
 protected:
  test::TempDir dir;

  JobSpec spec_with(std::vector<std::string> queries, std::vector<std::filesystem::path> files,
                    std::vector<Locale> locales = {{"en", "us", ""}}) {
    JobSpec spec;
    spec.file = dir.path() / "job.toml";
    spec.name = "job";
    spec.queries = std::move(queries);
    for (auto& f : files) spec.query_files.push_back(dir.path() / f);
    spec.locales = std::move(locales);
    return spec;
  }

  // Every item as "q|hl|gl|city@origin" (the request spelling), or the error as "!message".
  std::vector<std::string> read_all(const JobSpec& spec) {
    return test::read_items(spec, [](const JobItem& item) {
      const Query& q = item.query;
      return q.q + "|" + q.hl + "|" + q.gl + "|" + q.city + "@" + item.origin;
    });
  }

  std::string at(const std::string& file, int line) const {
    return (dir.path() / file).string() + ":" + std::to_string(line);
  }
};

TEST_F(JobReading, InlineQueriesComeFirstExpandedToEveryLocale) {
  dir.write("list.txt", "from file\n");
  const auto spec = spec_with({"alpha", "beta"}, {"list.txt"}, {{"en", "us", ""}, {"de", "de", "Berlin"}});
  const std::string job = spec.file.string();
  EXPECT_EQ(read_all(spec), (std::vector<std::string>{
                                "alpha|en|us|@" + job + ": queries[0]",
                                "alpha|de|de|Berlin@" + job + ": queries[0]",
                                "beta|en|us|@" + job + ": queries[1]",
                                "beta|de|de|Berlin@" + job + ": queries[1]",
                                "from file|en|us|@" + at("list.txt", 1),
                                "from file|de|de|Berlin@" + at("list.txt", 1),
                            }));
}

TEST_F(JobReading, TxtSkipsBlankLinesCommentsBomAndCrlf) {
  dir.write("list.txt", "\xEF\xBB\xBF" "first\r\n\r\n# a comment\r\n   # indented comment\n \t \nsecond  query \r\n\xC2\xA0\nlast");
  EXPECT_EQ(read_all(spec_with({}, {"list.txt"})),
            (std::vector<std::string>{"first|en|us|@" + at("list.txt", 1), "second query|en|us|@" + at("list.txt", 6),
                                      "last|en|us|@" + at("list.txt", 8)}));
}

TEST_F(JobReading, TxtInvalidUtf8NamesTheLine) {
  dir.write("list.txt", "ok\ncaf\xE9 latin-1\n");
  EXPECT_EQ(read_all(spec_with({}, {"list.txt"})),
            (std::vector<std::string>{"ok|en|us|@" + at("list.txt", 1),
                                      "!" + at("list.txt", 2) + ": invalid UTF-8; save the file as UTF-8"}));
}

TEST_F(JobReading, TxtControlCharacterNamesTheLine) {
  dir.write("list.txt", "ok\nbad\x01query\n");
  const auto items = read_all(spec_with({}, {"list.txt"}));
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[1], "!" + at("list.txt", 2) + ": q: control character U+0001 at character 4; remove it");
}

TEST_F(JobReading, CsvQuotingFollowsRfc4180) {
  dir.write("k.csv",
            "Q,Volume\r\n"
            "\"coffee, black\",10\r\n"
            "\"say \"\"hello\"\"\",20\r\n"
            "\"spans\ntwo lines\",30\r\n"
            "\r\n"
            "plain,40");
  EXPECT_EQ(read_all(spec_with({}, {"k.csv"})),
            (std::vector<std::string>{"coffee, black|en|us|@" + at("k.csv", 2), "say \"hello\"|en|us|@" + at("k.csv", 3),
                                      "spans two lines|en|us|@" + at("k.csv", 4), "plain|en|us|@" + at("k.csv", 7)}));
}

TEST_F(JobReading, CsvRowLocaleReplacesTheJobLocales) {
  dir.write("k.csv",
            "\xEF\xBB\xBFq,hl,gl,city\n"
            "everywhere,,,\n"
            "only german,de,de,\n"
            "german in munich,de,de,München\n"
            "everywhere in paris,,,Paris\n");
  const auto spec = spec_with({}, {"k.csv"}, {{"en", "us", ""}, {"fr", "fr", "Lyon"}});
  EXPECT_EQ(read_all(spec), (std::vector<std::string>{
                                "everywhere|en|us|@" + at("k.csv", 2),
                                "everywhere|fr|fr|Lyon@" + at("k.csv", 2),
                                "only german|de|de|@" + at("k.csv", 3),
                                "german in munich|de|de|München@" + at("k.csv", 4),
                                "everywhere in paris|en|us|Paris@" + at("k.csv", 5),
                                "everywhere in paris|fr|fr|Paris@" + at("k.csv", 5),
                            }));
}

TEST_F(JobReading, CsvHeaderWithoutAQueryColumnListsTheColumnsFoundAndTheNamesAccepted) {
  dir.write("k.csv", "term,volume\ncoffee,10\n");
  EXPECT_EQ(read_all(spec_with({}, {"k.csv"})),
            (std::vector<std::string>{"!" + at("k.csv", 1) +
                                      ": the header has no query column (found 'term', 'volume'); name the "
                                      "column holding the queries q, query, keyword, keyphrase, search term or "
                                      "top queries (any case)"}));
}

TEST_F(JobReading, CsvWrongFieldCountNamesTheLine) {
  dir.write("k.csv", "q,hl,gl\na,,\nb,c\n");
  EXPECT_EQ(read_all(spec_with({}, {"k.csv"})),
            (std::vector<std::string>{"a|en|us|@" + at("k.csv", 2),
                                      "!" + at("k.csv", 3) +
                                          ": row has 2 fields, the header has 3; quote fields that contain commas"}));
}

TEST_F(JobReading, CsvInvalidHlNamesTheLine) {
  dir.write("k.csv", "q,hl,gl\na,english,us\n");
  EXPECT_EQ(read_all(spec_with({}, {"k.csv"})),
            (std::vector<std::string>{"!" + at("k.csv", 2) +
                                      ": invalid hl 'english': expected a 2-3 letter language code with an optional "
                                      "region, like en, de or pt-BR"}));
}

TEST_F(JobReading, CsvHalfALocaleIsAnError) {
  dir.write("k.csv", "q,hl,gl\na,de,\n");
  EXPECT_EQ(read_all(spec_with({}, {"k.csv"})),
            (std::vector<std::string>{"!" + at("k.csv", 2) +
                                      ": row sets hl but not gl; set both (this row's own locale) or neither (the "
                                      "job's locales)"}));
}

TEST_F(JobReading, CsvUnclosedQuoteNamesWhereItOpened) {
  dir.write("k.csv", "q\nok\n\"never closed\nmore\n");
  const auto items = read_all(spec_with({}, {"k.csv"}));
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[1], "!" + at("k.csv", 3) + ": quoted field is never closed; add the closing \"");
}

TEST_F(JobReading, CsvTextAfterClosingQuoteIsAnError) {
  dir.write("k.csv", "q\n\"a\"b\n");
  EXPECT_EQ(read_all(spec_with({}, {"k.csv"})),
            (std::vector<std::string>{"!" + at("k.csv", 2) +
                                      ": unexpected text after a closing quote; inside a quoted field write a quote "
                                      "as \"\""}));
}

TEST_F(JobReading, CsvHeaderWithHlButNoGlIsAnError) {
  dir.write("k.csv", "q,hl\na,en\n");
  EXPECT_EQ(read_all(spec_with({}, {"k.csv"})),
            (std::vector<std::string>{"!" + at("k.csv", 1) +
                                      ": the header has an 'hl' column but no 'gl' column; add both or neither"}));
}

TEST_F(JobReading, CsvInvalidUtf8NamesTheLine) {
  dir.write("k.csv", "q\nstra\xDF" "e\n");
  EXPECT_EQ(read_all(spec_with({}, {"k.csv"})),
            (std::vector<std::string>{"!" + at("k.csv", 2) + ": invalid UTF-8; save the file as UTF-8"}));
}

TEST_F(JobReading, CsvHeaderInLatin1IsRefusedBeforeItsNamesBecomeAttributes) {
  dir.write("k.csv", "Keyword,Suchvolumen (\xD8)\nkaffee,1300\n");  // Latin-1, ASCII rows
  EXPECT_EQ(read_all(spec_with({}, {"k.csv"})),
            (std::vector<std::string>{"!" + at("k.csv", 1) + ": invalid UTF-8; save the file as UTF-8"}));
}

TEST_F(JobReading, OtherExtensionsAreRejected) {
  dir.write("k.json", "q\n");
  EXPECT_EQ(read_all(spec_with({}, {"k.json"})),
            (std::vector<std::string>{"!" + (dir.path() / "k.json").string() +
                                      ": unsupported query file type; expected .txt (one query per line), .csv, "
                                      ".tsv or .xlsx (a header naming the query column)"}));
}

TEST_F(JobReading, ReaderStopsAfterAnError) {
  dir.write("list.txt", "\xFF\nfine\n");
  auto reader = JobReader::open(spec_with({}, {"list.txt"}));
  ASSERT_TRUE(reader);
  EXPECT_FALSE(reader->next());
  EXPECT_FALSE(reader->next());
}

// Keyword-tool files (docs/jobs.md "Keyword-tool files"): each item as
// "q|hl|gl|city volume=V {name=value;...}".
class KeywordToolFiles : public JobReading {
 protected:
  static std::filesystem::path fixture(const std::string& name) {
    return std::filesystem::path(PAA_KEYWORD_TOOL_FIXTURES) / name;
  }
  std::vector<std::string> read_with_attrs(const JobSpec& spec) {
    return test::read_items(spec, [](const JobItem& item) {
      const Query& q = item.query;
      return q.q + "|" + q.hl + "|" + q.gl + "|" + q.city + " " + test::attributes_text(item.attrs);
    });
  }
  JobSpec fixture_job(const std::string& name) {
    JobSpec spec = spec_with({}, {});
    spec.query_files.push_back(fixture(name));
    return spec;
  }
};

TEST_F(KeywordToolFiles, AhrefsExportUtf8WithBomAndCommas) {
  EXPECT_EQ(read_with_attrs(fixture_job("ahrefs.csv")),
            (std::vector<std::string>{
                "best espresso machine|en|us| volume=1300 {volume=1300;kd=42;cpc=1.20;Parent Keyword=espresso "
                "machine;serp_features=Featured snippet, People also ask;}",
                "espresso vs latte|en|us| volume=900 {volume=900;kd=8;cpc=0.35;Parent Keyword=espresso vs latte;"
                "serp_features=People also ask;}",
            }));
}

TEST_F(KeywordToolFiles, SemrushExportWithSemicolons) {
  EXPECT_EQ(read_with_attrs(fixture_job("semrush.csv")),
            (std::vector<std::string>{
                "french press ratio|en|us| volume=2400 {intent=Informational;volume=2400;kd=35;cpc=0,95;"
                "Competitive Density=0,12;serp_features=Featured snippet, People also ask;Number of "
                "Results=12400000;}",
                "cold brew concentrate|en|us| volume=1000 {intent=Commercial;volume=1000;kd=51;cpc=0,80;"
                "Competitive Density=0,45;Number of Results=3200000;}",
            }));
}

TEST_F(KeywordToolFiles, CheckSaysWhichColumnHoldsTheQueriesAndWhichAreKept) {
  JobSpec spec = fixture_job("semrush.csv");
  spec.query_files.push_back(fixture("keyword-planner.csv"));
  auto check = check_job(spec);
  ASSERT_TRUE(check) << check.error().message;
  EXPECT_EQ(check->lists,
            (std::vector<std::string>{
                fixture("semrush.csv").string() +
                    ": queries from 'Keyword' (semicolons); attributes: intent, volume (from 'Volume'), kd, cpc, "
                    "Competitive Density, serp_features, Number of Results",
                fixture("keyword-planner.csv").string() +
                    ": queries from 'Keyword' (tabs); attributes: Currency, volume (from 'Avg. monthly searches'), "
                    "Three month change, YoY change, Competition, Competition (indexed value), Top of page bid (low "
                    "range), Top of page bid (high range)",
            }));
}

TEST_F(KeywordToolFiles, KeywordPlannerExportUtf16WithTabsAndTitleLines) {
  const auto items = read_with_attrs(fixture_job("keyword-planner.csv"));
  EXPECT_EQ(items, (std::vector<std::string>{
                       "pour over coffee|en|us| volume=14800 {Currency=USD;volume=14800;Three month change=0%;YoY "
                       "change=-18%;Competition=Low;Competition (indexed value)=12;Top of page bid (low range)=0.42;Top "
                       "of page bid (high range)=1.35;}",
                       // A range is kept as written, and is no volume.
                       "moka pot|en|us| volume=- {Currency=USD;volume=1K \u2013 10K;Three month change=0%;YoY "
                       "change=0%;Competition=Medium;Competition (indexed value)=40;Top of page bid (low "
                       "range)=0.30;Top of page bid (high range)=0.95;}",
                       "caf\u00e9 cr\u00e8me|en|us| volume=90 {Currency=USD;volume=90;Three month change=0%;YoY "
                       "change=0%;Competition=Low;Competition (indexed value)=5;Top of page bid (low range)=0.10;Top "
                       "of page bid (high range)=0.50;}",
                   }));
}

TEST_F(KeywordToolFiles, SearchConsoleExportHasNoVolume) {
  EXPECT_EQ(read_with_attrs(fixture_job("search-console.csv")),
            (std::vector<std::string>{
                "aeropress recipe|en|us| volume=- {Clicks=120;Impressions=3400;CTR=3.53%;position=7.2;}",
                "espresso vs latte|en|us| volume=- {Clicks=40;Impressions=2100;CTR=1.9%;position=9.8;}",
            }));
}

TEST_F(KeywordToolFiles, QuotedFieldsWithNewlinesAndTheOwnLocaleColumns) {
  EXPECT_EQ(read_with_attrs(fixture_job("own-list.csv")),
            (std::vector<std::string>{
                "chemex vs v60|en|gb| volume=250 {note=asked in the UK\nby baristas;volume=250;}",
                "french press ratio|en|us| volume=- {}",
            }));
}

TEST_F(KeywordToolFiles, Utf16BigEndianAndTsvFiles) {
  std::string be = "\xFE\xFF";
  for (const char c : std::string("keyword\tvolume\ntea\t5\n")) {
    be.push_back('\0');
    be.push_back(c);
  }
  dir.write("be.tsv", be);
  EXPECT_EQ(read_with_attrs(spec_with({}, {"be.tsv"})), (std::vector<std::string>{"tea|en|us| volume=5 {volume=5;}"}));
}

TEST_F(KeywordToolFiles, BrokenUtf16NamesTheLine) {
  // "q\nok\n" then a lone high surrogate (D800) followed by "x".
  dir.write("bad.csv", std::string("\xFF\xFEq\0\n\0o\0k\0\n\0\x00\xD8x\0\n\0", 18));
  EXPECT_EQ(read_with_attrs(spec_with({}, {"bad.csv"})),
            (std::vector<std::string>{"ok|en|us| volume=- {}",
                                      "!" + at("bad.csv", 3) +
                                          ": invalid UTF-16 (an unpaired surrogate); save the file as UTF-8, or as "
                                          "UTF-16 with a byte order mark"}));
}

TEST_F(KeywordToolFiles, Utf16WithoutAByteOrderMarkIsRefusedWithAHint) {
  dir.write("nobom.csv", std::string("q\0\n\0t\0\n\0", 8));
  EXPECT_EQ(read_with_attrs(spec_with({}, {"nobom.csv"})),
            (std::vector<std::string>{"!" + (dir.path() / "nobom.csv").string() +
                                      ": looks like UTF-16 without a byte order mark; save the file as UTF-8, or as "
                                      "UTF-16 with a byte order mark"}));
}

TEST_F(KeywordToolFiles, TrailingDelimitersAndTitleLinesWithoutAHeader) {
  dir.write("trailing.csv", "Keyword,Volume,\ntea,5,\n");
  EXPECT_EQ(read_with_attrs(spec_with({}, {"trailing.csv"})),
            (std::vector<std::string>{"tea|en|us| volume=5 {volume=5;}"}));
  // Only one-field lines and no header among them: the first line is the header that is refused.
  dir.write("titles.csv", "Report\nterm\ncoffee\n");
  EXPECT_EQ(read_with_attrs(spec_with({}, {"titles.csv"})),
            (std::vector<std::string>{"!" + at("titles.csv", 1) +
                                      ": the header has no query column (found 'Report'); name the column holding the "
                                      "queries q, query, keyword, keyphrase, search term or top queries (any case)"}));
  dir.write("semis.csv", "Keyword;Volume\ntea;5;x\n");
  EXPECT_EQ(read_with_attrs(spec_with({}, {"semis.csv"})),
            (std::vector<std::string>{"!" + at("semis.csv", 2) +
                                      ": row has 3 fields, the header has 2; quote fields that contain semicolons"}));
}

TEST_F(JobReading, CheckCountsQueriesRequestsAndDuplicates) {
  dir.write("list.txt", "Espresso  VS latte\n# comment\nnew one\n");
  dir.write("k.csv", "q,hl,gl\nespresso vs latte,de,de\nonly here,de,de\n");
  const auto spec = spec_with({"espresso vs latte", "cold brew"}, {"list.txt", "k.csv"},
                              {{"en", "us", ""}, {"de", "de", ""}});
  auto check = check_job(spec);
  ASSERT_TRUE(check) << check.error().message;
  EXPECT_EQ(check->queries, 6u);       // 2 inline + 2 txt lines + 2 csv rows
  EXPECT_EQ(check->requests, 10u);     // 4 queries x 2 locales + 2 single-locale rows
  EXPECT_EQ(check->unique_keys, 7u);   // txt "Espresso VS latte" x2 and the csv row repeat
  EXPECT_EQ(check->duplicates, 3u);
  // Two keys repeat (en/us twice, de/de three times): each hash once, sorted.
  auto hash_of = [](const char* hl, const char* gl) {
    auto q = make_query("espresso vs latte", hl, gl);
    return key_hash(encode_key(q->key));
  };
  std::vector<std::uint64_t> expected{hash_of("en", "us"), hash_of("de", "de")};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(check->repeated_key_hashes, expected);
}

TEST_F(JobReading, CheckOfAListWithoutRepeatsKeepsNoHashes) {
  dir.write("list.txt", "one\ntwo\nthree\n");
  auto check = check_job(spec_with({}, {"list.txt"}));
  ASSERT_TRUE(check) << check.error().message;
  EXPECT_EQ(check->unique_keys, 3u);
  EXPECT_TRUE(check->repeated_key_hashes.empty());
}

TEST_F(JobReading, CheckReportsTheFirstError) {
  dir.write("list.txt", "a\n\xFF\n");
  auto check = check_job(spec_with({}, {"list.txt"}));
  ASSERT_FALSE(check);
  EXPECT_EQ(check.error().message, at("list.txt", 2) + ": invalid UTF-8; save the file as UTF-8");
}

TEST_F(JobReading, LoadedExampleStyleJobChecksEndToEnd) {
  dir.write("q.txt", "one\ntwo\n");
  auto spec = load_job(dir.write("job.toml",
                                 "queries = [\"one\"]\nquery_files = [\"q.txt\"]\n"
                                 "locales = [{ hl = \"en\", gl = \"us\" }, { hl = \"de\", gl = \"de\", city = \"Berlin\" }]\n"));
  ASSERT_TRUE(spec) << spec.error().message;
  auto check = check_job(*spec);
  ASSERT_TRUE(check) << check.error().message;
  EXPECT_EQ(check->queries, 3u);
  EXPECT_EQ(check->requests, 6u);
  EXPECT_EQ(check->unique_keys, 4u);
  EXPECT_EQ(check->duplicates, 2u);
}

}  // namespace
}  // namespace paa
