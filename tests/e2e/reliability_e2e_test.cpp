// Reliability and security, end to end (issue 7): SIGKILL at random moments, hostile response
// bodies, bad input, and the API key never leaking. The real paa and paa-emulator binaries over
// TLS on an ephemeral loopback port; the emulator's request log is the witness for what was
// sent, `paa export` / `paa status` / the store itself for what was kept.
#include "harness.hpp"

#include "paa/store/store.hpp"
#include "support/seed.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <tuple>

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace paa::e2e {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

using SearchKey = std::tuple<std::string, std::string, std::string, std::string>;  // q, hl, gl, city

SearchKey logged_key(const json::object& line) {
  auto text = [&](const char* f) {
    const json::value& v = line.at(f);
    return v.is_string() ? std::string(v.as_string()) : std::string();
  };
  return {text("q"), text("hl"), text("gl"), text("city")};
}

json::object job_status(const fs::path& dir, const fs::path& job) {
  auto r = run_paa({"status", job.string(), "--json"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  if (r.exit_code != 0) return {};
  return json::parse(r.out).as_object().at("jobs").as_array().at(0).as_object();
}

std::vector<std::string> paa_argv(const std::vector<std::string>& args) {
  std::vector<std::string> argv{PAA_BIN};
  argv.insert(argv.end(), args.begin(), args.end());
  return argv;
}

const std::map<std::string, std::string>& paa_env() {
  static const std::map<std::string, std::string> env{{"PAA_API_KEY", kApiKey}, {"PAA_BASE_URL", "<unset>"}};
  return env;
}

int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::atoi(v) : fallback;
}

// ---------------------------------------------------------------------------------------------
// 1. Crash and resume.

TEST(ReliabilityE2E, KilledRunsResumeToEveryKeyStoredOnceAndOnlyInFlightKeysAskedTwice) {
  TempDir dir;
  const int trials = env_int("PAA_CRASH_TRIALS", 5);
  const int keys = env_int("PAA_CRASH_KEYS", 300);
  const int concurrency = 16;
  const std::uint64_t seed = 21;
  const std::uint32_t rng_seed = test::test_seed("PAA_CRASH_SEED");  // printed; replays these kill points
  std::mt19937 rng(rng_seed);
  SCOPED_TRACE("PAA_CRASH_SEED=" + std::to_string(rng_seed) + " replays these kill points");

  Emulator emu(dir.path(), {"--seed", std::to_string(seed), "--latency-ms", "20:80"});
  auto job = write_job(dir.path(), "crash", keys, "concurrency = " + std::to_string(concurrency) + "\nrate = 0");

  int kills = 0, finished_early = 0;
  for (int trial = 0; trial < trials; ++trial) {
    // Spread the kill points over what is left, so that later trials still kill mid-run.
    const auto log = emu.log();
    std::set<SearchKey> asked;
    for (const auto& l : log) asked.insert(logged_key(l));
    const std::size_t remaining = static_cast<std::size_t>(keys) - std::min<std::size_t>(asked.size(), keys);
    const std::size_t span = std::max<std::size_t>(2, 2 * remaining / static_cast<std::size_t>(trials - trial + 1));
    // 0 kills while the process starts (job check, store open, WAL recovery).
    const std::size_t target = log.size() + std::uniform_int_distribution<std::size_t>(0, span)(rng);

    // Half the trials with --sync: a process kill must lose nothing acknowledged either way.
    Process p(paa_argv(run_args(job, emu, trial % 2 ? std::vector<std::string>{"--sync"}
                                                     : std::vector<std::string>{})),
              paa_env(), dir.path());
    ASSERT_TRUE(eventually([&] { return p.exited() || emu.requests() >= target; }, 60s)) << "trial " << trial;
    p.signal(SIGKILL);
    const auto r = p.wait();
    if (r.exit_code == 128 + SIGKILL) {
      ++kills;
    } else {
      ++finished_early;
      EXPECT_EQ(r.exit_code, 0) << "trial " << trial << ": " << r.err;
    }
  }
  ASSERT_GT(kills, 0) << "no trial killed a run";

  // A store left by a killed run is readable, and says the run never recorded its end.
  if (kills > 0) {
    auto st = job_status(dir.path(), job);
    ASSERT_FALSE(st.empty());
    EXPECT_EQ(st.at("failed").as_int64(), 0);
  }

  auto last = run_paa(run_args(job, emu), dir.path());
  ASSERT_EQ(last.exit_code, 0) << last.err;
  // Nothing in the final run needed a second attempt: no request was wasted there.
  EXPECT_NE(last.err.find("(0 retries"), std::string::npos) << last.err;

  // Every key stored exactly once, and exactly what the emulator serves.
  const auto rows = export_jsonl(dir.path(), dir / "crash.db");
  std::set<SearchKey> exported;
  for (const auto& row : rows) exported.insert(logged_key(row));
  EXPECT_EQ(rows.size(), static_cast<std::size_t>(keys));
  EXPECT_EQ(exported.size(), rows.size()) << "a key exported twice";
  expect_trees_match_emulator(rows, seed);
  auto st = job_status(dir.path(), job);
  ASSERT_FALSE(st.empty());
  EXPECT_EQ(st.at("done").as_int64(), keys);
  EXPECT_EQ(st.at("failed").as_int64(), 0);
  EXPECT_EQ(st.at("pending").as_int64(), 0);

  // The emulator log: every key asked, and asked again only when it was in flight at a kill
  // (each worker holds one key until its result is acknowledged by the store).
  std::map<SearchKey, int> asked;
  for (const auto& l : emu.log()) {
    EXPECT_EQ(l.at("status").as_int64(), 200);
    ++asked[logged_key(l)];
  }
  EXPECT_EQ(asked.size(), static_cast<std::size_t>(keys));
  std::size_t duplicates = 0;
  for (const auto& [key, n] : asked) duplicates += static_cast<std::size_t>(n - 1);
  EXPECT_LE(duplicates, static_cast<std::size_t>(kills * concurrency))
      << kills << " kills, " << finished_early << " runs finished before their kill point";
  std::printf("crash trials: %d kills, %d finished early, %zu keys asked twice (bound %d)\n", kills,
              finished_early, duplicates, kills * concurrency);

  const auto before = emu.requests();
  auto again = run_paa(run_args(job, emu), dir.path());
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(emu.requests(), before) << "a finished job sends nothing";
}

// A second SIGINT exits at once without waiting for in-flight requests; the store stays
// consistent and a rerun completes with only those keys asked again.
TEST(ReliabilityE2E, SecondSignalExitsAtOnceAndARerunCompletesWithoutLoss) {
  TempDir dir;
  const int keys = 120, concurrency = 8;
  Emulator emu(dir.path(), {"--seed", "4", "--latency-ms", "150:200"});
  auto job = write_job(dir.path(), "twosig", keys, "concurrency = " + std::to_string(concurrency) + "\nrate = 0");
  Process p(paa_argv(run_args(job, emu)), paa_env(), dir.path());
  ASSERT_TRUE(eventually([&] { return emu.requests() >= 20; }, 60s));
  p.signal(SIGINT);
  // The first signal starts the drain (up to 10 s); the second must not wait for it.
  ASSERT_TRUE(eventually([&] { return p.err_so_far().find("received SIGINT") != std::string::npos; }, 30s))
      << p.err_so_far();
  p.signal(SIGINT);
  const auto r = p.wait();
  ASSERT_EQ(r.exit_code, 130) << r.err;
  EXPECT_NE(r.err.find("second signal, exiting now"), std::string::npos) << r.err;

  auto again = run_paa(run_args(job, emu), dir.path());
  ASSERT_EQ(again.exit_code, 0) << again.err;
  const auto rows = export_jsonl(dir.path(), dir / "twosig.db");
  EXPECT_EQ(rows.size(), static_cast<std::size_t>(keys));
  expect_trees_match_emulator(rows, 4);
  std::map<SearchKey, int> asked;
  for (const auto& l : emu.log()) ++asked[logged_key(l)];
  std::size_t duplicates = 0;
  for (const auto& [key, n] : asked) duplicates += static_cast<std::size_t>(n - 1);
  EXPECT_LE(duplicates, static_cast<std::size_t>(concurrency));
}

// ---------------------------------------------------------------------------------------------
// 2. Hostile responses: a recorded, clearly reported failure of the key; never a crash, never stored.

struct HostileCase {
  std::string mode;
  std::string reason;  // part of the recorded failure reason
};

void PrintTo(const HostileCase& c, std::ostream* os) { *os << c.mode; }

class HostileE2E : public ::testing::TestWithParam<HostileCase> {};

TEST_P(HostileE2E, HostileBodyIsARecordedFailureOfTheKeyAndNothingIsStored) {
  const auto& c = GetParam();
  TempDir dir;
  const int keys = 3, retries = 1;
  Emulator emu(dir.path(), {"--hostile", c.mode});
  auto job = write_job(dir.path(), "hostile", keys, "concurrency = 3\nrate = 0");
  auto r = run_paa(run_args(job, emu, {"--retries", std::to_string(retries), "--backoff-base-ms", "1",
                                       "--backoff-cap-ms", "5"}),
                   dir.path());
  ASSERT_EQ(r.exit_code, 5) << c.mode << ": " << r.err;  // finished, some keys failed (not 134/139: no crash)
  EXPECT_NE(r.err.find("failed          3 (a rerun retries them; `paa status " + job.string() + " --failed` lists them)"),
            std::string::npos)
      << r.err;
  // Reported on stderr: which key, and why.
  EXPECT_NE(r.err.find("failed: q=\"query number 0 about coffee & crème\""), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(c.reason), std::string::npos) << r.err;

  const auto log = emu.log();
  EXPECT_EQ(log.size(), static_cast<std::size_t>(keys * (retries + 1))) << "each key tried 1 + retries times";
  for (const auto& l : log) {
    EXPECT_EQ(l.at("status").as_int64(), 200);
    EXPECT_EQ(l.at("fault"), json::value(c.mode));
  }

  auto st = job_status(dir.path(), job);
  ASSERT_FALSE(st.empty());
  EXPECT_EQ(st.at("failed").as_int64(), keys);
  EXPECT_EQ(st.at("done").as_int64(), 0);
  EXPECT_TRUE(export_jsonl(dir.path(), dir / "hostile.db").empty()) << "nothing stored for a hostile body";

  // The store records each failure with its reason, the attempts and the last status.
  auto reader = StoreReader::open(dir / "hostile.db");
  ASSERT_TRUE(reader) << reader.error().message;
  int failed = 0;
  auto scanned = (*reader)->scan_progress("hostile", [&](std::string_view, const ProgressEntry& e) {
    ++failed;
    EXPECT_EQ(e.state, ProgressState::failed);
    EXPECT_EQ(e.attempts, static_cast<std::uint32_t>(retries + 1));
    EXPECT_EQ(e.last_status, 200);
    EXPECT_NE(e.error.find(c.reason), std::string::npos) << e.error;
    return true;
  });
  ASSERT_TRUE(scanned) << scanned.error().message;
  EXPECT_EQ(failed, keys);
  std::size_t results = 0;
  ASSERT_TRUE((*reader)->scan_results("", [&](const StoredResult&) { return ++results, true; }));
  EXPECT_EQ(results, 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Modes, HostileE2E,
    ::testing::Values(HostileCase{"deep-nesting", "nests deeper than"},
                      HostileCase{"huge", "body larger than the 16777216-byte limit"},
                      HostileCase{"invalid-utf8", "not valid UTF-8"},
                      HostileCase{"array-top-level", "expected a JSON object, got array"},
                      HostileCase{"searchesLeft-string", "searchesLeft: expected number, got string"},
                      HostileCase{"missing-result", "result: missing"}),
    [](const ::testing::TestParamInfo<HostileCase>& param_info) {
      std::string name = param_info.param.mode;
      std::replace(name.begin(), name.end(), '-', '_');
      return name;
    });

// Hostile bodies among good ones are transient failures: retried, never stored, and every key
// ends with the tree the service really generates.
TEST(ReliabilityE2E, HostileBodiesAmongGoodOnesAreRetriedAndNeverStored) {
  for (const std::string mode : {"deep-nesting", "huge", "invalid-utf8", "array-top-level",
                                 "searchesLeft-string", "missing-result"}) {
    SCOPED_TRACE(mode);
    TempDir dir;
    const int keys = 12;
    Emulator emu(dir.path(), {"--seed", "8", "--hostile", mode, "--hostile-rate", "0.3"});
    auto job = write_job(dir.path(), "mixed", keys, "concurrency = 4\nrate = 0");
    auto r = run_paa(run_args(job, emu, {"--retries", "30", "--backoff-base-ms", "1", "--backoff-cap-ms", "5"}),
                     dir.path());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::size_t hostile = 0;
    for (const auto& l : emu.log()) hostile += l.at("fault") == json::value(mode) ? 1 : 0;
    EXPECT_GT(hostile, 0u) << "the emulator did send hostile bodies";
    const auto rows = export_jsonl(dir.path(), dir / "mixed.db");
    ASSERT_EQ(rows.size(), static_cast<std::size_t>(keys));
    expect_trees_match_emulator(rows, 8);
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Bad input: exit 2, a message naming the file (and line), nothing sent, the store untouched.

struct BadJob {
  std::string name;
  std::map<std::string, std::string> files;  // file name -> content; "job.toml" is the job
  std::string message;                       // expected on stderr (file:line: ...)
};

std::vector<BadJob> bad_jobs() {
  const std::string locales = "locales = [{ hl = \"en\", gl = \"us\" }]\n";
  return {
      {"toml syntax", {{"job.toml", "name = \"bad\"\nqueries = [\"a\"\n" + locales}}, "job.toml:3:1: invalid TOML"},
      {"unknown key",
       {{"job.toml", "name = \"bad\"\nqueries = [\"a\"]\n" + locales + "[limits]\nconcurency = 4\n"}},
       "job.toml:5:1: unknown key 'concurency' in [limits]; did you mean 'concurrency'?"},
      {"missing query file",
       {{"job.toml", "name = \"bad\"\nquery_files = [\"missing.txt\"]\n" + locales}},
       "job.toml:2:16: query file 'missing.txt' not found"},
      {"csv without q",
       {{"job.toml", "name = \"bad\"\nquery_files = [\"k.csv\"]\n" + locales}, {"k.csv", "term,volume\ncoffee,10\n"}},
       "k.csv:1: the header has no query column (found 'term', 'volume')"},
      {"invalid hl in the job",
       {{"job.toml", "name = \"bad\"\nqueries = [\"a\"]\nlocales = [{ hl = \"english\", gl = \"us\" }]\n"}},
       "job.toml:3:19: locales[0]: invalid hl 'english'"},
      {"invalid gl in the job",
       {{"job.toml", "name = \"bad\"\nqueries = [\"a\"]\nlocales = [{ hl = \"en\", gl = \"usa\" }]\n"}},
       "job.toml:3:"},
      {"invalid gl in a csv row",
       {{"job.toml", "name = \"bad\"\nquery_files = [\"k.csv\"]\n" + locales},
        {"k.csv", "q,hl,gl\ncoffee,en,us\ntea,en,usa\n"}},
       "k.csv:3: invalid gl 'usa'"},
      {"invalid hl in a csv row",
       {{"job.toml", "name = \"bad\"\nquery_files = [\"k.csv\"]\n" + locales},
        {"k.csv", "q,hl,gl\ncoffee,e1,us\n"}},
       "k.csv:2: invalid hl 'e1'"},
      {"a bad line deep in a list",
       {{"job.toml", "name = \"bad\"\nquery_files = [\"k.txt\"]\n" + locales},
        {"k.txt", "coffee\ntea\n" + std::string("caf\xC3\x28\n")}},
       "k.txt:3: invalid UTF-8"},
      {"empty job", {{"job.toml", "name = \"bad\"\n" + locales}}, "job.toml: job has no queries"},
      {"job whose lists hold no queries",
       {{"job.toml", "name = \"bad\"\nquery_files = [\"k.txt\"]\n" + locales}, {"k.txt", "# nothing yet\n\n"}},
       "job.toml: job has no queries"},
  };
}

void write_files(const fs::path& dir, const std::map<std::string, std::string>& files) {
  fs::create_directories(dir);
  for (const auto& [name, content] : files) std::ofstream(dir / name, std::ios::binary) << content;
}

TEST(ReliabilityE2E, BadInputExitsTwoNamingFileAndLineSendsNothingAndLeavesTheStoreUntouched) {
  TempDir dir;
  Emulator emu(dir.path(), {});
  // An existing store with results, which a bad job pointed at it must not touch.
  auto good = write_job(dir.path(), "good", 5, "rate = 0");
  ASSERT_EQ(run_paa(run_args(good, emu), dir.path()).exit_code, 0);
  const fs::path existing = dir / "good.db";
  const auto sent = emu.requests();
  const auto listing = file_listing(existing);
  ASSERT_FALSE(listing.empty());

  const auto cases = bad_jobs();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const BadJob& c = cases[i];
    SCOPED_TRACE(c.name);
    const fs::path folder = dir / ("case-" + std::to_string(i));
    write_files(folder, c.files);
    // Relative paths, as a user types them: the message names them as given.
    auto fresh = run_paa(run_args("job.toml", emu), folder);
    EXPECT_EQ(fresh.exit_code, 2) << fresh.err;
    EXPECT_NE(fresh.err.find("paa: " + c.message), std::string::npos) << fresh.err;
    // Nothing written beside the job: no store, no temporary file (only the harness's captures).
    for (const auto& e : fs::directory_iterator(folder)) {
      const std::string name = e.path().filename().string();
      EXPECT_TRUE(c.files.count(name) == 1 || name.rfind("proc-", 0) == 0) << "paa created " << name;
    }

    auto into_existing = run_paa(run_args("job.toml", emu, {"--store", existing.string()}), folder);
    EXPECT_EQ(into_existing.exit_code, 2) << into_existing.err;
    EXPECT_EQ(file_listing(existing), listing) << "the existing store's files are unchanged";
  }
  EXPECT_EQ(emu.requests(), sent) << "nothing was sent for bad input";
  EXPECT_EQ(export_jsonl(dir.path(), existing).size(), 5u);
}

TEST(ReliabilityE2E, QueryFileRemovedDuringTheRunIsBadInputNotAStoreFailure) {
  TempDir dir;
  Emulator emu(dir.path(), {"--latency-ms", "5:10"});
  // Two lists, read one after the other: the second vanishes while the first is harvested.
  write_job(dir.path(), "vanish", 120, "");
  std::ofstream(dir / "second.txt") << "a query in the second list\n";
  const fs::path job = dir / "vanish.toml";
  std::ofstream(job) << "name = \"vanish\"\nquery_files = [\"vanish.txt\", \"second.txt\"]\n"
                     << "locales = [ { hl = \"en\", gl = \"us\" } ]\n[limits]\nconcurrency = 2\nrate = 0\n";
  std::vector<std::string> argv{PAA_BIN};
  for (auto& a : run_args(job, emu)) argv.push_back(a);
  Process p(argv, {{"PAA_API_KEY", kApiKey}}, dir.path());
  ASSERT_TRUE(eventually([&] { return emu.requests() >= 1; }, std::chrono::seconds(30)));
  fs::remove(dir / "second.txt");
  const auto r = p.wait();
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("second.txt"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("store-failure"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("paa run vanish: stopped after "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(": the job's input is wrong (input) (run "), std::string::npos) << r.err;
  EXPECT_EQ(export_jsonl(dir.path(), dir / "vanish.db").size(), count_status(emu.log(), 200))
      << "every answer received was kept";
}

TEST(ReliabilityE2E, StorePathThatCannotBeCreatedExitsTwoNamingItAndSendsNothing) {
  TempDir dir;
  Emulator emu(dir.path(), {});
  std::ofstream(dir / "a-file") << "not a folder\n";
  auto job = write_job(dir.path(), "nostore", 3, "rate = 0", "store = \"a-file/sub.db\"");
  auto r = run_paa(run_args(job, emu), dir.path());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("a-file/sub.db': cannot create the folder"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir / "a-file"), "not a folder\n");
  EXPECT_EQ(emu.requests(), 0u);
}

// Root reads and writes any folder, so as root (CI) paa runs as `nobody` through setpriv, from a
// copy of the binary in the test folder, which is then nobody's: the store folder is nobody's own
// and mode 0, as a user's folder whose permissions they removed. Skipped only as root without
// setpriv (util-linux) or a `nobody` user.
TEST(ReliabilityE2E, UnreadableStoreFolderExitsTwoNamingItAndSendsNothing) {
  TempDir dir;
  Emulator emu(dir.path(), {});
  fs::create_directories(dir / "locked");
  auto job = write_job(dir.path(), "locked", 3, "rate = 0", "store = \"locked/s.db\"");
  std::vector<std::string> argv{PAA_BIN};
  if (::geteuid() == 0) {
    const struct passwd* nobody = ::getpwnam("nobody");
    if (nobody == nullptr || !fs::exists("/usr/bin/setpriv")) {
      GTEST_SKIP() << "root ignores file permissions, and there is no setpriv (util-linux) or nobody user to drop them";
    }
    fs::copy_file(PAA_BIN, dir / "paa");
    for (const fs::path& p : {dir.path(), dir / "paa", dir / "locked", job, dir / "locked.txt"}) {
      ASSERT_EQ(::chown(p.c_str(), nobody->pw_uid, nobody->pw_gid), 0) << p;
      fs::permissions(p, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                             fs::perms::others_read | fs::perms::others_exec);
    }
    argv = {"/usr/bin/setpriv", "--reuid=" + std::to_string(nobody->pw_uid),
            "--regid=" + std::to_string(nobody->pw_gid), "--clear-groups", (dir / "paa").string()};
  }
  for (auto& a : run_args(job, emu)) argv.push_back(a);
  ::chmod((dir / "locked").c_str(), 0);
  Process p(argv, paa_env(), dir.path());
  auto r = p.wait();
  ::chmod((dir / "locked").c_str(), 0755);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("locked/s.db'"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "locked" / "s.db"));
  EXPECT_EQ(emu.requests(), 0u);
}

// ---------------------------------------------------------------------------------------------
// 4. Secrets: the API key appears in no output, log or file, whatever the log level.

TEST(ReliabilityE2E, ApiKeyAppearsInNoOutputLogOrFileEvenAtTraceLevel) {
  TempDir dir;
  // Faults too, so that the retry and failure paths log (debug/trace) what they have.
  Emulator emu(dir.path(), {"--seed", "3", "--fault-500", "0.1", "--fault-invalid-json", "0.1",
                            "--fault-truncate", "0.05", "--max-requests-per-connection", "3"});
  auto job = write_job(dir.path(), "secret", 40, "concurrency = 4\nrate = 0");
  std::vector<ProcessResult> outputs;
  outputs.push_back(run_paa({"run", job.string(), "--base-url", emu.base_url(), "--ca-file",
                             (certs_dir() / "ca.pem").string(), "--log-level", "trace", "--progress", "log",
                             "--retries", "20", "--backoff-base-ms", "1", "--backoff-cap-ms", "5"},
                            dir.path()));
  ASSERT_EQ(outputs.back().exit_code, 0) << outputs.back().err;
  EXPECT_NE(outputs.back().err.find("paa run secret: done"), std::string::npos);
  // A refused key and the read-side commands too.
  outputs.push_back(run_paa(run_args(job, emu, {"--log-level", "trace", "--refresh"}), dir.path(),
                            {{"PAA_API_KEY", std::string(kApiKey) + "-unknown"}}));
  EXPECT_EQ(outputs.back().exit_code, 3);
  outputs.push_back(run_paa({"status", job.string()}, dir.path()));
  outputs.push_back(run_paa({"status", job.string(), "--json"}, dir.path()));
  outputs.push_back(run_paa({"check", job.string()}, dir.path()));
  outputs.push_back(run_paa({"export", "--store", (dir / "secret.db").string(), "--format", "csv", "-o",
                             (dir / "out.csv").string()},
                            dir.path()));
  outputs.push_back(run_paa({"export", "--store", (dir / "secret.db").string(), "--format", "jsonl"}, dir.path()));
  emu.stop();  // flushes and closes the emulator's own log and output

  const std::string key = kApiKey;
  for (const auto& o : outputs) {
    EXPECT_EQ(o.out.find(key), std::string::npos) << o.out.substr(0, 2000);
    EXPECT_EQ(o.err.find(key), std::string::npos) << o.err.substr(0, 2000);
  }
  // Every file under the test folder, binary-safe: the store (RocksDB WAL, SSTs, LOG, lock),
  // the exports, every process's captured output and the emulator's request log.
  std::size_t scanned = 0, store_files = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir.path())) {
    if (!e.is_regular_file()) continue;
    ++scanned;
    if (e.path().parent_path() == dir / "secret.db") ++store_files;
    const std::string bytes = read_file(e.path());
    EXPECT_EQ(bytes.find(key), std::string::npos) << e.path();
  }
  EXPECT_GT(store_files, 3u);
  EXPECT_GT(scanned, store_files + 5);
  EXPECT_GT(emu.requests(), 40u);
}

}  // namespace
}  // namespace paa::e2e
