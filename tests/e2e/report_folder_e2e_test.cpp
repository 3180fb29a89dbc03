// The report folder end to end (docs/reports.md "The report folder"): a 5,000-result store
// harvested from paa-emulator (plain queries in two locales, hostile ones, and a small expansion
// for lineage), exported with `paa export --format html -o DIR/`, then opened in headless
// Chromium from file:// and from Python's http.server (tests/e2e/check_report_folder.cjs).
// Expectations come from the jsonl export of the same store, computed here: the key count, the
// last key in the list's order, a question known to be in the store, a discovered key's tree and
// lineage. Then what a kill, an older folder and a foreign folder do to DIR.
#include "harness.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace paa::e2e {
namespace {

namespace json = boost::json;

constexpr int kPlainQueries = 2490;  // in each of two locales
const std::vector<std::string> kHostile{
    "<img src=x onerror=window.__pwned=1>", "../../../etc/passwd", "..\\..\\windows\\win.ini",
    "%2e%2e%2fdata%2fkeys", "data/keys/0/0.js", "\"quoted\" & 'single' </script>", "javascript:window.__pwned=1",
    "con", "aux.js"};

std::string lower_ascii(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The words of a text as the test reads them: runs of ASCII letters and digits, lower case
// (the store's generated questions are ASCII).
std::set<std::string> words_of(const std::string& text) {
  std::set<std::string> out;
  std::string w;
  for (char c : text + " ") {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      w.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    } else if (!w.empty()) {
      out.insert(w);
      w.clear();
    }
  }
  return out;
}

json::object key_of(const json::object& row) {
  json::object k;
  for (const char* f : {"q", "hl", "gl", "city"}) {
    const auto* v = row.if_contains(f);
    k[f] = v && v->is_string() ? v->as_string() : json::string();
  }
  return k;
}

void collect_questions(const json::value& nodes, std::set<std::string>& out) {
  if (!nodes.is_array()) return;
  for (const auto& n : nodes.as_array()) {
    out.insert(std::string(n.at("question").as_string()));
    if (const auto* kids = n.as_object().if_contains("children")) collect_questions(*kids, out);
  }
}

// The store every test reads: 5,000 results harvested once per ctest run, by the test
// ReportFolderE2EStore (a ctest fixture the others require), into a folder of the build
// (PAA_SHARED_STORE_DIR); a test run on its own harvests it when it is not there. The tests
// only read it (each writes its reports into a folder of its own).
const fs::path kShared = PAA_SHARED_STORE_DIR;

void harvest_the_shared_store() {
  fs::remove_all(kShared);
  fs::create_directories(kShared);
  const fs::path& d = kShared;
  Emulator emu(d, {"--seed", "33", "--searches", "1000000"});
  auto job = write_job(d, "big", kPlainQueries, "concurrency = 64\nrate = 0");
  set_locales(job, R"(locales = [ { hl = "en", gl = "us" }, { hl = "de", gl = "de" } ])");
  {
    std::ofstream q(d / "big.txt", std::ios::app);
    for (const auto& h : kHostile) q << h << "\n";
  }
  auto run = run_paa(run_args(job, emu, {"--store", (d / "r.db").string()}), d);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  auto grow = write_job(d, "grow", 2, "concurrency = 4\nrate = 0");
  std::ofstream(grow, std::ios::app) << "\n[expand]\ndepth = 2\nper_result = 3\n";
  run = run_paa(run_args(grow, emu, {"--store", (d / "r.db").string()}), d);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  auto lineage = run_paa({"export", "--store", (d / "r.db").string(), "--format", "jsonl", "--job", "grow", "-o",
                          "grow.jsonl"}, d);
  ASSERT_EQ(lineage.exit_code, 0) << lineage.err;
  auto all = run_paa({"export", "--store", (d / "r.db").string(), "--format", "jsonl", "-o", "all.jsonl"}, d);
  ASSERT_EQ(all.exit_code, 0) << all.err;
  std::ofstream(d / "done") << "harvested\n";
}

TEST(ReportFolderE2EStore, HarvestsTheStoreTheSuiteReads) {
  harvest_the_shared_store();
  EXPECT_TRUE(fs::exists(kShared / "done"));
}

class ReportFolderE2E : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (!fs::exists(kShared / "done")) harvest_the_shared_store();
    ASSERT_TRUE(fs::exists(kShared / "done")) << "the shared store was not harvested";
    dir_ = new TempDir();
    rows_ = new std::vector<json::object>(parse_jsonl(read_file(kShared / "all.jsonl")));
    grow_ = new std::vector<json::object>(parse_jsonl(read_file(kShared / "grow.jsonl")));
  }
  static void TearDownTestSuite() {
    delete rows_;
    delete grow_;
    delete dir_;
  }
  static fs::path dir() { return dir_->path(); }
  static fs::path store() { return kShared / "r.db"; }

  static ProcessResult export_folder(const std::string& out, std::vector<std::string> extra = {}) {
    std::vector<std::string> args{"export", "--store", store().string(), "--format", "html", "-o", out};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_paa(args, dir());
  }

  // What the checker expects, from the jsonl export.
  static json::object expectations() {
    json::object e;
    e["keys"] = rows_->size();
    // The list's order: hl, gl, city, then the folded query (the store's queries are ASCII
    // but for "crème", whose folding leaves it as it is).
    std::vector<const json::object*> sorted;
    for (const auto& r : *rows_) sorted.push_back(&r);
    auto order = [](const json::object* r) {
      const auto k = key_of(*r);
      return std::make_tuple(std::string(k.at("hl").as_string()), std::string(k.at("gl").as_string()),
                             std::string(k.at("city").as_string()), lower_ascii(std::string(k.at("q").as_string())));
    };
    std::sort(sorted.begin(), sorted.end(), [&](auto* a, auto* b) { return order(a) < order(b); });
    // The job filter: the keys job "grow" finished (its jsonl export), as q and locale.
    json::array grown;
    for (const auto& r : *grow_) {
      const auto k = key_of(r);
      grown.push_back(json::string(std::string(k.at("q").as_string()) + "\t" + std::string(k.at("hl").as_string()) + "-" +
                                   std::string(k.at("gl").as_string())));
    }
    e["job"] = json::object{{"name", "grow"}, {"keys", std::move(grown)}};
    e["first_key"] = key_of(*sorted.front());
    e["last_key"] = key_of(*sorted.back());
    // A question of a tree in the middle of the store, and every unique question that holds all
    // of its words.
    const auto& middle = *sorted[sorted.size() / 2];
    std::set<std::string> questions;
    for (const auto& r : *rows_) collect_questions(r.at("result").at("children"), questions);
    const auto& first = middle.at("result").at("children").as_array().front();
    const std::string known(first.at("question").as_string());
    const auto want = words_of(known);
    std::set<std::string> folded_matches;
    for (const auto& q : questions) {
      const auto have = words_of(q);
      if (std::includes(have.begin(), have.end(), want.begin(), want.end())) folded_matches.insert(lower_ascii(q));
    }
    json::object search;
    search["words"] = known;
    search["question"] = known;
    search["matches"] = folded_matches.size();
    e["search"] = std::move(search);
    // A key two levels down the expansion: its tree's first questions, its parent and seed.
    const json::object* deep = nullptr;
    for (const auto& r : *grow_) {
      if (r.at("level").as_int64() == 2) deep = &r;
    }
    EXPECT_NE(deep, nullptr) << "the expansion discovered no level-2 key";
    if (deep) {
      json::object link = key_of(*deep);
      json::array roots;
      for (const auto& n : deep->at("result").at("children").as_array()) roots.push_back(n.at("question"));
      link["root_questions"] = std::move(roots);
      link["level"] = 2;
      // The jsonl export's lineage: "parent" and "seed" as keys.
      link["parent"] = key_of(deep->at("parent").as_object());
      link["seed"] = key_of(deep->at("seed").as_object());
      e["deep_link"] = std::move(link);
    }
    json::object hostile;
    hostile["q"] = kHostile.front();
    hostile["queries"] = json::array(kHostile.begin(), kHostile.end());
    e["hostile"] = std::move(hostile);
    return e;
  }

  static ProcessResult check(const std::string& url, const std::string& name) {
    std::ofstream(dir() / (name + ".expect.json")) << json::serialize(expectations());
    const fs::path shots = fs::path(PAA_TEST_OUTPUT_DIR) / ("report-folder-" + name);
    fs::create_directories(shots);
    Process node({"/usr/bin/node", PAA_E2E_DIR "/check_report_folder.cjs", url,
                  (dir() / (name + ".expect.json")).string(), shots.string()},
                 {{"NODE_PATH", PAA_NODE_MODULES}}, dir());
    return node.wait();
  }

  static inline TempDir* dir_ = nullptr;
  static inline std::vector<json::object>* rows_ = nullptr;
  static inline std::vector<json::object>* grow_ = nullptr;
};

