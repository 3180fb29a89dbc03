// Compatibility with the releases before store formats 5 and 6, both ways (tests/fixtures/README.md):
// - a store of format 4 (with the question index) is read as it is, and the first writer
//   upgrades it: the index dropped (its files deleted), the `questions` family there again and
//   empty, the current format recorded, every fact as it was; an upgrade cut short between its
//   steps is read and completed by the next writer;
// - a store of format 5 (results without a digest) is read as it is, and the first writer
//   records format 6: a refresh compares its old records by their trees, and from then on by
//   the digests they are written with;
// - a store of the current format opens as those releases opened stores (every family of
//   their list, the same for both, then their format check, which refuses it with "upgrade paa").
#include "key_layout.hpp"
#include "previous_release.hpp"
#include "store_test_util.hpp"

#include "paa/model/clock.hpp"
#include "paa/model/query_key.hpp"
#include "paa/store/store.hpp"
#include "support/files.hpp"
#include "support/process.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>
#include <rocksdb/db.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace paa {
namespace {

namespace fs = std::filesystem;
using store_detail::kQuestionsFamily;
using test::key_of;
using test::TempDir;

constexpr std::size_t kResults = 20;

fs::path copy_store(const TempDir& tmp, const std::string& fixture = "format4") {
  return test::copy_fixture(fixture + "/store", tmp.path() / "store");
}
// The format this release writes, as meta/format_version holds it.
const std::string kCurrent = std::to_string(kStoreFormatVersion);

std::unique_ptr<StoreReader> open_reader(const fs::path& dir) {
  auto r = StoreReader::open(dir);
  if (!r) ADD_FAILURE() << r.error().message;
  return r ? std::move(*r) : nullptr;
}

// The previous release's `export --format jsonl`, by key.
std::map<std::string, boost::json::object> expected_results(const std::string& fixture) {
  std::ifstream in(test::fixture_path(fixture + "/expected.jsonl"));
  std::map<std::string, boost::json::object> out;
  std::string line;
  while (std::getline(in, line)) {
    auto o = boost::json::parse(line).as_object();
    const std::string city = o["city"].is_string() ? std::string(o["city"].as_string()) : "";
    out[key_of(std::string(o["q"].as_string()), std::string(o["hl"].as_string()), std::string(o["gl"].as_string()),
               city)] = std::move(o);
  }
  return out;
}

// The facts the previous release stored, as this release reads them: results (as its jsonl
// export shows them), progress with the list's attributes, runs and the one older version.
// Both fixtures were written by the same jobs (format4/make-fixture.sh, format5/make-fixture.sh).
void expect_the_fixtures_facts(StoreReader& r, const std::string& fixture = "format4") {
  const auto expected = expected_results(fixture);
  ASSERT_EQ(expected.size(), kResults);
  std::size_t seen = 0;
  ASSERT_TRUE(r.scan_results("", [&](const StoredResult& s) {
    ++seen;
    auto it = expected.find(s.key);
    EXPECT_NE(it, expected.end()) << s.q;
    if (it == expected.end()) return true;
    const auto& want = it->second;
    EXPECT_EQ(s.q, want.at("q").as_string());
    EXPECT_EQ(boost::json::parse(s.body).as_object()["result"], want.at("result")) << s.q;
    EXPECT_EQ(s.cached, want.at("cached").as_bool());
    EXPECT_EQ(format_utc(s.fetched_at_ms, "%Y-%m-%dT%H:%M:%S") + "." +
                  std::to_string(1000 + s.fetched_at_ms % 1000).substr(1) + "Z",
              want.at("fetched_at").as_string());
    return true;
  }));
  EXPECT_EQ(seen, kResults);

  auto jobs = r.jobs().value();
  ASSERT_EQ(jobs.size(), 3u);
  EXPECT_EQ(jobs[0].job, "facts");
  EXPECT_EQ(jobs[0].done, 17u);
  EXPECT_EQ(jobs[0].searches_spent, 17u);
  EXPECT_EQ(jobs[1].job, "facts-gb");
  EXPECT_EQ(jobs[1].done, 3u);
  EXPECT_EQ(jobs[2].job, "refresh");
  EXPECT_EQ(jobs[2].done, 1u);
  // A seed's attributes, as the keyword list gave them (progress values 02), read under one name
  // per attribute: the store kept Ahrefs' "KD", a reader sees "kd".
  auto espresso = r.progress("facts", key_of("espresso machine")).value();
  ASSERT_TRUE(espresso);
  EXPECT_EQ(espresso->attrs.volume, 12000u);
  EXPECT_EQ(espresso->attrs.fields,
            (std::vector<std::pair<std::string, std::string>>{{"volume", "12000"}, {"kd", "41"}}));
  EXPECT_EQ(r.expansion_state("facts").value().built, 1u);

  auto runs = r.runs().value();
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_EQ(runs[2].job, "refresh");
  EXPECT_EQ(runs[2].changes.changed, 1u);
  auto versions = r.versions(key_of("cold brew")).value();
  ASSERT_EQ(versions.size(), 2u);
  EXPECT_NE(boost::json::parse(versions[0].body).as_object()["result"],
            boost::json::parse(versions[1].body).as_object()["result"]);
  EXPECT_EQ(r.versions(key_of("cold brew", "en", "gb")).value().size(), 1u);
}

// store_read_probe's verdict on the store at `dir`, read in a process of its own as this release
// does (`how` ""), after catching up with the writer as the previous release did when it opened a
// store ("catch-up"), or with the previous release's families ("previous"); "crashed (signal N)"
// when it crashed.
std::string read_in_a_process(const fs::path& dir, const fs::path& scratch, const std::string& how = "") {
  std::vector<std::string> argv{STORE_READ_PROBE, dir.string()};
  if (!how.empty()) argv.push_back(how);
  test::Process probe(argv, {}, scratch);
  auto r = probe.wait();
  if (r.exit_code > 128) return "crashed (signal " + std::to_string(r.exit_code - 128) + ")";
  return r.out + r.err;
}

// The files of a folder and their sizes.
std::map<std::string, std::uintmax_t> listing(const fs::path& dir) {
  std::map<std::string, std::uintmax_t> out;
  for (const auto& e : fs::directory_iterator(dir)) out[e.path().filename().string()] = e.file_size();
  return out;
}

std::set<std::string> question_index_files(const fs::path& dir) {
  std::set<std::string> out;
  test::RawOpen how;
  how.read_only = true;
  test::with_raw_store(dir, how, [&](rocksdb::DB& db, const std::string& family, rocksdb::ColumnFamilyHandle* cf) {
    if (family != kQuestionsFamily) return;
    rocksdb::ColumnFamilyMetaData meta;
    db.GetColumnFamilyMetaData(cf, &meta);
    for (const auto& level : meta.levels) {
      for (const auto& file : level.files) out.insert(fs::path(file.name).filename().string());
    }
  });
  return out;
}

std::uintmax_t table_bytes(const fs::path& dir) {
  std::uintmax_t n = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".sst") n += e.file_size();
  }
  return n;
}

