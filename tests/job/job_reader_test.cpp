#include "paa/job/job_file.hpp"

#include "support/temp_dir.hpp"

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
    std::vector<std::string> out;
    auto reader = JobReader::open(spec);
    if (!reader) return {"!" + reader.error().message};
    for (;;) {
      auto item = reader->next();
      if (!item) {
        out.push_back("!" + item.error().message);
        return out;
      }
      if (!*item) return out;
      const Query& q = (*item)->query;
      out.push_back(q.q + "|" + q.hl + "|" + q.gl + "|" + q.city + "@" + (*item)->origin);
    }
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

TEST_F(JobReading, CsvHeaderWithoutQListsTheColumnsFound) {
  dir.write("k.csv", "keyword,volume\ncoffee,10\n");
  EXPECT_EQ(read_all(spec_with({}, {"k.csv"})),
            (std::vector<std::string>{"!" + at("k.csv", 1) +
                                      ": the header has no 'q' column (found 'keyword', 'volume'); name the "
                                      "column holding the queries q"}));
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

TEST_F(JobReading, OtherExtensionsAreRejected) {
  dir.write("k.tsv", "q\n");
  EXPECT_EQ(read_all(spec_with({}, {"k.tsv"})),
            (std::vector<std::string>{"!" + (dir.path() / "k.tsv").string() +
                                      ": unsupported query file type; expected .txt (one query per line) or .csv "
                                      "(with a q column)"}));
}

TEST_F(JobReading, ReaderStopsAfterAnError) {
  dir.write("list.txt", "\xFF\nfine\n");
  auto reader = JobReader::open(spec_with({}, {"list.txt"}));
  ASSERT_TRUE(reader);
  EXPECT_FALSE(reader->next());
  EXPECT_FALSE(reader->next());
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