// (Each test of this suite is its own process under ctest: a few tests, each doing much.)
TEST_F(ReportFolderE2E, FromFileAndFromAStaticServerEveryViewWorks) {
  ASSERT_GE(rows_->size(), 5000u);
  std::set<std::string> stored;
  for (const auto& r : *rows_) stored.insert(std::string(r.at("q").as_string()));
  for (const auto& h : kHostile) EXPECT_TRUE(stored.count(h)) << "not stored: " << h;

  auto made = export_folder("report/");
  ASSERT_EQ(made.exit_code, 0) << made.err;
  EXPECT_NE(made.err.find("paa: wrote a report of " + std::to_string(rows_->size()) + " results"), std::string::npos)
      << made.err;
  const fs::path report = dir() / "report";

  // Every name is the page's, a number or hex: never text from the store; no folder holds more
  // than 1,000 files.
  const std::regex allowed(
      R"(^(index\.html|report\.css|common\.js|folder\.js|favicon\.ico|paa-report\.json|data/(report|topics|changes|domains|markets)\.js|)"
      R"(data/(keys|trees|questions|jobs/[0-9]+)/[0-9]+/[0-9]+\.js|data/search/shards\.js|data/search/[0-9a-f]{2}/[0-9a-f]+\.js)$)");
  std::map<std::string, int> per_folder;
  std::uint64_t files = 0;
  for (const auto& [name, info] : file_listing(report)) {
    EXPECT_TRUE(std::regex_match(name, allowed)) << name;
    ++per_folder[fs::path(name).parent_path().string()];
    ++files;
  }
  for (const auto& [folder, n] : per_folder) EXPECT_LE(n, 1000) << folder;
  const auto manifest = json::parse(read_file(report / "paa-report.json")).as_object();
  EXPECT_EQ(manifest.at("format").as_string(), "paa-report-folder");
  EXPECT_EQ(manifest.at("results").as_int64(), static_cast<std::int64_t>(rows_->size()));
  EXPECT_EQ(manifest.at("files").as_int64(), static_cast<std::int64_t>(files));

  auto from_file = check("file://" + (report / "index.html").string(), "file");
  EXPECT_EQ(from_file.exit_code, 0) << from_file.out << from_file.err;
  std::printf("report folder, file://: %s", from_file.out.c_str());

  // The same folder from a static HTTP server on an ephemeral port.
  // (Its "Serving HTTP on ... port N" goes to stdout: sent to stderr, which the test can read.)
  Process server({"/bin/sh", "-c", "exec /usr/bin/python3 -u -m http.server 0 --bind 127.0.0.1 --directory \"$0\" 1>&2",
                  report.string()},
                 {}, dir());
  std::smatch port;
  const std::regex serving(R"(Serving HTTP on 127\.0\.0\.1 port ([0-9]+))");
  std::string said;
  ASSERT_TRUE(eventually([&] {
    said = server.err_so_far();
    return std::regex_search(said, port, serving);
  }, std::chrono::seconds(20))) << said;
  auto over_http = check("http://127.0.0.1:" + port[1].str() + "/index.html", "http");
  EXPECT_EQ(over_http.exit_code, 0) << over_http.out << over_http.err << "\nthe server's log:\n" << server.err_so_far();
  std::printf("report folder, http: %s", over_http.out.c_str());
  server.signal(SIGTERM);
  server.wait();
}