// Every block of every table checks out, as RocksDB reads the MANIFEST now.
void expect_intact(const fs::path& dir) {
  test::RawOpen how;
  how.read_only = true;
  bool checked = false;
  test::with_raw_store(dir, how, [&](rocksdb::DB& db, const std::string& family, rocksdb::ColumnFamilyHandle*) {
    if (family != "meta") return;
    const auto s = db.VerifyChecksum();
    EXPECT_TRUE(s.ok()) << s.ToString();
    checked = true;
  });
  EXPECT_TRUE(checked);
}

// --- upgrade: a store of format 4 ------------------------------------------------------------

TEST(Format4Store, IsReadAsItIsIndexIncludedAndTheReaderChangesNothing) {
  TempDir tmp;
  const auto dir = copy_store(tmp);
  ASSERT_EQ(test::raw_format_version(dir), "4");
  const auto before = listing(dir);
  auto r = open_reader(dir);
  ASSERT_TRUE(r);
  expect_the_fixtures_facts(*r);

  // The index, until a writer drops it (removed with the analysis pass, #30): as the previous
  // release's questions export counted it, first seen included.
  EXPECT_TRUE(r->has_question_index());
  const auto rows = test::parse_csv(test::read_file(test::fixture_path("format4/expected-questions.csv")));
  ASSERT_GT(rows.size(), 200u);
  ASSERT_EQ(rows[0][0], "question");
  ASSERT_EQ(rows[0][4], "count");
  ASSERT_EQ(rows[0][5], "first_q");
  std::map<std::string, std::pair<std::uint64_t, std::string>> want;  // question -> count, first key
  for (std::size_t i = 1; i < rows.size(); ++i) {
    want[rows[i][0]] = {std::stoull(rows[i][4]), key_of(rows[i][5], rows[i][6], rows[i][7], rows[i][8])};
  }
  std::map<std::string, std::pair<std::uint64_t, std::string>> got;
  ASSERT_TRUE(r->scan_questions([&](const QuestionEntry& q) {
    got[q.question] = {q.count, q.first_key};
    return true;
  }));
  EXPECT_EQ(got, want);
  EXPECT_EQ(std::count_if(got.begin(), got.end(), [](const auto& kv) { return kv.second.first == 2; }), 9)
      << "the questions en-us and en-gb answers share";
  r.reset();
  EXPECT_EQ(listing(dir), before) << "a reader writes nothing into the store";
  EXPECT_EQ(test::raw_format_version(dir), "4");
}

