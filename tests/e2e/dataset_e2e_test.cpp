// One dataset from a harvest: the partitioned export read by DuckDB, and shards run by GNU
// parallel (docs/scaling-out.md).
#include "harness.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <set>

namespace paa::e2e {
namespace {

std::string sha256_of(const fs::path& file, const fs::path& cwd) {
  Process p({"/usr/bin/sha256sum", file.string()}, {}, cwd);
  auto r = p.wait();
  return r.out.substr(0, r.out.find(' '));
}

class DatasetE2E : public ::testing::Test {
 protected:
  // A job of `queries` queries in two locales, harvested into `name`.db.
  fs::path harvest(const std::string& name, int queries) {
    Emulator emu(dir.path(), {"--seed", "8"});
    auto job = write_job(dir.path(), name, queries, "concurrency = 8\nrate = 0");
    set_locales(job, R"(locales = [ { hl = "en", gl = "us" }, { hl = "de", gl = "de" } ])");
    auto r = run_paa(run_args(job, emu), dir.path());
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return dir / (name + ".db");
  }
  TempDir dir;
};

TEST_F(DatasetE2E, PartitionedExportIsOneTableForDuckDbWithAManifestOfEveryPart) {
  const fs::path store = harvest("data", 120);
  for (const char* format : {"jsonl", "csv"}) {
    auto r = run_paa({"export", "--store", store.string(), "--format", format, "--partition-by", "hl,gl",
                      "--part-size", "40KB", "-o", (dir / (std::string("ds-") + format)).string()},
                     dir.path());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("parts to"), std::string::npos) << r.err;
  }
  ASSERT_EQ(run_paa({"export", "--store", store.string(), "--format", "csv", "-o", "all.csv"}, dir.path()).exit_code, 0);
  ASSERT_EQ(run_paa({"export", "--store", store.string(), "--format", "jsonl", "-o", "all.jsonl"}, dir.path()).exit_code, 0);

  // The manifest lists every part with its rows, bytes and SHA-256.
  const auto manifest = boost::json::parse(read_file(dir / "ds-jsonl" / "_SUCCESS")).as_object();
  std::uint64_t rows = 0;
  std::set<std::string> listed;
  for (const auto& f : manifest.at("files").as_array()) {
    const auto& file = f.as_object();
    const fs::path part = dir / "ds-jsonl" / std::string(file.at("path").as_string());
    listed.insert(std::string(file.at("path").as_string()));
    ASSERT_TRUE(fs::exists(part)) << part;
    EXPECT_EQ(fs::file_size(part), file.at("bytes").to_number<std::uint64_t>());
    EXPECT_EQ(sha256_of(part, dir.path()), std::string(file.at("sha256").as_string()));
    rows += file.at("rows").to_number<std::uint64_t>();
  }
  EXPECT_EQ(rows, 240u);
  EXPECT_EQ(manifest.at("rows").to_number<std::uint64_t>(), 240u);
  EXPECT_TRUE(listed.count("hl=en/gl=us/part-00000.jsonl"));
  EXPECT_TRUE(listed.count("hl=en/gl=us/part-00001.jsonl")) << "40KB parts: more than one per locale";
  EXPECT_TRUE(listed.count("hl=de/gl=de/part-00000.jsonl"));

  // DuckDB reads both layouts as they are, and counts what the single-file exports hold.
  const std::string by_locale = " GROUP BY ALL ORDER BY ALL";
  const auto partitioned_jsonl = duckdb(
      "SELECT hl, gl, count(*) AS n FROM read_json_auto('ds-jsonl/**/*.jsonl', hive_partitioning = true)" + by_locale,
      dir.path());
  const auto single_jsonl = duckdb("SELECT hl, gl, count(*) AS n FROM read_json_auto('all.jsonl')" + by_locale, dir.path());
  const auto partitioned_csv = duckdb(
      "SELECT hl, gl, count(*) AS n FROM read_csv_auto('ds-csv/**/*.csv', hive_partitioning = true)" + by_locale,
      dir.path());
  const auto single_csv = duckdb("SELECT hl, gl, count(*) AS n FROM read_csv_auto('all.csv')" + by_locale, dir.path());
  ASSERT_EQ(partitioned_jsonl.size(), 2u) << boost::json::serialize(partitioned_jsonl);
  EXPECT_EQ(partitioned_jsonl, single_jsonl);
  EXPECT_EQ(partitioned_csv, single_csv);
  EXPECT_EQ(boost::json::serialize(partitioned_jsonl[1]), R"({"hl":"en","gl":"us","n":"120"})");

