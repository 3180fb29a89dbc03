// The commands' other decisions, without a store: which store JOB and --store select, one key's
// flags, a brief's scope, prune's rule, and a word among an option's choices.
#include "paa/app/choices.hpp"
#include "paa/app/key_commands.hpp"
#include "paa/app/store_commands.hpp"
#include "paa/app/store_selection.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace paa::app {
namespace {

namespace fs = std::filesystem;

TEST(CommandStores, NeitherJobNorStoreIsAUsageErrorWithAnExample) {
  std::vector<fs::path> stores;
  auto applied = apply_job_file("", stores, nullptr, "diff");
  ASSERT_FALSE(applied);
  EXPECT_EQ(applied.error().code, make_error_code(errc::invalid_input));
  EXPECT_EQ(applied.error().message, "diff needs a job file or --store DIR (e.g. `paa diff jobs/coffee.toml ...`)");
}

TEST(CommandStores, StoreAloneIsKeptAndNamesNoJob) {
  std::vector<fs::path> stores{"a.db"};
  std::string job;
  ASSERT_TRUE(apply_job_file("", stores, &job, "export"));
  EXPECT_EQ(stores, (std::vector<fs::path>{"a.db"}));
  EXPECT_EQ(job, "");
}

class CommandStoresWithAJob : public ::testing::Test {
 protected:
  void SetUp() override {
    job_file_ = dir_.write("coffee.toml", "name = \"coffee\"\nstore = \"coffee.db\"\nqueries = [\"coffee\"]\n"
                                          "locales = [{ hl = \"en\", gl = \"us\" }]\n")
                    .string();
  }
  test::TempDir dir_;
  std::string job_file_;
};

TEST_F(CommandStoresWithAJob, AStoreNotYetCreatedNamesTheRunThatCreatesIt) {
  std::vector<fs::path> stores;
  auto applied = apply_job_file(job_file_, stores, nullptr, "export");
  ASSERT_FALSE(applied);
  EXPECT_EQ(applied.error().message, "job 'coffee' has no store yet ('" + (dir_ / "coffee.db").string() +
                                         "' does not exist); `paa run " + job_file_ + "` creates it");
}

TEST_F(CommandStoresWithAJob, TheJobsStoreAndNameUnlessGiven) {
  fs::create_directories(dir_ / "coffee.db");
  std::vector<fs::path> stores;
  std::string job;
  ASSERT_TRUE(apply_job_file(job_file_, stores, &job, "export"));
  EXPECT_EQ(stores, (std::vector<fs::path>{dir_ / "coffee.db"}));
  EXPECT_EQ(job, "coffee");
  // --store and --job win over the job file's.
  std::vector<fs::path> given{"other.db"};
  std::string named = "tea";
  ASSERT_TRUE(apply_job_file(job_file_, given, &named, "export"));
  EXPECT_EQ(given, (std::vector<fs::path>{"other.db"}));
  EXPECT_EQ(named, "tea");
  // A command that does not select by job (get, map, brief) takes the store alone.
  std::vector<fs::path> folders;
  ASSERT_TRUE(apply_job_file(job_file_, folders, nullptr, "get"));
  EXPECT_EQ(folders, (std::vector<fs::path>{dir_ / "coffee.db"}));
}

TEST(CommandStores, OneKeyIsNormalisedLikeAJobs) {
  StoredKey key;
  key.q = "  Coffee  beans ";
  key.hl = "EN";
  key.gl = "US";
  auto query = query_of(key);
  ASSERT_TRUE(query) << query.error().message;
  // The key deduplicates (folded); the query keeps the spelling the request sends.
  EXPECT_EQ(query->key.q, "coffee beans");
  EXPECT_EQ(query->key.hl, "en");
  EXPECT_EQ(query->key.gl, "us");
  EXPECT_EQ(query->q, "Coffee beans");
  key.hl = "english";
  EXPECT_FALSE(query_of(key));
}

TEST(BriefScope, OneQueryOrOneTopicNeverBoth) {
  BriefRequest request;
  auto none = check_brief_scope(request);
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().message.rfind("brief needs one query", 0), 0u);
  request.topic = "00000000000000ff";
  EXPECT_TRUE(check_brief_scope(request));
  request.key.city = "Berlin";
  auto both = check_brief_scope(request);
  ASSERT_FALSE(both);
  EXPECT_EQ(both.error().message, "give either one query (--q, --hl, --gl, --city) or one topic (--topic), not both");
}

TEST(BriefScope, AQueryNeedsItsLocaleAndNoResolution) {
  BriefRequest request;
  request.key.q = "coffee";
  request.key.hl = "en";
  auto no_gl = check_brief_scope(request);
  ASSERT_FALSE(no_gl);
  EXPECT_EQ(no_gl.error().message.rfind("--q needs --hl and --gl", 0), 0u);
  request.key.gl = "us";
  EXPECT_TRUE(check_brief_scope(request));
  request.resolution = 2.0;
  auto resolution = check_brief_scope(request);
  ASSERT_FALSE(resolution);
  EXPECT_EQ(resolution.error().message,
            "--resolution applies to a topic brief (--topic): a query brief has no topics");
}

TEST(BriefScope, ATopicsResolutionIsAboveZeroAndAtMostAHundred) {
  BriefRequest request;
  request.topic = "00000000000000ff";
  for (double ok : {0.01, 1.0, 100.0}) {
    request.resolution = ok;
    EXPECT_TRUE(check_brief_scope(request)) << ok;
  }
  for (double bad : {0.0, -1.0, 100.5}) {
    request.resolution = bad;
    EXPECT_FALSE(check_brief_scope(request)) << bad;
  }
}

TEST(PruneRule, NeedsOneOfItsTwoRules) {
  auto none = resolve_prune_rule(0, "", 1000);
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().message,
            "prune needs --keep-last N or --older-than DURATION (or both): which versions to remove");
  auto keep = resolve_prune_rule(3, "", 1000);
  ASSERT_TRUE(keep);
  EXPECT_EQ(keep->keep_last, 3u);
  EXPECT_EQ(keep->older_than_ms, 0);
  EXPECT_EQ(keep->now_ms, 1000);
}

TEST(PruneRule, OlderThanIsADurationItsErrorNamingTheFlag) {
  auto both = resolve_prune_rule(2, "30d", 5);
  ASSERT_TRUE(both);
  EXPECT_EQ(both->keep_last, 2u);
  EXPECT_EQ(both->older_than_ms, 30LL * 86'400'000);
  auto bad = resolve_prune_rule(0, "soon", 5);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message.rfind("--older-than: ", 0), 0u) << bad.error().message;
}

TEST(Choices, MatchedWithoutCaseAndSpelledAsTheChoice) {
  std::string value = "CSV";
  EXPECT_EQ(match_choice(value, {"text", "csv", "jsonl"}), "");
  EXPECT_EQ(value, "csv");
}

TEST(Choices, AWrongWordListsTheChoicesAndTheClosest) {
  std::string value = "jsnl";
  EXPECT_EQ(match_choice(value, {"text", "csv", "jsonl"}), "'jsnl' is not one of text, csv, jsonl (did you mean jsonl?)");
  EXPECT_EQ(value, "jsnl");
  std::string far = "zzzzzz";
  EXPECT_EQ(match_choice(far, {"text", "csv"}), "'zzzzzz' is not one of text, csv");
}

}  // namespace
}  // namespace paa::app