TEST(Format4Store, TheFirstWriterDropsTheIndexAndKeepsEveryFact) {
  TempDir tmp;
  const auto dir = copy_store(tmp);
  const auto index_files = question_index_files(dir);
  ASSERT_FALSE(index_files.empty());
  const auto bytes_before = table_bytes(dir);
  {
    auto w = StoreWriter::open(dir);
    ASSERT_TRUE(w) << w.error().message;
  }
  EXPECT_EQ(test::raw_read_format_version(dir), kCurrent);
  EXPECT_TRUE(test::raw_has_family(dir, kQuestionsFamily)) << "the placeholder the previous release opens";
  EXPECT_EQ(test::raw_family_keys(dir, kQuestionsFamily), 0u);
  EXPECT_EQ(test::raw_family_files(dir, kQuestionsFamily), 0u);
  for (const auto& file : index_files) EXPECT_FALSE(fs::exists(dir / file)) << file << ": the index's space is given back";
  EXPECT_LT(table_bytes(dir), bytes_before);
  expect_intact(dir);
  {
    auto r = open_reader(dir);
    ASSERT_TRUE(r);
    expect_the_fixtures_facts(*r);
    EXPECT_FALSE(r->has_question_index());
    bool visited = false;
    EXPECT_TRUE(r->scan_questions([&](const QuestionEntry&) { return visited = true; }));
    EXPECT_FALSE(visited);
  }
  // A harvest goes on writing facts only.
  {
    auto w = StoreWriter::open(dir);
    ASSERT_TRUE(w);
    auto changed = test::make_put("facts", "moka pot", test::TreeSpec{{"Another answer?"}, {}});
    ASSERT_TRUE(test::submit_and_wait(**w, std::move(changed)));
    EXPECT_EQ((*w)->run_changes().changed, 1u);
  }
  EXPECT_EQ(test::raw_family_keys(dir, kQuestionsFamily), 0u);
  auto r = open_reader(dir);
  EXPECT_EQ(r->versions(key_of("moka pot")).value().size(), 2u);
  EXPECT_EQ(r->versions(key_of("cold brew")).value().size(), 2u);
}

