// Failed keys made visible (docs/store.md "paa status --failed", docs/exports.md "failures"): a run
// against the emulator where two planted queries always get 500 leaves exactly those keys
// failed; `paa status --failed` lists them with their attempts, last status and message, and the
// job's keys not tried yet as pending; `paa export --format failures` / `failures-jsonl` hold
// the failed ones, read back by DuckDB and jq; a rerun without the fault empties the list.
#include "harness.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <set>

namespace paa::e2e {
namespace {

namespace json = boost::json;

std::string query(int i) { return "query number " + std::to_string(i) + " about coffee & crème"; }

std::string str(const json::value& v) { return std::string(v.as_string()); }
// A number as DuckDB's answer carries it (BIGINT comes back as a string), as text.
std::string number_text(const json::value& v) { return v.is_string() ? str(v) : json::serialize(v); }

TEST(FailuresE2E, StatusAndExportListExactlyTheFailedAndPendingKeys) {
  TempDir dir;
  const int retries = 2;
  auto job = write_job(dir.path(), "failing", 6, "concurrency = 2\nrate = 0");
  const fs::path store = dir / "failing.db";
  {
    Emulator emu(dir.path(), {"--seed", "4", "--fail-query", query(3), "--fail-query", query(1)});
    auto r = run_paa(run_args(job, emu, {"--retries", std::to_string(retries), "--backoff-base-ms", "1",
                                         "--backoff-cap-ms", "5"}),
                     dir.path());
    ASSERT_EQ(r.exit_code, 5) << "finished, some keys failed: " << r.err;
  }
  // Two keys the job gains after the run: pending.
  std::ofstream(dir / "failing.txt", std::ios::app) << "Zebra  Latte\nespresso martini\n";

  // --json: one object per key, in key order (the normalised query here: one locale).
  auto listed = run_paa({"status", job.string(), "--failed", "--json"}, dir.path());
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  const auto rows = parse_jsonl(listed.out);
  ASSERT_EQ(rows.size(), 4u) << listed.out;
  const std::vector<std::pair<std::string, std::string>> expected{
      {"pending", "espresso martini"}, {"failed", query(1)}, {"failed", query(3)}, {"pending", "Zebra Latte"}};
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& row = rows[i];
    SCOPED_TRACE(json::serialize(row));
    EXPECT_EQ(str(row.at("job")), "failing");
    EXPECT_EQ(str(row.at("state")), expected[i].first);
    EXPECT_EQ(str(row.at("q")), expected[i].second) << "spelled as the job file spells it";
    EXPECT_EQ(str(row.at("hl")), "en");
    EXPECT_EQ(str(row.at("gl")), "us");
    EXPECT_TRUE(row.at("city").is_null());
    if (expected[i].first == "failed") {
      EXPECT_EQ(row.at("attempts").as_int64(), retries + 1);
      EXPECT_EQ(row.at("last_status").as_int64(), 500);
      EXPECT_NE(str(row.at("message")).find("Internal server error"), std::string::npos);
      EXPECT_TRUE(row.at("last_attempt_at").is_string());
    } else {
      EXPECT_EQ(row.at("attempts").as_int64(), 0);
      EXPECT_TRUE(row.at("last_status").is_null());
      EXPECT_TRUE(row.at("message").is_null());
      EXPECT_TRUE(row.at("last_attempt_at").is_null());
    }
  }
  // Where the job file lists each key: line 1 is write_job's comment, query i is on line i + 2.
  EXPECT_TRUE(str(rows[1].at("origin")).ends_with("failing.txt:3")) << rows[1].at("origin");
  EXPECT_TRUE(str(rows[2].at("origin")).ends_with("failing.txt:5")) << rows[2].at("origin");
  EXPECT_TRUE(str(rows[0].at("origin")).ends_with("failing.txt:9")) << rows[0].at("origin");
  EXPECT_TRUE(str(rows[3].at("origin")).ends_with("failing.txt:8")) << rows[3].at("origin");

  // jq reads the same lines.
  std::ofstream(dir / "status.jsonl") << listed.out;
  test::Process jq({"/usr/bin/jq", "-r", "select(.state == \"failed\") | \"\\(.q)|\\(.attempts)|\\(.last_status)\"",
                    (dir / "status.jsonl").string()},
                   {}, dir.path());
  const auto jq_out = jq.wait();
  ASSERT_EQ(jq_out.exit_code, 0) << jq_out.err;
  EXPECT_EQ(jq_out.out, query(1) + "|3|500\n" + query(3) + "|3|500\n");

  // Text: the same keys for a person, and what to do next.
  auto text = run_paa({"status", job.string(), "--failed"}, dir.path());
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("  failed   hl=en gl=us q=\"" + query(1) + "\": 3 attempts, last 500 at "),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("  pending  hl=en gl=us q=\"espresso martini\" ["), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("  2 failed, 2 pending\n"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("retries the failed keys and fetches the pending ones"), std::string::npos) << text.out;
  // Without the job file: the store's failed keys only (pending ones need the job's keys).
  auto store_only = run_paa({"status", "--store", store.string(), "--failed", "--json"}, dir.path());
  ASSERT_EQ(store_only.exit_code, 0) << store_only.err;
  const auto failed_only = parse_jsonl(store_only.out);
  ASSERT_EQ(failed_only.size(), 2u) << store_only.out;
  EXPECT_EQ(str(failed_only[0].at("q")), query(1));
  EXPECT_TRUE(failed_only[0].at("origin").is_null());

