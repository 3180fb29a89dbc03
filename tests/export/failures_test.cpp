// Failed and pending keys (failures/failure_list.hpp): the merge of a job's keys with its
// progress, in key order, and the two outputs' rows.
#include "paa/export/export_plan.hpp"
#include "paa/export/exporter.hpp"
#include "paa/export/failures/failure_list.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace paa::exporting {
namespace {

using test::FakeStoreReader;
using test::render;

Query query(const std::string& q, const std::string& hl, const std::string& gl, const std::string& city = {}) {
  auto made = make_query(q, hl, gl, city);
  EXPECT_TRUE(made) << q;
  return *made;
}

std::string key_of(const std::string& q, const std::string& hl, const std::string& gl, const std::string& city = {}) {
  return encode_key(query(q, hl, gl, city).key);
}

ProgressEntry failed(std::uint32_t attempts, int status, std::string message, std::int64_t at_ms = 1795218854123) {
  ProgressEntry e;
  e.state = ProgressState::failed;
  e.attempts = attempts;
  e.last_status = status;
  e.error = std::move(message);
  e.updated_at_ms = at_ms;
  return e;
}

// A row as one comparable line: state q|hl|gl|city attempts status message origin.
std::string line(const FailureRow& r) {
  return std::string(key_state_name(r.state)) + " " + std::string(r.q) + "|" + std::string(r.hl) + "|" +
         std::string(r.gl) + "|" + std::string(r.city) + " " + std::to_string(r.attempts) + " " +
         std::to_string(r.last_status) + " " + std::string(r.message) + " @" + std::string(r.origin);
}

std::vector<std::string> list(StoreReader* store, const std::string& job, const JobKeys* keys,
                              const LocaleFilter& filter = {}, FailureCounts* counts = nullptr) {
  std::vector<std::string> out;
  auto listed = list_failures(store, job, keys, filter, [&](const FailureRow& r) {
    EXPECT_EQ(r.job, job);
    out.push_back(line(r));
    return true;
  });
  EXPECT_TRUE(listed) << listed.error().message;
  if (listed && counts) *counts = *listed;
  return out;
}

std::unique_ptr<JobKeys> job_keys(const std::vector<std::pair<Query, std::string>>& items) {
  auto keys = JobKeys::create();
  EXPECT_TRUE(keys) << keys.error().message;
  for (const auto& [q, origin] : items) (*keys)->add(q, origin);
  EXPECT_TRUE((*keys)->seal());
  return std::move(*keys);
}

TEST(FailureList, FailedAndPendingKeysOfTheJobInKeyOrderDoneKeysLeftOut) {
  FakeStoreReader store;
  store.add_progress("coffee", key_of("Latte", "en", "us"), ProgressEntry{});  // done
  store.add_progress("coffee", key_of("Mocha", "en", "us"), failed(6, 500, "500 Internal server error"));
  // Failed, but not (or no longer) in the job file: listed in its normalised form, no origin.
  store.add_progress("coffee", key_of("Old  Query", "de", "de", "Berlin"), failed(1, 0, "connection reset"));
  store.add_progress("tea", key_of("Green", "en", "us"), failed(2, 404, "other job"));
  auto keys = job_keys({
      {query("Latte", "en", "us"), "coffee.txt:1"},
      {query("Espresso", "en", "gb", "London"), "coffee.txt:2"},
      {query("Mocha", "en", "us"), "coffee.txt:3"},
      {query("MOCHA", "en", "us"), "coffee.txt:9"},  // the same key again: the first mention wins
      {query("Zebra", "en", "us"), "coffee.txt:4"},
      {query("Americano", "de", "de"), "coffee.txt:5"},
  });
  EXPECT_EQ(keys->size(), 5u);
  FailureCounts counts;
  EXPECT_EQ(list(&store, "coffee", keys.get(), {}, &counts),
            (std::vector<std::string>{
                "pending Americano|de|de| 0 0  @coffee.txt:5",
                "failed old query|de|de|berlin 1 0 connection reset @",
                "pending Espresso|en|gb|London 0 0  @coffee.txt:2",
                "failed Mocha|en|us| 6 500 500 Internal server error @coffee.txt:3",
                "pending Zebra|en|us| 0 0  @coffee.txt:4",
            }));
  EXPECT_EQ(counts.failed, 2u);
  EXPECT_EQ(counts.pending, 3u);
}

TEST(FailureList, WithoutTheJobsKeysOnlyFailedKeysWithoutAStoreEveryKeyIsPending) {
  FakeStoreReader store;
  store.add_progress("coffee", key_of("b", "en", "us"), failed(3, 503, "503 busy"));
  store.add_progress("coffee", key_of("a", "en", "us"), ProgressEntry{});
  EXPECT_EQ(list(&store, "coffee", nullptr), (std::vector<std::string>{"failed b|en|us| 3 503 503 busy @"}));

  auto keys = job_keys({{query("b", "en", "us"), "x:1"}, {query("a", "en", "us"), "x:2"}});
  EXPECT_EQ(list(nullptr, "coffee", keys.get()),
            (std::vector<std::string>{"pending a|en|us| 0 0  @x:2", "pending b|en|us| 0 0  @x:1"}));
  EXPECT_TRUE(list(&store, "nothing", nullptr).empty());
}

TEST(FailureList, TheLocaleFilterSelectsAndTheVisitorStops) {
  FakeStoreReader store;
  store.add_progress("j", key_of("a", "en", "us"), failed(1, 500, "x"));
  store.add_progress("j", key_of("b", "de", "de"), failed(1, 500, "y"));
  auto keys = job_keys({{query("c", "de", "de"), "l:1"}, {query("d", "en", "gb"), "l:2"}, {query("e", "en", "us"), "l:3"}});
  EXPECT_EQ(list(&store, "j", keys.get(), LocaleFilter("en", "us")),
            (std::vector<std::string>{"failed a|en|us| 1 500 x @", "pending e|en|us| 0 0  @l:3"}));
  EXPECT_EQ(list(&store, "j", keys.get(), LocaleFilter("de", "")),
            (std::vector<std::string>{"failed b|de|de| 1 500 y @", "pending c|de|de| 0 0  @l:1"}));
  int seen = 0;
  auto listed = list_failures(&store, "j", keys.get(), {}, [&](const FailureRow&) { return ++seen < 2; });
  ASSERT_TRUE(listed);
  EXPECT_EQ(seen, 2);
}

TEST(FailureList, MessagesAreMadeValidUtf8) {
  EXPECT_EQ(valid_utf8("plain"), "plain");
  EXPECT_EQ(valid_utf8("Caf\xC3"), "Caf\xEF\xBF\xBD") << "cut mid-character";
  EXPECT_EQ(valid_utf8("a\xFF\x80\x80z \xE2\x98\x95"), "a\xEF\xBF\xBDz \xE2\x98\x95");
}

FailureRow failed_row() {
  FailureRow r;
  r.job = "coffee";
  r.state = KeyState::failed;
  r.q = "café, \"best\"";
  r.hl = "en";
  r.gl = "us";
  r.attempts = 6;
  r.last_status = 500;
  r.message = "500 {\"error\":\"x\"},\nsee \xC3";
  r.last_attempt_at_ms = 1795218854123;
  r.origin = "coffee.txt:3";
  return r;
}

FailureRow pending_row() {
  FailureRow r;
  r.job = "coffee";
  r.state = KeyState::pending;
  r.q = "mocha";
  r.hl = "en";
  r.gl = "gb";
  r.city = "London";
  return r;
}

TEST(FailureList, CsvRowsQuoteTheMessageAndLeavePendingFieldsEmpty) {
  const auto text = render([](BufferedOutput& out) {
    append_failure_csv(out, failed_row(), false);
    append_failure_csv(out, pending_row(), true);
  });
  EXPECT_EQ(text,
            "coffee,failed,\"café, \"\"best\"\"\",en,us,,6,500,\"500 {\"\"error\"\":\"\"x\"\"},\nsee \xEF\xBF\xBD\","
            "2026-11-20T23:54:14.123Z\n"
            "coffee,pending,mocha,en,gb,London,0,,,\r\n");
}

TEST(FailureList, JsonRowsHaveNullsForPendingAndTheOriginWhenAsked) {
  const auto text = render([](BufferedOutput& out) {
    append_failure_json(out, failed_row(), false);
    append_failure_json(out, pending_row(), true);
    append_failure_json(out, failed_row(), true);
  });
  EXPECT_EQ(text,
            R"({"job":"coffee","state":"failed","q":"café, \"best\"","hl":"en","gl":"us","city":null,"attempts":6,)"
            R"("last_status":500,"message":"500 {\"error\":\"x\"},\nsee )" "\xEF\xBF\xBD" R"(","last_attempt_at":"2026-11-20T23:54:14.123Z"})"
            "\n"
            R"({"job":"coffee","state":"pending","q":"mocha","hl":"en","gl":"gb","city":"London","attempts":0,)"
            R"("last_status":null,"message":null,"last_attempt_at":null,"origin":null})"
            "\n"
            R"({"job":"coffee","state":"failed","q":"café, \"best\"","hl":"en","gl":"us","city":null,"attempts":6,)"
            R"("last_status":500,"message":"500 {\"error\":\"x\"},\nsee )" "\xEF\xBF\xBD" R"(","last_attempt_at":"2026-11-20T23:54:14.123Z",)"
            R"("origin":"coffee.txt:3"})"
            "\n");
}

