// The read side's analysis, end to end: a `questions` export killed in the middle of its rows
// leaves nothing behind that the next run does not clean, and never touches the store's facts
// (issue 30); the kept analysis (issue 46) is computed once, read by every view after it, stale
// when the store changes, and a kill during its computation leaves the previous one in use.
#include "harness.hpp"

#include "paa/model/clock.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace paa::e2e {
namespace {

// The store's own files: its facts, without the kept analysis beside them (which a read may make).
std::map<std::string, std::pair<std::uintmax_t, std::int64_t>> facts(const fs::path& store) {
  auto listing = file_listing(store);
  std::erase_if(listing, [](const auto& entry) { return entry.first.starts_with("analysis/"); });
  return listing;
}

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
  const auto before = facts(store);

  // The export writes into a pipe nobody reads past its first bytes: it blocks in the middle of
  // handing out rows (read from the analysis the first export kept), with its reader folder open.
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

  EXPECT_EQ(facts(store), before) << "the killed export wrote into the store";
  const auto left = entries(tmp);
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].rfind("paa-reader-", 0), 0u) << left[0] << ": only the killed reader's folder is left";

  // The next run removes what the killed one left and gives the same rows.
  auto again = run_paa({"export", "--store", store.string(), "--format", "questions", "-o", "again.csv"}, dir.path(),
                       {{"TMPDIR", tmp.string()}});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_TRUE(entries(tmp).empty()) << "the killed reader's folder is gone";
  EXPECT_EQ(read_file(dir.path() / "again.csv"), read_file(dir.path() / "reference.csv"));
  EXPECT_EQ(facts(store), before);
}

