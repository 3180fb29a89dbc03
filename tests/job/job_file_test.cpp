#include "paa/job/job_file.hpp"

#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

namespace paa {
namespace {

class JobFile : public ::testing::Test {
 protected:
  test::TempDir dir;

  // Writes job.toml and returns load_job's error message ("<ok>" when it loads).
  std::string error_of(const std::string& toml) {
    auto spec = load_job(dir.write("job.toml", toml));
    return spec ? "<ok>" : spec.error().message;
  }
  std::string file() const { return (dir.path() / "job.toml").string(); }
};

constexpr const char* kLocales = "locales = [{ hl = \"en\", gl = \"us\" }]\n";

TEST_F(JobFile, FullExampleLoadsWithEveryKey) {
  dir.write("coffee.txt", "a\n");
  dir.write("lists/keywords.csv", "q\nb\n");
  auto spec = load_job(dir.write("job.toml", R"(
name = "coffee-2026-11"
store = "data/coffee.db"
base_url = "https://host/api"
api_key_env = "MY_KEY"
queries = ["how to brew coffee", "espresso vs latte"]
query_files = ["coffee.txt", "lists/keywords.csv"]
locales = [ { hl = "en", gl = "us" }, { hl = " de ", gl = "DE", city = "  Berlin " } ]
[limits]
concurrency = 16
rate = 2.5
burst = 4
max_searches = 1000
on_quota = "stop"
use_payg = true
timeout_s = 30
retries = 0
outage_wait = "30m"
)"));
  ASSERT_TRUE(spec) << spec.error().message;
  EXPECT_EQ(spec->name, "coffee-2026-11");
  EXPECT_EQ(spec->store, dir.path() / "data/coffee.db");
  EXPECT_EQ(spec->base_url, "https://host/api");
  EXPECT_EQ(spec->api_key_env, "MY_KEY");
  EXPECT_EQ(spec->queries, (std::vector<std::string>{"how to brew coffee", "espresso vs latte"}));
  ASSERT_EQ(spec->query_files.size(), 2u);
  EXPECT_EQ(spec->query_files[1], dir.path() / "lists/keywords.csv");
  ASSERT_EQ(spec->locales.size(), 2u);
  EXPECT_EQ(spec->locales[1].hl, "de");
  EXPECT_EQ(spec->locales[1].gl, "DE");
  EXPECT_EQ(spec->locales[1].city, "Berlin");
  EXPECT_EQ(spec->limits.concurrency, 16);
  EXPECT_DOUBLE_EQ(spec->limits.rate, 2.5);
  EXPECT_EQ(spec->limits.burst, 4);
  EXPECT_EQ(spec->limits.max_searches, 1000);
  EXPECT_EQ(spec->limits.on_quota, OnQuota::stop);
  EXPECT_TRUE(spec->limits.use_payg);
  EXPECT_DOUBLE_EQ(spec->limits.timeout_s, 30);
  EXPECT_EQ(spec->limits.retries, 0);
  EXPECT_EQ(spec->limits.outage_wait_ms, 30 * 60'000);
}

TEST_F(JobFile, DefaultsComeFromTheFileName) {
  auto spec = load_job(dir.write("night-run.toml", std::string("queries = [\"a\"]\n") + kLocales));
  ASSERT_TRUE(spec) << spec.error().message;
  EXPECT_EQ(spec->name, "night-run");
  EXPECT_EQ(spec->store, dir.path() / "night-run.db");
  EXPECT_EQ(spec->base_url, "");
  EXPECT_EQ(spec->api_key_env, "PAA_API_KEY");
  const Limits defaults;
  EXPECT_EQ(spec->limits.concurrency, defaults.concurrency);
  EXPECT_EQ(spec->limits.on_quota, OnQuota::wait);
  EXPECT_FALSE(spec->limits.use_payg);
  EXPECT_EQ(spec->limits.outage_wait_ms, 2 * 3'600'000) << "two hours";
}

TEST_F(JobFile, StoreDefaultsToTheNameInTheJobFolder) {
  auto spec = load_job(dir.write("j.toml", std::string("name = \"coffee\"\nqueries = [\"a\"]\n") + kLocales));
  ASSERT_TRUE(spec) << spec.error().message;
  EXPECT_EQ(spec->store, dir.path() / "coffee.db");
}

TEST_F(JobFile, MisspeltLimitsKeySuggestsTheRightOne) {
  EXPECT_EQ(error_of(std::string("queries = [\"a\"]\n") + kLocales + "[limits]\nconcurency = 8\n"),
            file() + ":4:1: unknown key 'concurency' in [limits]; did you mean 'concurrency'?");
}

TEST_F(JobFile, AnApiKeyInTheFileIsRefusedWithWhereItBelongs) {
  const std::string e = error_of(std::string(kLocales) + "queries = [\"a\"]\napi_key = \"abc\"\n");
  EXPECT_NE(e.find(file() + ":3:"), std::string::npos) << e;
  EXPECT_NE(e.find("the API key never goes in a job file"), std::string::npos) << e;
  EXPECT_NE(e.find("export PAA_API_KEY="), std::string::npos) << e;
  EXPECT_EQ(e.find("abc"), std::string::npos) << "the secret is never echoed: " << e;
}

TEST_F(JobFile, MisspeltTopLevelKeySuggestsTheRightOne) {
  EXPECT_EQ(error_of(std::string("querys = [\"a\"]\n") + kLocales),
            file() + ":1:1: unknown key 'querys'; did you mean 'queries'?");
}

TEST_F(JobFile, UnknownKeyWithoutACloseMatchListsTheValidKeys) {
  EXPECT_EQ(error_of(std::string("queries = [\"a\"]\n") + kLocales + "colour = \"red\"\n"),
            file() + ":3:1: unknown key 'colour'; valid keys are name, store, base_url, api_key_env, "
                     "queries, query_files, locales, limits, expand, refresh_after, notify, analysis");
}

TEST_F(JobFile, UnknownKeyInALocaleIsAnError) {
  EXPECT_EQ(error_of("queries = [\"a\"]\nlocales = [{ hl = \"de\", gl = \"de\", cty = \"Berlin\" }]\n"),
            file() + ":2:36: unknown key 'cty' in locales[0]; did you mean 'city'?");
}

TEST_F(JobFile, WrongTypeNamesFileLineAndExpectation) {
  EXPECT_EQ(error_of(std::string("queries = [\"a\"]\n") + kLocales + "[limits]\nconcurrency = \"8\"\n"),
            file() + ":4:15: limits.concurrency: expected an integer, got a string");
  EXPECT_EQ(error_of(std::string("queries = \"a\"\n") + kLocales),
            file() + ":1:11: queries: expected an array of strings, got a string");
  EXPECT_EQ(error_of(std::string("queries = [\"a\", 2]\n") + kLocales),
            file() + ":1:17: queries[1]: expected a string, got an integer");
  EXPECT_EQ(error_of(std::string("queries = [\"a\"]\n") + kLocales + "[limits]\nuse_payg = \"no\"\n"),
            file() + ":4:12: limits.use_payg: expected true or false, got a string");
}

TEST_F(JobFile, OutOfRangeLimitsAreErrors) {
  const std::string head = std::string("queries = [\"a\"]\n") + kLocales + "[limits]\n";
  EXPECT_EQ(error_of(head + "concurrency = 0\n"), file() + ":4:15: limits.concurrency = 0 is out of range; use 1 to 1024");
  EXPECT_EQ(error_of(head + "concurrency = 1025\n"),
            file() + ":4:15: limits.concurrency = 1025 is out of range; use 1 to 1024");
  EXPECT_EQ(error_of(head + "rate = -1.5\n"),
            file() + ":4:8: limits.rate = -1.5 is out of range; use requests per second, or 0 for unlimited");
  EXPECT_EQ(error_of(head + "burst = 0\n"), file() + ":4:9: limits.burst = 0 is out of range; use 1 to 1000000");
  EXPECT_EQ(error_of(head + "timeout_s = 0\n"),
            file() + ":4:13: limits.timeout_s = 0 is out of range; use a number of seconds greater than 0");
  EXPECT_EQ(error_of(head + "retries = 101\n"), file() + ":4:11: limits.retries = 101 is out of range; use 0 to 100");
  EXPECT_EQ(error_of(head + "outage_wait = \"later\"\n"),
            file() + ":4:15: limits.outage_wait: 'later' is not a duration: it needs a unit (s, m, h, d or w); write it "
                     "like 30d, 12h, 90m, 45s or 2w");
  EXPECT_EQ(error_of(head + "max_searches = -1\n"),
            file() + ":4:16: limits.max_searches = -1 is out of range; use 0 (no cap) or more");
  EXPECT_EQ(error_of(head + "on_quota = \"later\"\n"),
            file() + ":4:12: limits.on_quota = \"later\" is not valid; use \"wait\" or \"stop\"");
  EXPECT_EQ(error_of(head + "rate = nan\n"), file() + ":4:8: limits.rate must be a finite number");
}

TEST_F(JobFile, RefreshAfterAndNotifyLoad) {
  auto spec = load_job(dir.write("job.toml", std::string("queries = [\"a\"]\n") + kLocales +
                                                 "refresh_after = \"30d\"\n[notify]\nurl = \"https://hooks.example/x\"\n"
                                                 "secret_env = \"PAA_NOTIFY_SECRET\"\n"));
  ASSERT_TRUE(spec) << spec.error().message;
  EXPECT_EQ(spec->refresh_after_ms, 30 * 86'400'000LL);
  EXPECT_TRUE(spec->notify.enabled());
  EXPECT_EQ(spec->notify.url, "https://hooks.example/x");
  EXPECT_EQ(spec->notify.secret_env, "PAA_NOTIFY_SECRET");
  auto plain = load_job(dir.write("job.toml", std::string("queries = [\"a\"]\n") + kLocales));
  ASSERT_TRUE(plain);
  EXPECT_FALSE(plain->refresh_after_ms);
  EXPECT_FALSE(plain->notify.enabled());
}

TEST_F(JobFile, BadRefreshAfterAndNotifySayWhatToWrite) {
  const std::string base = std::string("queries = [\"a\"]\n") + kLocales;
  EXPECT_EQ(error_of(base + "refresh_after = \"30\"\n"),
            file() + ":3:17: refresh_after: '30' is not a duration: it needs a unit (s, m, h, d or w); "
                     "write it like 30d, 12h, 90m, 45s or 2w");
  EXPECT_EQ(error_of(base + "[notify]\nurl = \"http://x\"\n"),
            file() + ":4:7: notify.url must start with https://, like \"https://hooks.example.com/paa\"");
  EXPECT_EQ(error_of(base + "[notify]\nsecret_env = \"S\"\n"),
            file() + ":3:1: [notify] needs url = \"https://...\" (where to post the run summary)");
  EXPECT_EQ(error_of(base + "[notify]\nurl = \"https://x\"\nsecret_evn = \"S\"\n"),
            file() + ":5:1: unknown key 'secret_evn' in [notify]; did you mean 'secret_env'?");
}

TEST_F(JobFile, NotifyAlertsNameTheirKindsAndTheUsersDomains) {
  const std::string base = std::string("queries = [\"a\"]\n") + kLocales + "[notify]\nurl = \"https://x\"\n";
  auto spec = load_job(dir.write("job.toml", base + "on = [\"lost\", \"won\", \"lost\", \"new_questions\"]\n"
                                                    "domains = [\"example.com\", \"www.example.org\"]\nmax_items = 5\n"));
  ASSERT_TRUE(spec) << spec.error().message;
  EXPECT_EQ(spec->notify.on, (std::vector<std::string>{"lost", "won", "new_questions"})) << "each kind once";
  EXPECT_EQ(spec->notify.domains, (std::vector<std::string>{"example.com", "www.example.org"}));
  EXPECT_EQ(spec->notify.max_items, 5u);
  EXPECT_TRUE(spec->notify.alerts());
  auto plain = load_job(dir.write("job.toml", base));
  ASSERT_TRUE(plain) << plain.error().message;
  EXPECT_FALSE(plain->notify.alerts());
  EXPECT_EQ(plain->notify.max_items, 20u);

  EXPECT_EQ(error_of(base + "on = [\"lose\"]\ndomains = [\"example.com\"]\n"),
            file() + ":5:7: notify.on[0] = \"lose\": use \"lost\", \"won\", \"new_questions\" or \"gone_questions\"");
  EXPECT_EQ(error_of(base + "on = [\"won\"]\n"),
            file() + ":3:1: [notify] on = [...] needs domains = [\"example.com\"]: the domains whose answers it watches");
  EXPECT_EQ(error_of(base + "on = [\"won\"]\ndomains = [\"my site.com\"]\n"),
            file() + ":6:12: notify.domains[0] = \"my site.com\" is no domain; write one like \"example.com\"");
  EXPECT_EQ(error_of(base + "max_items = 0\n"), file() + ":5:13: notify.max_items = 0 is out of range; use 1 to 10000");
}

TEST_F(JobFile, AnalysisAfterRunIsAYesOrNoLeftUnsetByDefault) {
  const std::string base = std::string("queries = [\"a\"]\n") + kLocales;
  auto unset = load_job(dir.write("job.toml", base));
  ASSERT_TRUE(unset) << unset.error().message;
  EXPECT_FALSE(unset->analysis_after_run) << "the run decides: yes, but not for a shard";
  auto off = load_job(dir.write("job.toml", base + "[analysis]\nafter_run = false\n"));
  ASSERT_TRUE(off) << off.error().message;
  EXPECT_EQ(off->analysis_after_run, std::optional<bool>(false));
  EXPECT_TRUE(error_of(base + "[analysis]\nafter_run = \"no\"\n")
                  .starts_with(file() + ":4:13: analysis.after_run: expected true or false, got "))
      << error_of(base + "[analysis]\nafter_run = \"no\"\n");
  EXPECT_EQ(error_of(base + "[analysis]\nafter_rn = true\n"),
            file() + ":4:1: unknown key 'after_rn' in [analysis]; did you mean 'after_run'?");
}

TEST_F(JobFile, ZeroRateMeansUnlimited) {
  auto spec = load_job(dir.write("job.toml", std::string("queries = [\"a\"]\n") + kLocales + "[limits]\nrate = 0\n"));
  ASSERT_TRUE(spec) << spec.error().message;
  EXPECT_EQ(spec->limits.rate, 0.0);
}

TEST_F(JobFile, MissingLocalesSaysWhatToAdd) {
  EXPECT_EQ(error_of("queries = [\"a\"]\n"),
            file() + ": job has no locales; add `locales = [{ hl = \"en\", gl = \"us\" }]`");
  EXPECT_EQ(error_of("queries = [\"a\"]\nlocales = []\n"),
            file() + ":2:11: job has no locales; add `locales = [{ hl = \"en\", gl = \"us\" }]`");
}

TEST_F(JobFile, InvalidLocaleValuesAreErrors) {
  EXPECT_EQ(error_of("queries = [\"a\"]\nlocales = [{ hl = \"english\", gl = \"us\" }]\n"),
            file() + ":2:19: locales[0]: invalid hl 'english': expected a 2-3 letter language code with an "
                     "optional region, like en, de or pt-BR");
  EXPECT_EQ(error_of("queries = [\"a\"]\nlocales = [{ hl = \"en\" }]\n"),
            file() + ":2:12: locales[0]: missing gl; write it like { hl = \"en\", gl = \"us\" }");
  EXPECT_EQ(error_of("queries = [\"a\"]\nlocales = [\"en-us\"]\n"),
            file() + ":2:12: locales[0]: expected a table like { hl = \"en\", gl = \"us\" }, got a string");
}

TEST_F(JobFile, NoQueriesIsAnError) {
  EXPECT_EQ(error_of(kLocales),
            file() + ": job has no queries; add `queries = [\"...\"]` or `query_files = [\"list.txt\"]`");
  EXPECT_EQ(error_of(std::string("queries = []\n") + kLocales),
            file() + ": job has no queries; add `queries = [\"...\"]` or `query_files = [\"list.txt\"]`");
}

TEST_F(JobFile, EmptyInlineQueryIsAnError) {
  EXPECT_EQ(error_of(std::string("queries = [\"a\", \"  \"]\n") + kLocales),
            file() + ":1:17: queries[1] is empty; remove it");
}

TEST_F(JobFile, MissingQueryFileNamesTheLineAndTheResolvedPath) {
  EXPECT_EQ(error_of(std::string("query_files = [\"nope.txt\"]\n") + kLocales),
            file() + ":1:16: query file 'nope.txt' not found (looked for " + (dir.path() / "nope.txt").string() +
                "); paths are relative to the job file's folder");
}

TEST_F(JobFile, UnsupportedQueryFileExtensionIsAnError) {
  dir.write("list.json", "[]");
  EXPECT_EQ(error_of(std::string("query_files = [\"list.json\"]\n") + kLocales),
            file() + ":1:16: query file 'list.json' has an unsupported extension; expected .txt (one query per "
                     "line), .csv, .tsv or .xlsx (a header naming the query column)");
}

TEST_F(JobFile, AWorkbooksSheetIsNamedBesideItsFile) {
  dir.write("kw.xlsx", "PK");
  dir.write("k.csv", "q\na\n");
  auto spec = load_job(dir.write("job.toml", std::string("query_files = [\"k.csv\", { file = \"kw.xlsx\", sheet = \"Keywords\" }]\n") + kLocales));
  ASSERT_TRUE(spec) << spec.error().message;
  ASSERT_EQ(spec->query_files.size(), 2u);
  EXPECT_EQ(spec->query_files[0], QueryFile(dir.path() / "k.csv"));
  EXPECT_EQ(spec->query_files[1], QueryFile(dir.path() / "kw.xlsx", "Keywords"));
  EXPECT_EQ(error_of(std::string("query_files = [{ file = \"k.csv\", sheet = \"Keywords\" }]\n") + kLocales),
            file() + ":1:16: query_files[0]: `sheet` is for an .xlsx workbook, and 'k.csv' is none; remove it");
  EXPECT_EQ(error_of(std::string("query_files = [{ sheet = \"Keywords\" }]\n") + kLocales),
            file() + ":1:16: query_files[0] has no `file`; write { file = \"list.xlsx\", sheet = \"Sheet1\" }");
}

TEST_F(JobFile, ApiKeyEnvMustBeAVariableName) {
  EXPECT_EQ(error_of(std::string("queries = [\"a\"]\napi_key_env = \"sk-123abc\"\n") + kLocales),
            file() + ":2:15: api_key_env 'sk-123abc' is not an environment variable name; use letters, digits "
                     "and _ (and {shard} for the shard index), like \"PAA_API_KEY\" (the key itself never goes "
                     "in the file)");
  EXPECT_NE(error_of(std::string("queries = [\"a\"]\napi_key_env = \"1KEY\"\n") + kLocales), "<ok>");
}

TEST_F(JobFile, BaseUrlMustBeHttp) {
  EXPECT_EQ(error_of(std::string("queries = [\"a\"]\nbase_url = \"host/api\"\n") + kLocales),
            file() + ":2:12: base_url 'host/api' must start with https:// (or http://), like \"https://host/api\"");
}

TEST_F(JobFile, NameCannotBeAPath) {
  EXPECT_EQ(error_of(std::string("name = \"a/b\"\nqueries = [\"a\"]\n") + kLocales),
            file() + ":1:8: name 'a/b' cannot contain '/', '\\' or control characters; it names the default "
                     "store file");
}

TEST_F(JobFile, TomlSyntaxErrorNamesLineAndColumn) {
  const std::string message = error_of("queries = [\"a\"\n");
  EXPECT_EQ(message.rfind(file() + ":", 0), 0u) << message;
  EXPECT_NE(message.find("invalid TOML: "), std::string::npos) << message;
}

TEST_F(JobFile, EveryErrorIsReportedInFileOrderInOnePass) {
  // Three mistakes in three tables, written so that the order of the checks (locales are
  // checked before [limits], [limits] before [notify]) differs from the order in the file.
  const std::string e = error_of("[notify]\nurl = \"http://hooks.example/x\"\n"
                                 "[[locales]]\nhl = \"english\"\ngl = \"us\"\n"
                                 "[limits]\nconcurency = 8\n");
  EXPECT_EQ(e, file() + ":2:7: notify.url must start with https://, like \"https://hooks.example.com/paa\"\n" +
                   file() + ":4:6: locales[0]: invalid hl 'english': expected a 2-3 letter language code with an "
                            "optional region, like en, de or pt-BR\n" +
                   file() + ":7:1: unknown key 'concurency' in [limits]; did you mean 'concurrency'?\n" +
                   file() + ": job has no queries; add `queries = [\"...\"]` or `query_files = [\"list.txt\"]`\n" +
                   file() + ": 4 errors");
}

TEST_F(JobFile, SeveralErrorsInOneTableAndWrongTypesAreAllReported) {
  const std::string e = error_of(std::string("queries = [\"a\", 2, \" \"]\n") + kLocales +
                                 "[limits]\nconcurrency = 0\nrate = \"fast\"\nretries = 101\n");
  EXPECT_EQ(e, file() + ":1:17: queries[1]: expected a string, got an integer\n" +
                   file() + ":1:20: queries[2] is empty; remove it\n" +
                   file() + ":4:15: limits.concurrency = 0 is out of range; use 1 to 1024\n" +
                   file() + ":5:8: limits.rate: expected a number, got a string\n" +
                   file() + ":6:11: limits.retries = 101 is out of range; use 0 to 100\n" +
                   file() + ": 5 errors");
}

TEST_F(JobFile, AnErrorInAKeyIsNotRepeatedAsTheKeyBeingAbsent) {
  // A misspelt or invalid queries/locales key is one mistake, not also "no queries"/"no locales".
  EXPECT_EQ(error_of("querys = [\"a\"]\nlocale = [{ hl = \"en\", gl = \"us\" }]\n"),
            file() + ":1:1: unknown key 'querys'; did you mean 'queries'?\n" + file() +
                ":2:1: unknown key 'locale'; did you mean 'locales'?\n" + file() + ": 2 errors");
  EXPECT_EQ(error_of("query_files = [\"gone.txt\"]\nlocales = [{ hl = \"en\" }]\n"),
            file() + ":1:16: query file 'gone.txt' not found (looked for " + (dir.path() / "gone.txt").string() +
                "); paths are relative to the job file's folder\n" + file() +
                ":2:12: locales[0]: missing gl; write it like { hl = \"en\", gl = \"us\" }\n" + file() + ": 2 errors");
}

TEST_F(JobFile, ErrorsBeyondTheLimitAreCounted) {
  // 25 unknown keys, named so that the table's own (alphabetical) order is not the file's.
  std::string toml = std::string("queries = [\"a\"]\n") + kLocales + "[limits]\n";
  for (int i = 1; i <= 25; ++i) toml += "x" + std::to_string(i) + " = 1\n";
  const std::string e = error_of(toml);
  std::vector<std::string> lines;
  for (std::size_t start = 0; start <= e.size();) {
    const std::size_t end = std::min(e.find('\n', start), e.size());
    lines.push_back(e.substr(start, end - start));
    start = end + 1;
  }
  ASSERT_EQ(lines.size(), kMaxJobFileErrors + 1) << e;
  for (std::size_t i = 0; i < kMaxJobFileErrors; ++i) {
    EXPECT_EQ(lines[i].rfind(file() + ":" + std::to_string(4 + i) + ":1: unknown key 'x" + std::to_string(i + 1) +
                                 "' in [limits]; valid keys are ",
                             0),
              0u)
        << lines[i];
  }
  EXPECT_EQ(lines.back(), file() + ": ... and 5 more errors (25 in all)");
}

TEST_F(JobFile, ASyntaxErrorIsTheOnlyErrorAndSaysSo) {
  const std::string e = error_of("querys = [\"a\"]\n[limits]\nconcurency = 8\nrate = \n");
  EXPECT_EQ(e.find('\n'), std::string::npos) << e;
  EXPECT_EQ(e.rfind(file() + ":4:", 0), 0u) << e;
  EXPECT_NE(e.find("a syntax error stops the check; fix it to see any other errors"), std::string::npos) << e;
}

TEST_F(JobFile, MissingJobFileIsAnError) {
  auto spec = load_job(dir.path() / "absent.toml");
  ASSERT_FALSE(spec);
  EXPECT_EQ(spec.error().message,
            (dir.path() / "absent.toml").string() + ": cannot read the job file: No such file or directory; check the path");
}

TEST_F(JobFile, FolderInsteadOfAFileIsAnError) {
  auto spec = load_job(dir.path());
  ASSERT_FALSE(spec);
  EXPECT_EQ(spec.error().message, dir.path().string() + ": is a folder; give the path of a job file (.toml)");
}

TEST_F(JobFile, ExpandIsOffByDefaultAndReadsEveryKey) {
  auto off = load_job(dir.write("off.toml", std::string("queries = [\"a\"]\n") + kLocales));
  ASSERT_TRUE(off);
  EXPECT_FALSE(off->expand.enabled());
  auto on = load_job(dir.write("on.toml", std::string("queries = [\"a\"]\n") + kLocales + R"(
[expand]
depth = 2
from = ["related", "questions"]
per_result = 0
max_keys = 500
include = ["  Coffee "]
exclude = ["RECIPE"]
skip_variants = true
)"));
  ASSERT_TRUE(on) << on.error().message;
  EXPECT_EQ(on->expand.depth, 2);
  EXPECT_TRUE(on->expand.from_questions);
  EXPECT_TRUE(on->expand.from_related);
  EXPECT_EQ(on->expand.per_result, 0u);
  EXPECT_EQ(on->expand.max_keys, 500u);
  EXPECT_EQ(on->expand.include, std::vector<std::string>{"coffee"}) << "folded like queries";
  EXPECT_EQ(on->expand.exclude, std::vector<std::string>{"recipe"});
  EXPECT_TRUE(on->expand.skip_variants);
  EXPECT_FALSE(off->expand.skip_variants) << "off by default";
}

TEST_F(JobFile, ExpandMistakesNameTheLineAndWhatToWrite) {
  const std::string head = std::string("queries = [\"a\"]\n") + kLocales + "[expand]\n";
  EXPECT_EQ(error_of(head + "depth = 11\n"), file() + ":4:9: expand.depth = 11 is out of range; use 0 (off) to 10");
  EXPECT_EQ(error_of(head + "dept = 1\n"), file() + ":4:1: unknown key 'dept' in [expand]; did you mean 'depth'?");
  EXPECT_EQ(error_of(head + "from = [\"answers\"]\n"),
            file() + ":4:9: expand.from[0] = \"answers\" is not valid; use \"questions\" or \"related\"");
  EXPECT_EQ(error_of(head + "from = [\"related\", \"related\"]\n"),
            file() + ":4:20: expand.from[1]: \"related\" is listed twice");
  EXPECT_EQ(error_of(head + "from = []\n"),
            file() + ":4:8: expand.from is empty; use [\"questions\"], [\"related\"] or both");
  EXPECT_EQ(error_of(head + "include = [\"  \"]\n"), file() + ":4:12: expand.include[0] is blank; remove it or write a word");
  EXPECT_EQ(error_of(head + "max_keys = -1\n"), file() + ":4:12: expand.max_keys = -1 is out of range; use 0 (no cap) or more");
  EXPECT_EQ(error_of(head + "skip_variants = 1\n"), file() + ":4:17: expand.skip_variants: expected true or false, got an integer");
}

}  // namespace
}  // namespace paa
