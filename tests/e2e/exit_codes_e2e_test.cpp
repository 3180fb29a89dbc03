// Every command's exit code for a damaged store and a full disk (docs/running.md "Exit codes"):
// a store failure or a write that cannot be completed is 1 whatever the command, never 2
// ("fix your command line"); a damaged store is called damaged, never "not created yet", and a
// reader touches none of its files.
#include "harness.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace paa::e2e {
namespace {

class ExitCodesE2E : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir();
    Emulator emu(dir_->path(), {"--seed", "5"});
    job_ = write_job(dir_->path(), "codes", 3, "concurrency = 2\nrate = 0");
    auto r = run_paa(run_args(job_, emu), dir_->path());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    run_id_ = std::string(
        boost::json::parse(run_paa({"status", job_.string(), "--json"}, dir_->path()).out)
            .at("runs").as_array().at(0).at("run_id").as_string());
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }

  static fs::path store() { return dir_->path() / "codes.db"; }

  // A copy of the harvested store whose MANIFEST is cut short after its first records: the
  // column families of the store are no longer named in it.
  static fs::path damaged_copy(const std::string& name) {
    const fs::path copy = dir_->path() / name;
    fs::remove_all(copy);
    fs::copy(store(), copy, fs::copy_options::recursive);
    for (const auto& entry : fs::directory_iterator(copy)) {
      if (entry.path().filename().string().rfind("MANIFEST-", 0) == 0) fs::resize_file(entry.path(), 60);
    }
    return copy;
  }

  // `paa args...` with its standard output on /dev/full (every write fails with ENOSPC).
  static ProcessResult run_into_full_disk(const std::vector<std::string>& args) {
    std::vector<std::string> argv{"/bin/sh", "-c", "exec \"$0\" \"$@\" >/dev/full", PAA_BIN};
    argv.insert(argv.end(), args.begin(), args.end());
    Process p(argv, {{"PAA_API_KEY", kApiKey}}, dir_->path());
    return p.wait();
  }

  static TempDir* dir_;
  static fs::path job_;
  static std::string run_id_;
};
TempDir* ExitCodesE2E::dir_ = nullptr;
fs::path ExitCodesE2E::job_;
std::string ExitCodesE2E::run_id_;

TEST_F(ExitCodesE2E, EveryReaderOfADamagedStoreSaysItIsDamagedExitsOneAndTouchesNothing) {
  const fs::path damaged = damaged_copy("damaged.db");
  const auto before = file_listing(damaged);
  const std::string s = damaged.string();
  const std::vector<std::vector<std::string>> commands{
      {"status", "--store", s},
      {"export", "--store", s, "--format", "csv"},
      {"export", "--store", s, "--format", "questions", "-o", (dir_->path() / "q.csv").string()},
      {"get", "--store", s, "--q", "query number 0 about coffee & crème", "--hl", "en", "--gl", "us"},
      {"map", "--store", s, "--q", "query number 0 about coffee & crème", "--hl", "en", "--gl", "us"},
      {"diff", "--store", s, "--from", run_id_},
  };
  for (const auto& args : commands) {
    SCOPED_TRACE(args.at(0) + " " + args.back());
    auto r = run_paa(args, dir_->path());
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("damaged"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("under way"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("run `paa run"), std::string::npos) << "no advice to run a job at a damaged store: " << r.err;
    EXPECT_EQ(file_listing(damaged), before) << "a reader wrote into the damaged store";
  }
}

TEST_F(ExitCodesE2E, TheWritersOfADamagedStoreExitOne) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"prune", "--store", damaged_copy("prune.db").string(), "--keep-last", "1"},
           {"merge", "--into", (dir_->path() / "merged.db").string(), damaged_copy("merge-src.db").string()},
       }) {
    SCOPED_TRACE(args.at(0));
    auto r = run_paa(args, dir_->path());
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("damaged"), std::string::npos) << r.err;
  }
  const fs::path damaged = damaged_copy("run.db");
  auto r = run_paa({"run", job_.string(), "--store", damaged.string(), "--base-url", "https://localhost:9/api"},
                   dir_->path());
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("damaged"), std::string::npos) << r.err;
}

TEST_F(ExitCodesE2E, AFullDiskExitsOneForEveryCommandThatWrites) {
  const std::string s = store().string();
  const std::vector<std::vector<std::string>> commands{
      {"export", "--store", s, "--format", "jsonl"},
      {"export", "--store", s, "--format", "csv"},
      {"export", "--store", s, "--format", "questions"},
      {"export", "--store", s, "--format", "html"},
      {"get", "--store", s, "--q", "query number 0 about coffee & crème", "--hl", "en", "--gl", "us"},
      {"map", "--store", s, "--q", "query number 0 about coffee & crème", "--hl", "en", "--gl", "us"},
      {"diff", "--store", s, "--from", run_id_},
      {"status", "--store", s, "--json"},
  };
  for (const auto& args : commands) {
    SCOPED_TRACE(args.at(0) + " " + args.at(args.size() - 1));
    auto r = run_into_full_disk(args);
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace paa::e2e