  // An existing folder is kept unless --force; replaced whole with it; no temporary left.
  const std::vector<std::string> again{"export", "--store", store.string(), "--format", "jsonl",
                                       "--partition-by", "hl", "-o", "ds-jsonl"};
  auto refused = run_paa(again, dir.path());
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("exists; use --force"), std::string::npos) << refused.err;
  auto forced = again;
  forced.push_back("--force");
  ASSERT_EQ(run_paa(forced, dir.path()).exit_code, 0);
  EXPECT_TRUE(fs::exists(dir / "ds-jsonl" / "hl=en" / "part-00000.jsonl"));
  EXPECT_FALSE(fs::exists(dir / "ds-jsonl" / "hl=en" / "gl=us")) << "the old layout is gone";
  for (const auto& entry : fs::directory_iterator(dir.path())) {
    EXPECT_EQ(entry.path().filename().string().find(".paa-tmp-"), std::string::npos) << entry.path();
  }
  // --force never replaces what is not an earlier export: here, the store itself.
  const auto store_files = file_listing(store);
  auto over_store = run_paa({"export", "--store", store.string(), "--format", "jsonl", "--partition-by", "hl",
                             "-o", store.string(), "--force"},
                            dir.path());
  EXPECT_EQ(over_store.exit_code, 2);
  EXPECT_NE(over_store.err.find("is not a partitioned export"), std::string::npos) << over_store.err;
  EXPECT_EQ(file_listing(store), store_files) << "the store is untouched";

  auto not_csv = run_paa({"export", "--store", store.string(), "--format", "questions", "--partition-by", "hl",
                          "-o", "q"},
                         dir.path());
  EXPECT_EQ(not_csv.exit_code, 2);
  EXPECT_NE(not_csv.err.find("--partition-by writes jsonl or csv"), std::string::npos) << not_csv.err;
}

TEST_F(DatasetE2E, GnuParallelRunsFourShardsThatExportAsOne) {
  Emulator emu(dir.path(), {"--seed", "3"});
  auto job = write_job(dir.path(), "par", 80, "concurrency = 2\nrate = 0");
  // The README's line: parallel paa run JOB --shard {}/4 ::: 0 1 2 3
  std::vector<std::string> argv{"/usr/bin/parallel", "--will-cite", "--halt", "now,fail=1", PAA_BIN};
  for (auto& a : run_args(job, emu, {"--shard", "{}/4"})) argv.push_back(a);
  for (const char* i : {":::", "0", "1", "2", "3"}) argv.push_back(i);
  Process parallel(argv, {{"PAA_API_KEY", kApiKey}}, dir.path());
  auto done = parallel.wait();
  ASSERT_EQ(done.exit_code, 0) << done.err;
  std::vector<std::string> args{"export", "--format", "jsonl"};
  for (int i = 0; i < 4; ++i) {
    const fs::path store = dir / ("par-shard-" + std::to_string(i) + "-of-4.db");
    ASSERT_TRUE(fs::exists(store)) << store;
    args.push_back("--store");
    args.push_back(store.string());
  }
  auto all = run_paa(args, dir.path());
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_EQ(std::count(all.out.begin(), all.out.end(), '\n'), 80);
  EXPECT_EQ(emu.requests(), 80u) << "each key asked once, by one shard";
}

}  // namespace
}  // namespace paa::e2e
