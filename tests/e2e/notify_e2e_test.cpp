// [notify] end to end: the real paa against the emulator, posting its end-of-run notice to an
// HTTPS receiver in this process (tests/support). The receiver's record is the witness.
#include "harness.hpp"

#include "paa/notify/run_notice.hpp"

#include "support/https_receiver.hpp"

#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <fstream>
#include <regex>

namespace paa::e2e {
namespace {

constexpr const char* kSecret = "notify-secret-2b7e";

class NotifyE2E : public ::testing::Test {
 protected:
  TempDir dir;

  // A job of `queries` keys whose [notify] posts to `url`, signed with PAA_NOTIFY_SECRET.
  fs::path job(const std::string& name, int queries, const std::string& url) {
    auto file = write_job(dir.path(), name, queries, "concurrency = 4\nrate = 0");
    // [notify] is a table: after every top-level key and after [limits].
    std::ofstream(file, std::ios::app) << "\n[notify]\nurl = \"" << url << "\"\nsecret_env = \"PAA_NOTIFY_SECRET\"\n";
    return file;
  }

  static std::map<std::string, std::string> env() { return {{"PAA_NOTIFY_SECRET", kSecret}}; }
};

// The id the summary prints: "paa run NAME: done after 0s (run ID)".
std::string printed_run_id(const std::string& err) {
  std::smatch m;
  if (!std::regex_search(err, m, std::regex(R"(\n\npaa run \S+: .*\(run ([^)]+)\))"))) return "";
  return m[1];
}

boost::json::object body_of(const test::ReceivedRequest& r) { return boost::json::parse(r.body).as_object(); }

std::uint64_t count(const boost::json::object& o, const char* field) { return o.at(field).to_number<std::uint64_t>(); }

// A loopback port with nothing listening: bound, then closed.
int closed_port() {
  boost::asio::io_context io;
  boost::asio::ip::tcp::acceptor a(io, {boost::asio::ip::make_address("127.0.0.1"), 0});
  return a.local_endpoint().port();
}

TEST_F(NotifyE2E, EveryRunPostsOneSignedSummary) {
  Emulator emu(dir.path(), {"--searches", "1000"});
  test::HttpsReceiver receiver;
  auto file = job("signed", 12, receiver.url("/hooks/paa"));

  auto first = run_paa(run_args(file, emu), dir.path(), env());
  ASSERT_EQ(first.exit_code, 0) << first.err;
  ASSERT_EQ(receiver.requests().size(), 1u) << first.err;
  const auto req = receiver.requests()[0];
  EXPECT_EQ(req.method, "POST");
  EXPECT_EQ(req.target, "/hooks/paa");
  EXPECT_EQ(req.header("content-type"), "application/json");
  EXPECT_EQ(req.header("x-paa-signature"), sign_body(req.body, kSecret)) << "the signature verifies";
  const auto o = body_of(req);
  EXPECT_EQ(o.at("job").as_string(), "signed");
  const std::string run_id = printed_run_id(first.err);
  ASSERT_FALSE(run_id.empty()) << first.err;
  EXPECT_EQ(o.at("run_id").as_string(), run_id);
  EXPECT_EQ(o.at("outcome").as_string(), "completed");
  EXPECT_EQ(o.at("exit_code").as_int64(), 0);
  EXPECT_EQ(count(o, "stored"), 12u);
  EXPECT_EQ(count(o, "already_stored"), 0u);
  EXPECT_EQ(count(o, "failed"), 0u);
  EXPECT_EQ(count(o, "pending"), 0u);
  EXPECT_EQ(count(o, "requests"), emu.requests());
  EXPECT_EQ(count(o, "searches_spent"), 12u);
  EXPECT_EQ(count(o, "keys_new"), 12u);
  EXPECT_EQ(o.at("searches_left").to_number<std::int64_t>(), 1000 - 12);
  EXPECT_TRUE(o.at("renewal_date").is_string());
  EXPECT_NE(std::string(o.at("text").as_string()).find("paa run signed (" + run_id + "): completed, 12 stored"),
            std::string::npos)
      << o.at("text");
  EXPECT_LE(count(o, "started_at_ms"), count(o, "ended_at_ms"));

  // A rerun has nothing to fetch, and says so: one more notice, its own run id.
  auto second = run_paa(run_args(file, emu), dir.path(), env());
  ASSERT_EQ(second.exit_code, 0) << second.err;
  ASSERT_EQ(receiver.requests().size(), 2u) << second.err;
  const auto again = body_of(receiver.requests()[1]);
  EXPECT_EQ(again.at("run_id").as_string(), printed_run_id(second.err));
  EXPECT_NE(again.at("run_id").as_string(), run_id);
  EXPECT_EQ(count(again, "stored"), 0u);
  EXPECT_EQ(count(again, "already_stored"), 12u);
  EXPECT_EQ(count(again, "keys_new"), 0u);
  EXPECT_EQ(receiver.requests()[1].header("x-paa-signature"), sign_body(receiver.requests()[1].body, kSecret));
}

TEST_F(NotifyE2E, AServerErrorIsRetriedAndTheRunKeepsItsExitCode) {
  Emulator emu(dir.path(), {});
  test::HttpsReceiver receiver({500, 200});
  auto file = job("budget", 10, receiver.url());
  // A budget stop: exit 4, whatever the notice meets.
  auto r = run_paa(run_args(file, emu, {"--max-searches", "3"}), dir.path(), env());
  EXPECT_EQ(r.exit_code, 4) << r.err;
  ASSERT_EQ(receiver.requests().size(), 2u) << r.err;
  EXPECT_EQ(receiver.requests()[0].body, receiver.requests()[1].body) << "the same notice, sent again";
  const auto o = body_of(receiver.requests()[1]);
  EXPECT_EQ(o.at("outcome").as_string(), "budget");
  EXPECT_EQ(o.at("exit_code").as_int64(), 4);
  EXPECT_EQ(count(o, "stored"), 3u);
  EXPECT_EQ(count(o, "pending"), 7u);
  EXPECT_EQ(r.err.find("paa: notify:"), std::string::npos) << "delivered in the end: no failure reported";
}

TEST_F(NotifyE2E, AnUnreachableReceiverDelaysTheExitByAtMostTheBoundAndChangesNothingElse) {
  Emulator emu(dir.path(), {});
  const int port = closed_port();
  const std::string url = "https://127.0.0.1:" + std::to_string(port) + "/hook";
  // The same work with and without [notify], in separate stores.
  auto plain = write_job(dir.path(), "plain", 20, "concurrency = 4\nrate = 0");
  auto notified = job("notified", 20, url);

  auto t0 = std::chrono::steady_clock::now();
  auto base = run_paa(run_args(plain, emu), dir.path(), env());
  const auto base_took = std::chrono::steady_clock::now() - t0;
  ASSERT_EQ(base.exit_code, 0) << base.err;

  t0 = std::chrono::steady_clock::now();
  auto r = run_paa(run_args(notified, emu, {"--notify-timeout", "2"}), dir.path(), env());
  const auto took = std::chrono::steady_clock::now() - t0;
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("paa: notify: POST https://127.0.0.1:" + std::to_string(port) + "/… failed after "),
            std::string::npos)
      << r.err;
  // The bound is 2 s; the slack is for sanitizer builds and a loaded machine.
  EXPECT_LT(took, base_took + std::chrono::seconds(2) + std::chrono::seconds(10));
  EXPECT_EQ(export_jsonl(dir.path(), dir / "notified.db").size(), 20u) << "every result stored as without [notify]";
}

TEST_F(NotifyE2E, AMissingSecretSendsNothingAndSaysSo) {
  Emulator emu(dir.path(), {});
  test::HttpsReceiver receiver;
  auto file = job("nosecret", 3, receiver.url());
  auto r = run_paa(run_args(file, emu), dir.path(), {{"PAA_NOTIFY_SECRET", "<unset>"}});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("paa: notify: not sent"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("PAA_NOTIFY_SECRET"), std::string::npos) << r.err;
  EXPECT_TRUE(receiver.requests().empty());
}

// An alert domain that is none is found by `paa check` and at the run's start, not after the
// night's harvest when the notice is made.
TEST_F(NotifyE2E, AnAlertDomainThatIsNoneIsRefusedBeforeAnythingIsSent) {
  Emulator emu(dir.path(), {});
  test::HttpsReceiver receiver;
  auto file = job("baddomain", 3, receiver.url());
  std::ofstream(file, std::ios::app) << "on = [\"lost\"]\ndomains = [\"example.com\", \"192.0.2.1\"]\n";
  auto check = run_paa({"check", file.string()}, dir.path(), env());
  EXPECT_EQ(check.exit_code, 2) << check.err;
  EXPECT_NE(check.err.find(file.string() + ": [notify] domains: "), std::string::npos) << check.err;
  EXPECT_NE(check.err.find("192.0.2.1"), std::string::npos) << check.err;
  auto r = run_paa(run_args(file, emu), dir.path(), env());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(file.string() + ": [notify] domains: "), std::string::npos) << r.err;
  EXPECT_EQ(emu.requests(), 0u) << "nothing spent";
  EXPECT_TRUE(receiver.requests().empty());
}

}  // namespace
}  // namespace paa::e2e