boost::json::array kept_analyses(const fs::path& dir, const fs::path& store) {
  auto r = run_paa({"status", "--store", store.string(), "--json"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return boost::json::parse(r.out).at("analyses").as_array();
}

// The kept analysis as a user meets it: the first view computes and keeps it, the next ones
// read it (the same output as a view that computes its own), `paa status` says whether it is
// current, a new run makes it stale, `paa analyze` makes it current again; the facts are never
// touched. Then a kill in the middle of `paa analyze --full`: the previous analysis stays in
// use, whole, and the next analysis removes what the killed one left.
// Each topic's id and its questions (every variant), from a topics-jsonl export.
std::map<std::string, std::set<std::string>> topic_questions(const std::string& jsonl) {
  std::map<std::string, std::set<std::string>> out;
  std::istringstream lines(jsonl);
  for (std::string line; std::getline(lines, line);) {
    const auto topic = boost::json::parse(line).as_object();
    auto& questions = out[std::string(topic.at("topic").as_string())];
    for (const auto& group : topic.at("variant_groups").as_array()) {
      for (const auto& v : group.at("variants").as_array()) questions.insert(std::string(v.at("question").as_string()));
    }
  }
  return out;
}

// After the analysis of more keys (docs/topics.md "A topic's identity"), then of a run that
// changed nothing (whose trend is the one before it, so the changes checked here are still those
// of the new keys): a topic with the same questions as before has the same id; topic-changes names as kept exactly the ids of both
// analyses, as new or split the ids only the new one has, as gone or merged the ids only the
// old one had; `paa topics` says what changed.
void expect_topics_kept_their_ids(const fs::path& dir, const fs::path& job, const std::string& summary) {
  const auto before = topic_questions(read_file(dir / "topics-jsonl.kept"));
  auto exported = run_paa({"export", job.string(), "--format", "topics-jsonl", "-o", "topics-now.jsonl"}, dir);
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  const auto now = topic_questions(read_file(dir / "topics-now.jsonl"));
  std::map<std::set<std::string>, std::string> before_by_questions;
  for (const auto& [id, questions] : before) before_by_questions[questions] = id;
  std::size_t unchanged = 0;
  for (const auto& [id, questions] : now) {
    const auto same = before_by_questions.find(questions);
    if (same == before_by_questions.end()) continue;
    ++unchanged;
    EXPECT_EQ(id, same->second) << "a topic with the same questions keeps its id";
  }
  EXPECT_GT(unchanged, 10u) << "most topics are untouched by 20 new keys";
  auto changes = run_paa({"export", job.string(), "--format", "topic-changes", "-o", "changes.csv"}, dir);
  ASSERT_EQ(changes.exit_code, 0) << changes.err;
  const auto rows = parse_csv(read_file(dir / "changes.csv"));
  ASSERT_GT(rows.size(), 1u);
  EXPECT_EQ(rows[0][0], "change");
  std::map<std::string, std::size_t> kinds;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const std::string& kind = rows[r][0];
    const std::string& id = rows[r][1];
    ++kinds[kind];
    const bool was = before.contains(id), is = now.contains(id);
    if (kind == "same" || kind == "grew" || kind == "shrank") {
      EXPECT_TRUE(was && is) << kind << " " << id;
    } else if (kind == "new" || kind == "split") {
      EXPECT_TRUE(!was && is) << kind << " " << id;
    } else {
      EXPECT_TRUE(kind == "gone" || kind == "merged") << kind;
      EXPECT_TRUE(was && !is) << kind << " " << id;
    }
    if (kind == "split") {
      EXPECT_TRUE(before.contains(rows[r][3])) << "split from an earlier topic";
    }
    if (kind == "merged") {
      EXPECT_TRUE(now.contains(rows[r][4])) << "merged into a topic of now";
    }
  }
  EXPECT_EQ(kinds["same"] + kinds["grew"] + kinds["shrank"] + kinds["new"] + kinds["split"], now.size());
  std::string seen;
  for (const auto& [kind, n] : kinds) seen += kind + " " + std::to_string(n) + "; ";
  // The emulator's trees (random questions per key): the new keys' questions make topics of their own.
  EXPECT_GT(kinds["new"], 0u) << seen;
  EXPECT_NE(summary.find("\nSince the analysis of "), std::string::npos) << summary;

  // The same changes in the workbook's "Topic changes" sheet, cell by cell (openpyxl), and in
  // the report's Topics view (headless Chromium): the counts, each topic's Change, the filter,
  // the merged and gone topics.
  for (const auto& [format, file] : std::vector<std::pair<std::string, std::string>>{
           {"csv", "x-tree.csv"}, {"questions", "x-q.csv"}, {"related", "x-rel.csv"}, {"topics", "x-topics.csv"},
           {"stability", "x-stability.csv"}, {"domains", "x-domains.csv"}, {"jsonl", "x.jsonl"}, {"xlsx", "x.xlsx"},
           {"html", "x.html"}}) {
    auto r = run_paa({"export", job.string(), "--format", format, "-o", file}, dir);
    ASSERT_EQ(r.exit_code, 0) << format << ": " << r.err;
    if (format == "questions" || format == "topics" || format == "xlsx" || format == "html") {
      EXPECT_NE(r.err.find("read from the analysis kept in"), std::string::npos) << format << ": " << r.err;
    }
  }
  test::Process python({PAA_PYTHON, PAA_EXPORT_SCRIPTS "/check_xlsx.py", (dir / "x.xlsx").string(),
                        (dir / "x-tree.csv").string(), (dir / "x-q.csv").string(), (dir / "x-rel.csv").string(),
                        (dir / "x-topics.csv").string(), "--stability", (dir / "x-stability.csv").string(), "--domains",
                        (dir / "x-domains.csv").string(), "--jsonl", (dir / "x.jsonl").string(), "--topic-changes",
                        (dir / "changes.csv").string()},
                       {}, dir);
  auto workbook = python.wait();
  EXPECT_EQ(workbook.exit_code, 0) << workbook.out << workbook.err;
  EXPECT_NE(workbook.out.find("topic_changes=" + std::to_string(rows.size() - 1)), std::string::npos) << workbook.out;
  test::Process node({"/usr/bin/node", PAA_EXPORT_SCRIPTS "/check_topics.cjs", (dir / "x.html").string(),
                      (dir / "x-topics.csv").string(), (dir / "x-q.csv").string(), (dir / "x.jsonl").string(),
                      dir.string(), (dir / "changes.csv").string()},
                     {{"NODE_PATH", PAA_NODE_MODULES}}, dir);
  auto report = node.wait();
  EXPECT_EQ(report.exit_code, 0) << report.out << report.err;
  EXPECT_NE(report.out.find("\"changes\""), std::string::npos) << report.out;
}

TEST(AnalysisE2E, TheKeptAnalysisIsComputedOnceReadAfterAndRecomputedWhenTheStoreChanges) {
  TempDir dir;
  auto job = write_job(dir.path(), "kept", 300, "concurrency = 16\nrate = 0");
  Emulator emu(dir.path(), {"--seed", "46", "--tree-kb", "8"});
  ASSERT_EQ(run_paa(run_args(job, emu, {"--no-analysis"}), dir.path()).exit_code, 0);
  const fs::path store = dir.path() / "kept.db";
  EXPECT_TRUE(kept_analyses(dir.path(), store).empty()) << "--no-analysis";
  const auto before = facts(store);

  auto first = run_paa({"topics", job.string()}, dir.path());
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_NE(first.err.find("computed the analysis (none was kept)"), std::string::npos) << first.err;
  auto kept = kept_analyses(dir.path(), store);
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_TRUE(std::string(kept[0].at("folder").as_string()).starts_with("job-")) << "the job's selection";
  EXPECT_TRUE(kept[0].at("current").as_bool());
  EXPECT_GT(kept[0].at("questions").as_int64(), 300);
  const auto made = kept[0].at("made_at");

  auto second = run_paa({"topics", job.string()}, dir.path());
  ASSERT_EQ(second.exit_code, 0) << second.err;
  EXPECT_NE(second.err.find("read from the analysis kept in"), std::string::npos) << second.err;
  EXPECT_EQ(second.out, first.out);
  // A selection the analysis is not kept for computes its own: the same topics (one locale).
  auto own = run_paa({"topics", job.string(), "--hl", "en"}, dir.path());
  ASSERT_EQ(own.exit_code, 0) << own.err;
  EXPECT_EQ(own.err.find("analysis"), std::string::npos) << own.err;
  EXPECT_EQ(own.out, first.out);
  for (const char* format : {"questions", "topics", "topics-jsonl"}) {
    auto from_kept = run_paa({"export", job.string(), "--format", format, "-o", std::string(format) + ".kept"}, dir.path());
    ASSERT_EQ(from_kept.exit_code, 0) << from_kept.err;
    EXPECT_NE(from_kept.err.find("read from the analysis kept in"), std::string::npos) << from_kept.err;
    auto computed = run_paa({"export", job.string(), "--format", format, "--hl", "en", "-o", std::string(format) + ".own"},
                            dir.path());
    ASSERT_EQ(computed.exit_code, 0) << computed.err;
    EXPECT_EQ(read_file(dir.path() / (std::string(format) + ".kept")), read_file(dir.path() / (std::string(format) + ".own")))
        << format;
  }
  EXPECT_EQ(facts(store), before) << "reading and keeping the analysis never touches the facts";
  EXPECT_EQ(kept_analyses(dir.path(), store)[0].at("made_at"), made) << "read, not made again";

  // New keys: the kept analysis is stale, and says why, until `paa analyze` (or a view).
  auto grown = write_job(dir.path(), "kept", 320, "concurrency = 16\nrate = 0");
  ASSERT_EQ(run_paa(run_args(grown, emu, {"--no-analysis"}), dir.path()).exit_code, 0);
  kept = kept_analyses(dir.path(), store);
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_FALSE(kept[0].at("current").as_bool());
  EXPECT_EQ(kept[0].at("stale_because").as_string(), "the store has changed since");
  auto analyzed = run_paa({"analyze", grown.string()}, dir.path());
  ASSERT_EQ(analyzed.exit_code, 0) << analyzed.err;
  EXPECT_NE(analyzed.err.find("the kept one was stale: the store has changed since"), std::string::npos) << analyzed.err;
  kept = kept_analyses(dir.path(), store);
  EXPECT_TRUE(kept[0].at("current").as_bool());
  auto again = run_paa({"analyze", grown.string()}, dir.path());
  EXPECT_NE(again.err.find("is current: nothing to compute"), std::string::npos) << again.err;
  // A run (here one with nothing due, which still records itself) ends by making it current:
  // its results are the ones the analysis was computed from, so it is carried, not computed.
  auto rerun = run_paa(run_args(grown, emu), dir.path());
  ASSERT_EQ(rerun.exit_code, 0) << rerun.err;
  EXPECT_NE(rerun.err.find("still answers: the store has changed since, but not what it was computed from (320 "
                           "results checked"),
            std::string::npos)
      << rerun.err;
  kept = kept_analyses(dir.path(), store);
  EXPECT_TRUE(kept[0].at("current").as_bool());
  auto now = run_paa({"topics", grown.string()}, dir.path());
  ASSERT_EQ(now.exit_code, 0) << now.err;
  EXPECT_NE(now.out, first.out) << "the new keys' questions are in";
  expect_topics_kept_their_ids(dir.path(), grown, now.out);

  // Killed in the middle of computing anew: its hidden folder shows while it computes.
  const fs::path root = store / "analysis";
  const auto building = [&] {
    for (const auto& e : fs::directory_iterator(root)) {
      if (e.path().filename().string().starts_with(".building-")) return true;
    }
    return false;
  };
  const auto current = kept_analyses(dir.path(), store);
  Process p({PAA_BIN, "analyze", grown.string(), "--full"}, {{"PAA_API_KEY", "unused"}}, dir.path());
  ASSERT_TRUE(test::eventually([&] { return building() || p.exited(); }, std::chrono::seconds(60)));
  ASSERT_FALSE(p.exited()) << "the analysis was caught computing";
  p.signal(SIGKILL);
  EXPECT_EQ(p.wait().exit_code, 128 + SIGKILL);
  EXPECT_TRUE(building()) << "what the killed analysis left";
  EXPECT_EQ(kept_analyses(dir.path(), store), current) << "the previous analysis, whole, still current";
  auto after = run_paa({"topics", grown.string()}, dir.path());
  ASSERT_EQ(after.exit_code, 0) << after.err;
  EXPECT_NE(after.err.find("read from the analysis kept in"), std::string::npos) << after.err;
  EXPECT_EQ(after.out, now.out);
  ASSERT_EQ(run_paa({"analyze", grown.string(), "--full"}, dir.path()).exit_code, 0);
  EXPECT_FALSE(building()) << "the next analysis removed the killed one's folder";
}

// The views a researcher reads of a job, each export's text by format.
std::map<std::string, std::string> job_views(const fs::path& dir, const fs::path& job, const std::string& tag) {
  std::map<std::string, std::string> views;
  for (const char* format : {"questions", "topics", "topics-jsonl", "domains"}) {
    const std::string out = tag + "." + format;
    auto r = run_paa({"export", job.string(), "--format", format, "-o", out}, dir);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("read from the analysis kept in"), std::string::npos) << format << ": " << r.err;
    views[format] = read_file(dir / out);
  }
  return views;
}

