// The read side's analysis pass, end to end (issue 30): a `questions` export killed in the
// middle of its pass leaves nothing behind that the next run does not clean, and never touches
// the store.
#include "harness.hpp"

#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace paa::e2e {
namespace {

std::vector<std::string> entries(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST(AnalysisE2E, AKillDuringThePassLeavesNothingTheNextRunKeepsAndNeverTouchesTheStore) {
  TempDir dir;
  auto job = write_job(dir.path(), "padded", 400, "concurrency = 16\nrate = 0");
  {
    // Padded answers: the rows are several times the 1 MiB output buffer, so the export writes
    // to its pipe while the pass is still handing rows out.
    Emulator emu(dir.path(), {"--seed", "30", "--tree-kb", "8"});
    auto r = run_paa(run_args(job, emu), dir.path());
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  const fs::path store = dir.path() / "padded.db";
  ASSERT_TRUE(fs::exists(store));
  const fs::path tmp = dir.path() / "tmp";
  fs::create_directory(tmp);
  auto reference = run_paa({"export", "--store", store.string(), "--format", "questions", "-o", "reference.csv"},
                           dir.path(), {{"TMPDIR", tmp.string()}});
  ASSERT_EQ(reference.exit_code, 0) << reference.err;
  ASSERT_GT(fs::file_size(dir.path() / "reference.csv"), std::uintmax_t{2} << 20);
  ASSERT_TRUE(entries(tmp).empty()) << "a finished export leaves nothing in TMPDIR";
  const auto before = file_listing(store);

  // The export writes into a pipe nobody reads past its first bytes: it blocks in the middle of
  // handing out rows, with its reader folder and its scratch files open.
  const fs::path fifo = dir.path() / "rows.fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0) << std::strerror(errno);
  Process p({"/bin/sh", "-c",
             std::string("exec '") + PAA_BIN + "' export --store '" + store.string() + "' --format questions -o - > '" +
                 fifo.string() + "'"},
            {{"TMPDIR", tmp.string()}}, dir.path());
  const int rows = ::open(fifo.c_str(), O_RDONLY);
  ASSERT_GE(rows, 0) << std::strerror(errno);
  char first[4096];
  const ssize_t got = ::read(rows, first, sizeof first);
  ASSERT_GT(got, 0) << "the export wrote rows";
  EXPECT_EQ(std::string(first, 9), "question,");
  ASSERT_FALSE(p.exited()) << "the export is blocked on its output, mid-pass";
  ASSERT_EQ(entries(tmp).size(), 1u) << "its reader's folder (scratch files are unlinked at once)";
  p.signal(SIGKILL);
  EXPECT_EQ(p.wait().exit_code, 128 + SIGKILL);
  ::close(rows);

  EXPECT_EQ(file_listing(store), before) << "the killed export wrote into the store";
  const auto left = entries(tmp);
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].rfind("paa-reader-", 0), 0u) << left[0] << ": only the killed reader's folder is left";

  // The next run removes what the killed one left and gives the same rows.
  auto again = run_paa({"export", "--store", store.string(), "--format", "questions", "-o", "again.csv"}, dir.path(),
                       {{"TMPDIR", tmp.string()}});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_TRUE(entries(tmp).empty()) << "the killed reader's folder is gone";
  EXPECT_EQ(read_file(dir.path() / "again.csv"), read_file(dir.path() / "reference.csv"));
  EXPECT_EQ(file_listing(store), before);
}

// The previous release's store (format 4, with its question index) exported by this release,
// before and after this release's first writer upgrades it: every export as the previous
// release wrote it (tests/fixtures/format4/expected-*), except where the old index was stale:
// the first occurrence of a question whose first tree was since refreshed to another answer
// (the index kept the replaced version's texts; the pass reads the trees as they are).
TEST(AnalysisE2E, ThePreviousReleasesStoreExportsAsItDidBeforeAndAfterTheUpgrade) {
  TempDir dir;
  const fs::path store = test::copy_fixture("format4/store", dir.path() / "old.db");
  const fs::path expected = test::fixture_path("format4");
  auto check = [&](const std::string& when) {
    for (const auto& [format, file] : std::vector<std::pair<std::string, std::string>>{
             {"csv", "expected.csv"}, {"jsonl", "expected.jsonl"}, {"questions", "expected-questions.csv"}}) {
      const std::string out = format + "-" + when + ".out";
      auto r = run_paa({"export", "--store", store.string(), "--format", format, "-o", out}, dir.path());
      ASSERT_EQ(r.exit_code, 0) << r.err;
      const std::string got = read_file(dir.path() / out);
      const std::string want = read_file(expected / file);
      if (format != "questions") {
        EXPECT_EQ(got, want) << format << " " << when;
        continue;
      }
      auto got_rows = parse_csv(got);
      const auto want_rows = parse_csv(want);
      ASSERT_EQ(got_rows.size(), want_rows.size()) << when;
      std::size_t restated = 0;
      for (std::size_t i = 0; i < got_rows.size(); ++i) {
        // This release adds group_volume and the topic columns after the previous release's
        // (docs/topics.md).
        ASSERT_EQ(got_rows[i].size(), want_rows[i].size() + 9) << "row " << i;
        got_rows[i].resize(want_rows[i].size());
        EXPECT_EQ(got_rows[i][0], want_rows[i][0]) << "row " << i << ": the same question in the same place";
        EXPECT_EQ(got_rows[i][4], want_rows[i][4]) << "row " << i << ": its count";
        EXPECT_EQ(got_rows[i].back(), want_rows[i].back()) << "row " << i << ": its volume";
        if (got_rows[i] == want_rows[i]) continue;
        // Only where the index's first tree was the refreshed key (cold brew, en-us: its first
        // answer is in history now): the pass names the tree fetched first among those that
        // hold the question now (cold brew, en-gb), or that key with its current answer.
        ++restated;
        EXPECT_EQ(want_rows[i][5] + "/" + want_rows[i][7], "cold brew/us") << "row " << i;
        const std::string first = got_rows[i][5] + "/" + got_rows[i][7];
        EXPECT_TRUE(first == "cold brew/gb" || first == "cold brew/us") << "row " << i << ": " << first;
      }
      EXPECT_EQ(restated, 6u) << when << ": the questions of the refreshed key's replaced answer";
    }
  };
  check("before");
  // The first writer (a prune with nothing to prune) drops the index and records format 5.
  auto pruned = run_paa({"prune", "--store", store.string(), "--keep-last", "100"}, dir.path());
  ASSERT_EQ(pruned.exit_code, 0) << pruned.err;
  check("after");
}

}  // namespace
}  // namespace paa::e2e