TEST_F(ReportFolderE2E, AKilledExportLeavesThePreviousReportAndTheNextOneCleansUp) {
  // The published report: the expansion's keys (small); the killed export: all 5,000.
  ASSERT_EQ(export_folder("kill/", {"--job", "grow"}).exit_code, 0);
  const auto before = file_listing(dir() / "kill");
  Process paa({PAA_BIN, "export", "--store", store().string(), "--format", "html", "-o", "kill/", "--force"},
              {}, dir());
  // Killed while it writes: once its temporary folder holds trees.
  auto writing = [&] {
    for (const auto& e : fs::directory_iterator(dir())) {
      const auto name = e.path().filename().string();
      if (name.starts_with(".kill.paa-tmp-") && fs::exists(e.path() / "data/trees/0/0.js")) return true;
    }
    return false;
  };
  ASSERT_TRUE(eventually(writing, std::chrono::seconds(60)));
  paa.signal(SIGKILL);
  EXPECT_EQ(paa.wait().exit_code, 128 + SIGKILL);
  EXPECT_EQ(file_listing(dir() / "kill"), before) << "the killed export changed the published report";
  // The next export to the same place replaces it and removes what the killed one left.
  auto again = export_folder("kill/", {"--job", "grow", "--force"});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  for (const auto& e : fs::directory_iterator(dir())) {
    EXPECT_FALSE(e.path().filename().string().starts_with(".kill.paa-tmp-")) << e.path();
  }
}

