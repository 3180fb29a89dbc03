// The command line a new user meets (issue 34): one style for every command-line error with the
// closest spelling, exit 2; choices without regard to case; `-o -` is standard output (and a
// workbook is still never written there); the reader commands take a job file as `status` and
// `run` do; `paa diff` of a run compares that run's job, not every job of a shared store.
#include "harness.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <set>

namespace paa::e2e {
namespace {


// Two jobs in one store: "alpha" (3 generated queries, its own store alpha.db) and "beta" (two
// other queries, written into alpha.db too).
class CommandLineE2E : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir();
    Emulator emu(dir_->path(), {"--seed", "34"});
    alpha_ = write_job(dir_->path(), "alpha", 3, "concurrency = 2\nrate = 0");
    beta_ = dir_->path() / "beta.toml";
    std::ofstream(beta_) << "name = \"beta\"\nstore = \"alpha.db\"\nqueries = [\"espresso grinder\", \"latte art\"]\n"
                            "locales = [ { hl = \"en\", gl = \"us\" } ]\n[limits]\nrate = 0\n";
    auto a = run_paa(run_args(alpha_, emu), dir_->path());
    ASSERT_EQ(a.exit_code, 0) << a.err;
    alpha_run_ = run_id_of(a.err);
    auto b = run_paa(run_args(beta_, emu), dir_->path());
    ASSERT_EQ(b.exit_code, 0) << b.err;
    beta_run_ = run_id_of(b.err);
    ASSERT_FALSE(alpha_run_.empty());
    ASSERT_FALSE(beta_run_.empty());
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  static fs::path dir() { return dir_->path(); }
  static std::string store() { return (dir() / "alpha.db").string(); }
  static ProcessResult paa(const std::vector<std::string>& args) { return run_paa(args, dir()); }

  // The query of every line of a jsonl output.
  static std::multiset<std::string> queries_of(const std::string& jsonl) {
    std::multiset<std::string> out;
    for (const auto& o : parse_jsonl(jsonl)) out.insert(std::string(o.at("q").as_string()));
    return out;
  }