TEST(FailureList, TextLinesSayWhatFailedHowOftenAndWhereTheJobListsIt) {
  FailureRow no_response = failed_row();
  no_response.attempts = 1;
  no_response.last_status = 0;
  no_response.message = "timed out\tafter 60 s";
  no_response.origin = {};
  const auto text = render([&](BufferedOutput& out) {
    append_failure_text(out, failed_row());
    append_failure_text(out, pending_row());
    append_failure_text(out, no_response);
  });
  EXPECT_EQ(text,
            "failed   hl=en gl=us q=\"café, \"best\"\": 6 attempts, last 500 at 2026-11-20T23:54:14Z: "
            "500 {\"error\":\"x\"}, see \xEF\xBF\xBD [coffee.txt:3]\n"
            "pending  hl=en gl=gb city=\"London\" q=\"mocha\"\n"
            "failed   hl=en gl=us q=\"café, \"best\"\": 1 attempt, last no response at 2026-11-20T23:54:14Z: "
            "timed out after 60 s\n");
}

TEST(FailureList, ExportListsEveryJobsFailedKeysInJobThenKeyOrderOrOneJobs) {
  FakeStoreReader store;
  store.add_progress("tea", key_of("green", "en", "us"), failed(2, 404, "404 not found"));
  store.add_progress("coffee", key_of("mocha", "en", "us"), failed(6, 500, "500 x"));
  store.add_progress("coffee", key_of("latte", "en", "us"), ProgressEntry{});
  store.add_progress("coffee", key_of("americano", "de", "de"), failed(1, 0, "timeout"));
  auto exported = [&](ExportFormat format, const std::string& job, const std::string& hl = {}) {
    ExportRequest request;
    request.format.format = format;
    request.job = job;
    request.hl = hl;
    std::uint64_t records = 0;
    auto text = render([&](BufferedOutput& out) {
      auto summary = export_store(store, request, out);
      ASSERT_TRUE(summary) << summary.error().message;
      records = summary->records;
    });
    return std::make_pair(text, records);
  };
  auto [csv, rows] = exported(ExportFormat::failures, "");
  EXPECT_EQ(csv,
            "job,state,q,hl,gl,city,attempts,last_status,message,last_attempt_at\n"
            "coffee,failed,americano,de,de,,1,0,timeout,2026-11-20T23:54:14.123Z\n"
            "coffee,failed,mocha,en,us,,6,500,500 x,2026-11-20T23:54:14.123Z\n"
            "tea,failed,green,en,us,,2,404,404 not found,2026-11-20T23:54:14.123Z\n");
  EXPECT_EQ(rows, 3u);
  EXPECT_EQ(exported(ExportFormat::failures, "tea").second, 1u);
  EXPECT_EQ(exported(ExportFormat::failures, "coffee", "en").second, 1u);
  auto [jsonl, objects] = exported(ExportFormat::failures_jsonl, "coffee");
  EXPECT_EQ(objects, 2u);
  EXPECT_EQ(jsonl.find("\"origin\""), std::string::npos) << "the store alone does not know the job file";
  EXPECT_EQ(exported(ExportFormat::failures, "none").first,
            "job,state,q,hl,gl,city,attempts,last_status,message,last_attempt_at\n");
}

TEST(FailureList, PlanChecksWhatAppliesToFailures) {
  auto plan = [](const std::string& format, auto set) {
    ExportOptions o;
    o.format = format;
    set(o);
    return plan_export(o);
  };
  EXPECT_TRUE(plan("failures", [](ExportOptions& o) { o.excel = true; }));
  EXPECT_TRUE(plan("failures-jsonl", [](ExportOptions& o) { o.job = "coffee"; o.hl = "EN"; }));
  auto excel = plan("failures-jsonl", [](ExportOptions& o) { o.excel = true; });
  ASSERT_FALSE(excel);
  EXPECT_EQ(excel.error().kind(), errc::invalid_input);
  auto dedupe = plan("failures", [](ExportOptions& o) { o.dedupe = true; });
  ASSERT_FALSE(dedupe);
  EXPECT_NE(dedupe.error().message.find("--dedupe"), std::string::npos) << dedupe.error().message;
  auto parts = plan("failures", [](ExportOptions& o) { o.partition_by = "hl"; o.output = "x"; });
  ASSERT_FALSE(parts);
  EXPECT_EQ(parts.error().kind(), errc::invalid_input);
}

}  // namespace
}  // namespace paa::exporting