  // The exports: exactly the failed keys, in CSV and JSON Lines, as DuckDB reads them.
  for (const auto& [format, file] : {std::pair<std::string, std::string>{"failures", "failed.csv"},
                                     {"failures-jsonl", "failed.jsonl"}}) {
    auto exported = run_paa({"export", "--store", store.string(), "--format", format, "-o", file}, dir.path());
    ASSERT_EQ(exported.exit_code, 0) << exported.err;
    EXPECT_NE(exported.err.find("paa: wrote 2 "), std::string::npos) << exported.err;
  }
  const std::string columns = "SELECT job, state, q, hl, gl, city, attempts, last_status, message FROM ";
  const auto from_csv = duckdb(columns + "read_csv('failed.csv', header = true, all_varchar = true) ORDER BY q",
                               dir.path());
  const auto from_jsonl = duckdb(columns + "read_json_auto('failed.jsonl') ORDER BY q", dir.path());
  ASSERT_EQ(from_csv.size(), 2u) << json::serialize(from_csv);
  ASSERT_EQ(from_jsonl.size(), 2u) << json::serialize(from_jsonl);
  for (std::size_t i = 0; i < 2; ++i) {
    SCOPED_TRACE(json::serialize(from_csv[i]) + "\n" + json::serialize(from_jsonl[i]));
    const auto& c = from_csv[i].as_object();
    const auto& j = from_jsonl[i].as_object();
    EXPECT_EQ(str(c.at("job")), "failing");
    EXPECT_EQ(str(c.at("state")), "failed");
    EXPECT_EQ(str(c.at("q")), query(i == 0 ? 1 : 3)) << "the normalised key (write_job's queries are lower case)";
    EXPECT_EQ(str(c.at("hl")), "en");
    EXPECT_TRUE(c.at("city").is_null()) << "empty field";
    EXPECT_EQ(str(c.at("attempts")), "3");
    EXPECT_EQ(str(c.at("last_status")), "500");
    EXPECT_NE(str(c.at("message")).find("Internal server error"), std::string::npos);
    for (const char* column : {"job", "state", "q", "hl", "gl", "message"}) EXPECT_EQ(c.at(column), j.at(column));
    EXPECT_TRUE(j.at("city").is_null());
    EXPECT_EQ(number_text(j.at("attempts")), "3");
    EXPECT_EQ(number_text(j.at("last_status")), "500");
  }

  // Fixed: a rerun against a service without the fault retries the failed keys, fetches the
  // pending ones, and the list is empty.
  {
    Emulator emu(dir.path(), {"--seed", "4"});
    auto r = run_paa(run_args(job, emu), dir.path());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto log = emu.log();
    std::set<std::string> asked;
    for (const auto& l : log) asked.insert(str(l.at("q")));
    EXPECT_EQ(asked, (std::set<std::string>{query(1), query(3), "Zebra Latte", "espresso martini"}))
        << "only the failed and pending keys are asked again";
  }
  auto after = run_paa({"status", job.string(), "--failed", "--json"}, dir.path());
  ASSERT_EQ(after.exit_code, 0) << after.err;
  EXPECT_EQ(after.out, "");
  auto csv_after = run_paa({"export", "--store", store.string(), "--format", "failures"}, dir.path());
  ASSERT_EQ(csv_after.exit_code, 0) << csv_after.err;
  EXPECT_EQ(csv_after.out, "job,state,q,hl,gl,city,attempts,last_status,message,last_attempt_at\n");
}

TEST(FailuresE2E, AJobThatNeverRanHasEveryKeyPendingAndNothingIsCreated) {
  TempDir dir;
  fs::create_directory(dir / "jobs");  // the child processes' captures go to dir
  auto job = write_job(dir / "jobs", "never", 3, "concurrency = 1");
  const auto before = file_listing(dir / "jobs");
  auto r = run_paa({"status", job.string(), "--failed", "--json"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rows = parse_jsonl(r.out);
  ASSERT_EQ(rows.size(), 3u) << r.out;
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(str(rows[static_cast<std::size_t>(i)].at("state")), "pending");
    EXPECT_EQ(str(rows[static_cast<std::size_t>(i)].at("q")), query(i));
  }
  EXPECT_EQ(file_listing(dir / "jobs"), before) << "status creates nothing";
  // Without a job file and without a store: usage, exit 2.
  auto no_store = run_paa({"status", "--store", (dir / "nothing.db").string(), "--failed"}, dir.path());
  EXPECT_EQ(no_store.exit_code, 2) << no_store.err;
  // The export refuses what does not apply to failed keys.
  auto dedupe = run_paa({"export", "--store", (dir / "nothing.db").string(), "--format", "failures", "--dedupe"},
                        dir.path());
  EXPECT_EQ(dedupe.exit_code, 2);
  EXPECT_NE(dedupe.err.find("--dedupe"), std::string::npos) << dedupe.err;
}

}  // namespace
}  // namespace paa::e2e