TEST_F(ReportFolderE2E, OlderReportsAreReplacedWholeForeignFoldersRefusedAndABigSingleFileWarns) {
  // (The expansion's keys alone: these are about the folder, not the data.)
  // An older version's folder: its manifest, and files this version does not write.
  fs::create_directories(dir() / "old/data/chunks");
  std::ofstream(dir() / "old/paa-report.json") << R"({"format":"paa-report-folder","version":0})";
  std::ofstream(dir() / "old/data/chunks/stale.js") << "paaData('old');";
  std::ofstream(dir() / "old/report.html") << "<p>old</p>";
  auto refused = export_folder("old/", {"--job", "grow"});
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find("use --force"), std::string::npos) << refused.err;
  auto replaced = export_folder("old/", {"--job", "grow", "--force"});
  ASSERT_EQ(replaced.exit_code, 0) << replaced.err;
  EXPECT_FALSE(fs::exists(dir() / "old/data/chunks"));
  EXPECT_FALSE(fs::exists(dir() / "old/report.html"));
  EXPECT_EQ(json::parse(read_file(dir() / "old/paa-report.json")).at("version").as_int64(), 1);

  // A folder that is not a report: never replaced, even with --force.
  fs::create_directories(dir() / "mine");
  std::ofstream(dir() / "mine/notes.txt") << "mine";
  auto foreign = export_folder("mine/", {"--job", "grow", "--force"});
  EXPECT_EQ(foreign.exit_code, 2) << foreign.err;
  EXPECT_NE(foreign.err.find("is not a report folder"), std::string::npos) << foreign.err;
  EXPECT_EQ(read_file(dir() / "mine/notes.txt"), "mine");

  // An existing empty folder is written into.
  fs::create_directories(dir() / "empty");
  auto into_empty = export_folder((dir() / "empty").string(), {"--job", "grow"});
  EXPECT_EQ(into_empty.exit_code, 0) << into_empty.err;
  EXPECT_TRUE(fs::exists(dir() / "empty/index.html"));

  // A single file past 50 MB names the folder form: 800 results of 80 KiB each, from a store of
  // its own (the size, not the count, is what the warning is about).
  {
    Emulator padded(dir(), {"--seed", "5", "--tree-kb", "80"});
    auto job = write_job(dir(), "padded", 800, "concurrency = 16\nrate = 0");
    auto run = run_paa(run_args(job, padded, {"--store", (dir() / "padded.db").string()}), dir());
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }
  auto single = run_paa({"export", "--store", (dir() / "padded.db").string(), "--format", "html", "-o", "one.html"},
                        dir());
  ASSERT_EQ(single.exit_code, 0) << single.err;
  ASSERT_GT(fs::file_size(dir() / "one.html"), 50'000'000u);
  EXPECT_NE(single.err.find("paa: warning: the report is"), std::string::npos) << single.err;
  EXPECT_NE(single.err.find("-o DIR/"), std::string::npos) << single.err;
  // A small one does not.
  auto small = run_paa({"export", "--store", store().string(), "--format", "html", "--job", "grow", "-o",
                        "small.html"}, dir());
  ASSERT_EQ(small.exit_code, 0) << small.err;
  EXPECT_EQ(small.err.find("warning"), std::string::npos) << small.err;
}

}  // namespace
}  // namespace paa::e2e