// Waits until every result stored so far is older than the job's refresh_after ("3s"): the
// wall clock has to move for a rule about age (nothing here waits for another process).
void wait_until_due() {
  const std::int64_t until = unix_now_ms() + 3'100;
  ASSERT_TRUE(test::eventually([&] { return unix_now_ms() > until; }, std::chrono::seconds(10)));
}

// Issue 46 item 3's sequence: runs that change no result the analysis reads (a refresh that
// brought the same trees, a prune of old versions) carry the kept analysis to the store's new
// state after one scan that parses no tree, and what it then answers equals `paa analyze
// --full` (the same rows, ids and labels); a refresh that changed trees computes it anew.
TEST(AnalysisE2E, RunsThatChangeNoTreeCarryTheKeptAnalysisWhichEqualsAFullOne) {
  TempDir dir;
  auto job = write_job(dir.path(), "carry", 120, "concurrency = 16\nrate = 0", "refresh_after = \"3s\"");
  const fs::path store = dir.path() / "carry.db";
  std::map<std::string, std::string> first;
  {
    Emulator emu(dir.path(), {"--seed", "47", "--tree-kb", "4"});
    auto harvested = run_paa(run_args(job, emu), dir.path());
    ASSERT_EQ(harvested.exit_code, 0) << harvested.err;
    EXPECT_NE(harvested.err.find("computed the analysis (none was kept)"), std::string::npos) << harvested.err;
    first = job_views(dir.path(), job, "first");
    wait_until_due();
    auto refreshed = run_paa(run_args(job, emu), dir.path());
    ASSERT_EQ(refreshed.exit_code, 0) << refreshed.err;
    EXPECT_EQ(emu.requests(), 240u) << "every key fetched again";
    EXPECT_NE(refreshed.err.find("0 changed, 120 unchanged"), std::string::npos) << refreshed.err;
    EXPECT_NE(refreshed.err.find("still answers: the store has changed since, but not what it was computed from (120 "
                                 "results checked"),
              std::string::npos)
        << refreshed.err;
  }
  auto kept = kept_analyses(dir.path(), store);
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_TRUE(kept[0].at("current").as_bool());
  EXPECT_TRUE(kept[0].at("carried_at").is_string()) << "paa status says when";
  EXPECT_EQ(job_views(dir.path(), job, "carried"), first) << "carried as it was";

  // The full analysis of the same results: the same rows, topic ids and labels.
  auto full = run_paa({"analyze", job.string(), "--full"}, dir.path());
  ASSERT_EQ(full.exit_code, 0) << full.err;
  EXPECT_NE(full.err.find("computed the analysis (asked to compute it anew)"), std::string::npos) << full.err;
  EXPECT_EQ(job_views(dir.path(), job, "full"), first);

  // A refresh that changed trees: computed anew, and says why.
  wait_until_due();
  Emulator revised(dir.path(), {"--seed", "47", "--tree-kb", "4", "--revision", "1"});
  auto changed = run_paa(run_args(job, revised), dir.path());
  ASSERT_EQ(changed.exit_code, 0) << changed.err;
  EXPECT_NE(changed.err.find("computed the analysis (the kept one was stale: the store has changed since (trees or "
                             "seeds changed))"),
            std::string::npos)
      << changed.err;
  const auto now = job_views(dir.path(), job, "changed");
  EXPECT_NE(now.at("questions"), first.at("questions"));

  // A prune removes the replaced versions, never a current result: carried, equal to a full one.
  auto pruned = run_paa({"prune", "--store", store.string(), "--keep-last", "1"}, dir.path());
  ASSERT_EQ(pruned.exit_code, 0) << pruned.err;
  auto after_prune = run_paa({"analyze", job.string()}, dir.path());
  ASSERT_EQ(after_prune.exit_code, 0) << after_prune.err;
  EXPECT_NE(after_prune.err.find("still answers: the store has changed since"), std::string::npos) << after_prune.err;
  EXPECT_EQ(job_views(dir.path(), job, "pruned"), now);
  ASSERT_EQ(run_paa({"analyze", job.string(), "--full"}, dir.path()).exit_code, 0);
  EXPECT_EQ(job_views(dir.path(), job, "changed-full"), now);
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