// Readers, of this release and of the previous one, each in a process of its own as `paa status`
// is, open the store as the upgrading writer left it. (RocksDB 7.8's secondary instances crash
// catching up with a MANIFEST that holds a family's drop: the writer opens the store again once
// it upgraded it, which starts a new MANIFEST. In the test's own process the crash did not show.)
TEST(Format4Store, ReadersOpenItAsTheUpgradingWriterLeftIt) {
  TempDir tmp;
  const auto dir = copy_store(tmp);
  {
    auto w = StoreWriter::open(dir);
    ASSERT_TRUE(w) << w.error().message;
  }
  EXPECT_EQ(read_in_a_process(dir, tmp.path()), "results 20, index 0\n");
  EXPECT_EQ(read_in_a_process(dir, tmp.path(), "catch-up"), "results 20, index 0\n");
  EXPECT_EQ(read_in_a_process(dir, tmp.path(), "previous"), kCurrent + "\n")
      << "the previous release reads the current format and refuses it";
}

// An upgrade cut short between its steps (each one MANIFEST record), as a writer killed there
// leaves it: the index dropped and the family not created yet, or created again and the version
// not recorded yet, the MANIFEST holding the drop. Readers read the facts (no index; each in a
// process of its own, as RocksDB 7.8's crash on such a MANIFEST would show there); the next
// writer completes the upgrade.
TEST(Format4Store, AnUpgradeCutShortBetweenItsStepsIsReadAndCompletedByTheNextWriter) {
  for (bool created : {false, true}) {
    SCOPED_TRACE(created ? "created again, version not recorded" : "dropped, not created");
    TempDir tmp;
    const auto dir = copy_store(tmp);
    test::raw_drop_family(dir, kQuestionsFamily, created);
    ASSERT_EQ(test::raw_has_family(dir, kQuestionsFamily), created);
    ASSERT_EQ(test::raw_read_format_version(dir), "4");
    EXPECT_EQ(read_in_a_process(dir, tmp.path()), "results 20, index 0\n");
    {
      auto r = open_reader(dir);
      ASSERT_TRUE(r);
      expect_the_fixtures_facts(*r);
      bool visited = false;
      EXPECT_TRUE(r->scan_questions([&](const QuestionEntry&) { return visited = true; }));
      EXPECT_FALSE(visited);
    }
    EXPECT_EQ(test::raw_has_family(dir, kQuestionsFamily), created) << "a reader creates nothing";
    {
      auto w = StoreWriter::open(dir);
      ASSERT_TRUE(w) << w.error().message;
    }
    EXPECT_EQ(read_in_a_process(dir, tmp.path()), "results 20, index 0\n");
    EXPECT_EQ(read_in_a_process(dir, tmp.path(), "catch-up"), "results 20, index 0\n");
    EXPECT_EQ(read_in_a_process(dir, tmp.path(), "previous"), kCurrent + "\n");
    EXPECT_EQ(test::raw_format_version(dir), kCurrent);
    EXPECT_TRUE(test::raw_has_family(dir, kQuestionsFamily));
    EXPECT_EQ(test::raw_family_keys(dir, kQuestionsFamily), 0u);
    expect_intact(dir);
    auto r = open_reader(dir);
    ASSERT_TRUE(r);
    expect_the_fixtures_facts(*r);
  }
}

// --- upgrade: a store of format 5 -------------------------------------------------------------

TEST(Format5Store, IsReadAsItIsAndTheFirstWriterRecordsTheCurrentFormat) {
  TempDir tmp;
  const auto dir = copy_store(tmp, "format5");
  EXPECT_EQ(test::raw_format_version(dir), "5");
  {
    auto r = open_reader(dir);
    ASSERT_TRUE(r);
    expect_the_fixtures_facts(*r, "format5");
    std::size_t digests = 0;
    ASSERT_TRUE(r->scan_results("", [&](const StoredResult& s) { return digests += s.tree_digest ? 1 : 0, true; }));
    EXPECT_EQ(digests, 0u) << "format 5 wrote none";
  }
  EXPECT_EQ(test::raw_format_version(dir), "5") << "a reader changes nothing";
  {
    auto w = StoreWriter::open(dir);
    ASSERT_TRUE(w) << w.error().message;
  }
  EXPECT_EQ(test::raw_read_format_version(dir), kCurrent);
  expect_intact(dir);
  auto r = open_reader(dir);
  ASSERT_TRUE(r);
  expect_the_fixtures_facts(*r, "format5");
}