  static TempDir* dir_;
  static fs::path alpha_;
  static fs::path beta_;
  static std::string alpha_run_;
  static std::string beta_run_;
};
TempDir* CommandLineE2E::dir_ = nullptr;
fs::path CommandLineE2E::alpha_;
fs::path CommandLineE2E::beta_;
std::string CommandLineE2E::alpha_run_;
std::string CommandLineE2E::beta_run_;

const std::multiset<std::string> kAlpha{"query number 0 about coffee & crème", "query number 1 about coffee & crème",
                                        "query number 2 about coffee & crème"};

// One line on stderr, "paa: ...", exit 2, nothing on stdout.
void expect_usage_error(const ProcessResult& r, const std::string& says) {
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.err.rfind("paa: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(says), std::string::npos) << "expected '" << says << "' in: " << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST_F(CommandLineE2E, EveryCommandLineErrorIsOneLineInPaasStyleWithTheClosestSpelling) {
  expect_usage_error(paa({"export", "--store", store(), "--format", "cvs"}),
                     "--format: 'cvs' is not one of jsonl, json, csv");
  expect_usage_error(paa({"export", "--store", store(), "--format", "cvs"}), "(did you mean csv?)");
  expect_usage_error(paa({"export", "--store", store(), "--fromat", "csv"}),
                     "export: unknown option --fromat (did you mean --format?)");
  expect_usage_error(paa({"exprot", "--store", store()}), "no command 'exprot' (did you mean export?)");
  expect_usage_error(paa({"run", alpha_.string(), "--progres", "none"}),
                     "run: unknown option --progres (did you mean --progress?)");
  expect_usage_error(paa({"run", alpha_.string(), "--progress", "bra"}), "(did you mean bar?)");
  expect_usage_error(paa({"diff", "--store", store(), "--from", alpha_run_, "--format", "jsn"}),
                     "(did you mean jsonl?)");
  expect_usage_error(paa({"run", alpha_.string(), "--concurrency", "0"}), "--concurrency");
  expect_usage_error(paa({"export", "--format", "csv"}), "export needs a job file or --store DIR");
  // A job file that does not exist: the same words from every command that reads one.
  const auto run = paa({"run", "nosuch.toml"});
  const auto check = paa({"check", "nosuch.toml"});
  const auto status = paa({"status", "nosuch.toml"});
  expect_usage_error(run, "nosuch.toml: cannot read the job file");
  EXPECT_EQ(run.err, check.err);
  EXPECT_EQ(run.err, status.err);
}

TEST_F(CommandLineE2E, ChoicesAreMatchedWithoutRegardToCase) {
  const auto lower = paa({"export", "--store", store(), "--format", "csv"});
  ASSERT_EQ(lower.exit_code, 0) << lower.err;
  const auto upper = paa({"export", "--store", store(), "--format", "CSV"});
  ASSERT_EQ(upper.exit_code, 0) << upper.err;
  EXPECT_EQ(upper.out, lower.out);
  EXPECT_GT(lower.out.size(), 100u);
  const auto diff = paa({"diff", "--store", store(), "--from", alpha_run_, "--format", "JSONL"});
  EXPECT_EQ(diff.exit_code, 0) << diff.err;
}

TEST_F(CommandLineE2E, DashIsStandardOutputAndAWorkbookIsStillNeverWrittenThere) {
  const auto to_stdout = paa({"export", "--store", store(), "--format", "csv"});
  const auto dash = paa({"export", "--store", store(), "--format", "csv", "-o", "-"});
  ASSERT_EQ(dash.exit_code, 0) << dash.err;
  EXPECT_EQ(dash.out, to_stdout.out);
  expect_usage_error(paa({"export", "--store", store(), "--format", "xlsx", "-o", "-"}),
                     "xlsx is a binary file and is not written to standard output");
  expect_usage_error(paa({"export", "--store", store(), "--format", "xlsx", "--out", "-"}), "give -o FILE.xlsx");
  const auto map = paa({"map", "--store", store(), "--q", "latte art", "--hl", "en", "--gl", "us", "--out", "-"});
  ASSERT_EQ(map.exit_code, 0) << map.err;
  EXPECT_NE(map.out.find("<svg"), std::string::npos) << map.out.substr(0, 80);
  const auto diff = paa({"diff", "--store", store(), "--from", alpha_run_, "--output", "-"});
  ASSERT_EQ(diff.exit_code, 0) << diff.err;
  EXPECT_FALSE(diff.out.empty());
  EXPECT_FALSE(fs::exists(dir() / "-")) << "a file named '-' was written";
}

TEST_F(CommandLineE2E, ExportGetDiffAndMapTakeAJobFileAsStatusDoes) {
  // export JOB: the job's store, only the job's keys.
  const auto by_job = paa({"export", alpha_.string(), "--format", "jsonl"});
  ASSERT_EQ(by_job.exit_code, 0) << by_job.err;
  EXPECT_EQ(queries_of(by_job.out), kAlpha);
  const auto beta = paa({"export", beta_.string(), "--format", "jsonl"});
  ASSERT_EQ(beta.exit_code, 0) << beta.err;
  EXPECT_EQ(queries_of(beta.out), (std::multiset<std::string>{"espresso grinder", "latte art"}));
  // --job still chooses, --store still names the store.
  const auto other = paa({"export", beta_.string(), "--job", "alpha", "--store", store(), "--format", "jsonl"});
  ASSERT_EQ(other.exit_code, 0) << other.err;
  EXPECT_EQ(queries_of(other.out), kAlpha);

  const auto got = paa({"get", beta_.string(), "--q", "latte art", "--hl", "en", "--gl", "us"});
  ASSERT_EQ(got.exit_code, 0) << got.err;
  const auto by_store = paa({"get", "--store", store(), "--q", "latte art", "--hl", "en", "--gl", "us"});
  EXPECT_EQ(got.out, by_store.out);
  EXPECT_NE(got.out.find("\"related\""), std::string::npos) << got.out.substr(0, 200);

  const auto map = paa({"map", alpha_.string(), "--q", "query number 1 about coffee & crème", "--hl", "en", "--gl", "us"});
  ASSERT_EQ(map.exit_code, 0) << map.err;
  EXPECT_NE(map.out.find("<svg"), std::string::npos);

  const auto diff = paa({"diff", beta_.string(), "--from", alpha_run_, "--format", "jsonl"});
  ASSERT_EQ(diff.exit_code, 0) << diff.err;
  EXPECT_EQ(queries_of(diff.out), (std::multiset<std::string>{"espresso grinder", "latte art"}));

  // The commands that read only the store do not need the job's lists (moved after the run).
  fs::rename(dir() / "alpha.txt", dir() / "alpha-moved.txt");
  const auto moved = paa({"export", alpha_.string(), "--format", "jsonl"});
  fs::rename(dir() / "alpha-moved.txt", dir() / "alpha.txt");
  ASSERT_EQ(moved.exit_code, 0) << moved.err;
  EXPECT_EQ(queries_of(moved.out), kAlpha);

  // A job that never ran has no store to read: say so and how to make it (exit 1, nothing made).
  const fs::path fresh = write_job(dir(), "fresh", 2, "rate = 0");
  const auto never = paa({"export", fresh.string(), "--format", "csv"});
  EXPECT_EQ(never.exit_code, 2) << never.err;
  EXPECT_NE(never.err.find("job 'fresh' has no store yet"), std::string::npos) << never.err;
  EXPECT_NE(never.err.find("`paa run " + fresh.string() + "` creates it"), std::string::npos) << never.err;
  EXPECT_FALSE(fs::exists(dir() / "fresh.db"));
}

TEST_F(CommandLineE2E, AMissingKeyExitsOneInGetAndMapNamingTheNearestStoredKeys) {
  for (const char* command : {"get", "map"}) {
    // Stored for en-us without a city: asked for with a city, and misspelt.
    const auto city = paa({command, "--store", store(), "--q", "latte art", "--hl", "en", "--gl", "us", "--city", "Berlin"});
    EXPECT_EQ(city.exit_code, 1) << command << ": " << city.err;
    EXPECT_NE(city.err.find("no stored result for q='latte art' hl=en gl=us city='Berlin'"), std::string::npos)
        << city.err;
    EXPECT_NE(city.err.find("the nearest stored: q='latte art' hl=en gl=us"), std::string::npos) << city.err;
    EXPECT_EQ(city.err.find("paa status"), std::string::npos) << "status shows counts, not keys: " << city.err;
    const auto spelling = paa({command, "--store", store(), "--q", "espresso grindr", "--hl", "en", "--gl", "us"});
    EXPECT_EQ(spelling.exit_code, 1) << spelling.err;
    EXPECT_NE(spelling.err.find("the nearest stored: q='espresso grinder' hl=en gl=us"), std::string::npos)
        << spelling.err;
    EXPECT_TRUE(spelling.out.empty());
  }
}

TEST_F(CommandLineE2E, DiffFromARunComparesThatRunsJobUnlessToldOtherwise) {
  // Nothing changed since alpha's run: its three keys, unchanged, and none of beta's as "added".
  const auto since_alpha = paa({"diff", "--store", store(), "--from", alpha_run_, "--format", "jsonl"});
  ASSERT_EQ(since_alpha.exit_code, 0) << since_alpha.err;
  const auto rows = parse_jsonl(since_alpha.out);
  EXPECT_EQ(queries_of(since_alpha.out), kAlpha);
  for (const auto& row : rows) EXPECT_EQ(row.at("status").as_string(), "unchanged") << boost::json::serialize(row);
  // --all-jobs: every key of the store; beta's were stored after alpha's run ended.
  const auto all = paa({"diff", "--store", store(), "--from", alpha_run_, "--all-jobs", "--format", "jsonl"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  std::multiset<std::string> added;
  for (const auto& row : parse_jsonl(all.out)) {
    if (row.at("status").as_string() == "added") added.insert(std::string(row.at("q").as_string()));
  }
  EXPECT_EQ(added, (std::multiset<std::string>{"espresso grinder", "latte art"}));
  // JOB names the store; --all-jobs still means every key.
  const auto job_all = paa({"diff", alpha_.string(), "--from", alpha_run_, "--all-jobs", "--format", "jsonl"});
  ASSERT_EQ(job_all.exit_code, 0) << job_all.err;
  EXPECT_EQ(parse_jsonl(job_all.out).size(), 5u);
  // A date names no job: every key.
  const auto by_date = paa({"diff", "--store", store(), "--from", "2000-01-01", "--format", "jsonl"});
  ASSERT_EQ(by_date.exit_code, 0) << by_date.err;
  EXPECT_EQ(parse_jsonl(by_date.out).size(), 5u);
  // Runs of two jobs: which keys is a question only the user can answer.
  expect_usage_error(paa({"diff", "--store", store(), "--from", alpha_run_, "--to", beta_run_}),
                     "--from is a run of job 'alpha' and --to a run of job 'beta'");
  const auto chosen = paa({"diff", "--store", store(), "--from", alpha_run_, "--to", beta_run_, "--job", "beta",
                           "--format", "jsonl"});
  ASSERT_EQ(chosen.exit_code, 0) << chosen.err;
  EXPECT_EQ(queries_of(chosen.out), (std::multiset<std::string>{"espresso grinder", "latte art"}));
}

}  // namespace
}  // namespace paa::e2e