TEST(Format5Store, ARefreshComparesAnOldRecordByItsTreeAndTheNextByItsDigest) {
  TempDir tmp;
  const auto dir = copy_store(tmp, "format5");
  StoredResult old;
  {
    auto r = open_reader(dir);
    ASSERT_TRUE(r);
    old = **r->get(key_of("moka pot"));
  }
  ASSERT_FALSE(old.tree_digest);
  auto w = StoreWriter::open(dir);
  ASSERT_TRUE(w) << w.error().message;
  // The same answer again (other quota figures): unchanged, compared by the trees.
  auto again = [&](std::int64_t later) {
    WriteRequest put = test::make_put("facts", "moka pot", test::TreeSpec{});
    auto& p = std::get<PutResult>(put.item);
    p.result.body = old.body;
    p.envelope = parse_envelope(old.body).value();
    p.result.fetched_at_ms = old.fetched_at_ms + later;
    return put;
  };
  ASSERT_TRUE(test::submit_and_wait(**w, again(1'000)));
  EXPECT_EQ((*w)->run_changes().unchanged, 1u);
  auto rewritten = (*w)->result(key_of("moka pot")).value();
  ASSERT_TRUE(rewritten && rewritten->tree_digest) << "written with its digest";
  EXPECT_EQ(*rewritten->tree_digest, tree_digest(parse_envelope(old.body).value().result));
  ASSERT_TRUE(test::submit_and_wait(**w, again(2'000)));
  EXPECT_EQ((*w)->run_changes().unchanged, 2u) << "by the digests now";
  ASSERT_TRUE(test::submit_and_wait(**w, test::make_put("facts", "moka pot", test::TreeSpec{{"Changed?"}, {}})));
  EXPECT_EQ((*w)->run_changes().changed, 1u);
  (*w)->close();
  auto r = open_reader(dir);
  EXPECT_EQ(r->versions(key_of("moka pot")).value().size(), 2u) << "one stretch, then the change";
}

// --- downgrade: a store of the current format, opened as the earlier releases open stores ---------

// The releases of formats 4 and 5 open a store alike (the same families, then the format check):
// each reads the current format's number and refuses the store with "upgrade paa".
TEST(CurrentFormatStore, OpensAsTheEarlierReleasesOpenedStoresAndShowsItsFormat) {
  TempDir tmp;
  const auto dir = tmp.path() / "new.db";
  {
    auto w = StoreWriter::open(dir);
    ASSERT_TRUE(w) << w.error().message;
    ASSERT_TRUE(test::submit_and_wait(**w, test::make_put("job", "coffee", test::TreeSpec{{"Why?"}, {}})));
    auto changed = test::make_put("job", "coffee", test::TreeSpec{{"How?"}, {}});
    std::get<PutResult>(changed.item).result.fetched_at_ms += 1'000;
    ASSERT_TRUE(test::submit_and_wait(**w, std::move(changed)));
  }
  std::vector<std::string> names;
  ASSERT_TRUE(rocksdb::DB::ListColumnFamilies(rocksdb::DBOptions(), dir.string(), &names).ok());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"default", "expansion", "history", "meta", "progress", "questions",
                                             "results"}));
  EXPECT_EQ(test::open_as_the_previous_release(dir, false), kCurrent) << "its readers: paa status, get, export";
  EXPECT_EQ(read_in_a_process(dir, tmp.path(), "previous"), kCurrent + "\n");
  EXPECT_EQ(test::open_as_the_previous_release(dir, true), kCurrent) << "its writer: paa run, prune";
  // What its writer's open left (an OPTIONS file with its options) changes nothing for this one.
  auto r = open_reader(dir);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->versions(key_of("coffee")).value().size(), 2u);
  auto w = StoreWriter::open(dir);
  EXPECT_TRUE(w) << w.error().message;
}

}  // namespace
}  // namespace paa
