// Integration: the real paa-emulator binary on 127.0.0.1:0 over TLS, driven by curl.
#include "support/emulator.hpp"
#include "support/files.hpp"
#include "support/temp_dir.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using paa::test::certs_dir;
using paa::test::read_file;

// The emulator in a scratch folder of its own (curl's captures go there too).
struct Emulator {
  paa::test::TempDir temp;
  fs::path dir = temp.path();
  paa::test::Emulator process;
  bool tls;
  int port;

  explicit Emulator(std::vector<std::string> args, bool use_tls = true)
      : process(dir, std::move(args), {.tls = use_tls}), tls(use_tls), port(process.port()) {}

  int stop() { return process.stop(); }

  std::string url(const std::string& path_and_query) const {
    return std::string(tls ? "https" : "http") + "://localhost:" + std::to_string(port) + path_and_query;
  }

  std::vector<json::object> log_lines() const { return process.log(); }
};

struct Response {
  int status = 0;
  std::string headers;  // raw head, lower-cased for searching
  std::string body;
  bool has_header(const std::string& lower) const { return headers.find(lower) != std::string::npos; }
};

struct CurlRun {
  int exit_code = 0;
  std::vector<Response> responses;
};

// One curl process (so one keep-alive connection) fetching every path in order.
CurlRun curl(const Emulator& e, const std::vector<std::string>& paths, const std::string& options = "",
             const std::string& key = "test-key") {
  static int n = 0;
  std::string cmd = "curl -sS --max-time 20 -i";
  if (e.tls) cmd += " --cacert '" + (certs_dir() / "ca.pem").string() + "'";
  if (!key.empty()) cmd += " -H 'x-api-key: " + key + "'";
  cmd += " " + options;
  std::vector<fs::path> outs;
  for (const auto& p : paths) {
    outs.push_back(e.dir / ("out" + std::to_string(n++)));
    cmd += " -o '" + outs.back().string() + "' '" + e.url(p) + "'";
  }
  cmd += " 2>/dev/null";
  int rc = std::system(cmd.c_str());
  CurlRun run;
  run.exit_code = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  for (const auto& o : outs) {
    std::string raw = read_file(o);
    Response r;
    std::size_t end = raw.find("\r\n\r\n");
    if (end != std::string::npos) {
      r.headers = raw.substr(0, end + 2);
      r.body = raw.substr(end + 4);
      for (auto& c : r.headers) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (r.headers.size() > 12) r.status = std::stoi(r.headers.substr(9, 3));
    }
    run.responses.push_back(std::move(r));
  }
  return run;
}

Response get(const Emulator& e, const std::string& path, const std::string& options = "",
             const std::string& key = "test-key") {
  return curl(e, {path}, options, key).responses.at(0);
}

std::string error_of(const Response& r) { return std::string(json::parse(r.body).at("error").as_string()); }

TEST(EmulatorServer, ServesAValidEnvelopeOverVerifiedTls) {
  Emulator e({"--key", "test-key", "--chunked-share", "0"});
  Response r = get(e, "/api/alsoask?q=coffee&hl=en&gl=us");
  ASSERT_EQ(r.status, 200) << r.headers;
  auto env = json::parse(r.body).as_object();
  EXPECT_FALSE(env.at("cached").as_bool());
  EXPECT_EQ(env.at("searchesLeft").as_int64(), 999);
  EXPECT_EQ(env.at("payAsYouGoCreditsLeft").as_int64(), 0);
  EXPECT_EQ(env.at("renewalDate").as_string().size(), 10u);
  EXPECT_EQ(env.at("result").at("question").as_string(), "coffee");
  EXPECT_TRUE(r.has_header("content-type: application/json"));
  EXPECT_TRUE(r.has_header("content-length: "));
}

TEST(EmulatorServer, AnswersEveryErrorStatusWithItsJsonBody) {
  paa::test::TempDir key_dir;
  fs::path keys = key_dir / "keys.toml";
  std::ofstream(keys) << "[[key]]\nkey = \"test-key\"\nsearches = 1\n\n[[key]]\nkey = \"off-key\"\nactive = false\n";
  Emulator e({"--keys", keys.string(), "--prefix", "/api"});
  Response ok = get(e, "/api/alsoask?q=a&hl=en&gl=us");
  EXPECT_EQ(ok.status, 200);

  Response missing = get(e, "/api/alsoask?q=a&hl=en&gl=us", "", "");
  EXPECT_EQ(missing.status, 401);
  EXPECT_EQ(error_of(missing), "Invalid token");
  EXPECT_EQ(get(e, "/api/alsoask?q=a&hl=en&gl=us", "", "bad!key").status, 401);
  Response unknown = get(e, "/api/alsoask?q=a&hl=en&gl=us", "", "nobody");
  EXPECT_EQ(unknown.status, 403);
  EXPECT_EQ(error_of(unknown), "Invalid API Key");
  EXPECT_EQ(get(e, "/api/alsoask?q=a&hl=en&gl=us", "", "off-key").status, 403);
  Response bad = get(e, "/api/alsoask?hl=en&gl=us");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(error_of(bad), "Missing required parameter: q");
  Response nf = get(e, "/api/nothing");
  EXPECT_EQ(nf.status, 404);
  EXPECT_EQ(error_of(nf), "Not found");
  Response post = get(e, "/api/alsoask?q=a&hl=en&gl=us", "-X POST");
  EXPECT_EQ(post.status, 405);
  EXPECT_TRUE(post.has_header("allow: get"));

  Response quota = get(e, "/api/alsoask?q=b&hl=en&gl=us");
  EXPECT_EQ(quota.status, 429);
  EXPECT_EQ(error_of(quota), "Rate limit exceeded");
  EXPECT_FALSE(quota.has_header("retry-after"));

  Response cached = get(e, "/api/alsoask?q=a&hl=en&gl=us");
  ASSERT_EQ(cached.status, 200);
  EXPECT_TRUE(json::parse(cached.body).at("cached").as_bool());
  EXPECT_EQ(json::parse(cached.body).at("searchesLeft").as_int64(), 0);
}

TEST(EmulatorServer, RateLimitAnswers429WithRetryAfter) {
  Emulator e({"--key", "test-key", "--rate-limit", "1"});
  auto run = curl(e, {"/api/alsoask?q=a&hl=en&gl=us", "/api/alsoask?q=b&hl=en&gl=us", "/api/alsoask?q=c&hl=en&gl=us"});
  int limited = 0;
  for (const auto& r : run.responses) {
    if (r.status != 429) continue;
    ++limited;
    EXPECT_TRUE(r.has_header("retry-after: 1")) << r.headers;
    EXPECT_EQ(error_of(r), "Rate limit exceeded");
  }
  EXPECT_GE(limited, 1);
}

TEST(EmulatorServer, GzipWhenAcceptedAndChunkedWhenChosen) {
  Emulator e({"--key", "test-key", "--chunked-share", "1"});
  Response gz = get(e, "/api/alsoask?q=coffee&hl=de&gl=de", "--compressed");
  ASSERT_EQ(gz.status, 200);
  EXPECT_TRUE(gz.has_header("content-encoding: gzip"));
  EXPECT_TRUE(gz.has_header("transfer-encoding: chunked"));
  EXPECT_EQ(json::parse(gz.body).at("result").at("question").as_string(), "coffee");
  Response plain = get(e, "/api/alsoask?q=coffee&hl=de&gl=de");
  EXPECT_FALSE(plain.has_header("content-encoding"));
  EXPECT_TRUE(json::parse(plain.body).at("cached").as_bool());
}

TEST(EmulatorServer, ClosesTheConnectionAfterMaxRequests) {
  Emulator e({"--key", "test-key", "--max-requests-per-connection", "2"});
  auto run = curl(e, {"/api/alsoask?q=a&hl=en&gl=us", "/api/alsoask?q=b&hl=en&gl=us", "/api/alsoask?q=c&hl=en&gl=us"});
  ASSERT_EQ(run.responses.size(), 3u);
  EXPECT_TRUE(run.responses[0].has_header("connection: keep-alive"));
  EXPECT_TRUE(run.responses[1].has_header("connection: close"));
  EXPECT_EQ(run.responses[2].status, 200);
  auto log = e.log_lines();
  ASSERT_EQ(log.size(), 3u);
  EXPECT_EQ(log[0].at("conn"), log[1].at("conn"));
  EXPECT_NE(log[1].at("conn"), log[2].at("conn"));
}

TEST(EmulatorServer, LogsEveryRequestWithoutTheSecret) {
  Emulator e({"--key", "test-key"});
  get(e, "/api/alsoask?q=caf%C3%A9&hl=fr&gl=fr&city=Paris");
  get(e, "/api/alsoask?q=x&hl=en&gl=us", "", "");
  get(e, "/_emulator/stats", "", "");
  auto log = e.log_lines();
  ASSERT_EQ(log.size(), 2u);
  EXPECT_EQ(log[0].at("key_id").as_string(), "k1");
  EXPECT_EQ(log[0].at("q").as_string(), "café");
  EXPECT_EQ(log[0].at("city").as_string(), "Paris");
  EXPECT_EQ(log[0].at("status").as_int64(), 200);
  EXPECT_EQ(log[1].at("key_id").as_string(), "none");
  EXPECT_EQ(log[1].at("status").as_int64(), 401);
  EXPECT_EQ(read_file(e.process.log_path()).find("test-key"), std::string::npos);
}

TEST(EmulatorServer, StatsEndpointNeedsNoKey) {
  Emulator e({"--key", "test-key"});
  get(e, "/api/alsoask?q=a&hl=en&gl=us");
  Response s = get(e, "/_emulator/stats", "", "");
  ASSERT_EQ(s.status, 200);
  auto stats = json::parse(s.body).as_object();
  EXPECT_EQ(stats.at("status").at("200").as_int64(), 1);
  EXPECT_EQ(stats.at("keys").as_array()[0].at("searchesLeft").as_int64(), 999);
}

TEST(EmulatorServer, ResetFaultDropsTheConnectionAndIsLoggedWithStatusZero) {
  Emulator e({"--key", "test-key", "--fault-reset", "1"});
  auto run = curl(e, {"/api/alsoask?q=a&hl=en&gl=us"});
  EXPECT_NE(run.exit_code, 0);
  EXPECT_EQ(run.responses[0].status, 0);
  auto log = e.log_lines();
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log[0].at("status").as_int64(), 0);
  EXPECT_EQ(log[0].at("fault").as_string(), "reset");
}

TEST(EmulatorServer, TruncateFaultCutsTheBodyShort) {
  Emulator e({"--key", "test-key", "--fault-truncate", "1"});
  auto run = curl(e, {"/api/alsoask?q=a&hl=en&gl=us"});
  EXPECT_EQ(run.exit_code, 18) << "curl: partial file";
}

TEST(EmulatorServer, FaultsAnswer500AndBrokenJson) {
  {
    Emulator e({"--key", "test-key", "--fault-500", "1"});
    Response r = get(e, "/api/alsoask?q=a&hl=en&gl=us");
    EXPECT_EQ(r.status, 500);
    EXPECT_EQ(error_of(r), "Internal server error");
  }
  {
    Emulator e({"--key", "test-key", "--fault-invalid-json", "1"});
    Response r = get(e, "/api/alsoask?q=a&hl=en&gl=us");
    EXPECT_EQ(r.status, 200);
    boost::system::error_code ec;
    json::parse(r.body, ec);
    EXPECT_TRUE(ec);
  }
  {
    Emulator e({"--key", "test-key", "--fault-slow", "1", "--latency-ms", "1:3"});
    Response r = get(e, "/api/alsoask?q=a&hl=en&gl=us");
    EXPECT_EQ(r.status, 200);
    EXPECT_NO_THROW(json::parse(r.body));
  }
}

TEST(EmulatorServer, PlainHttpModeWorks) {
  Emulator e({"--key", "test-key"}, false);
  EXPECT_EQ(get(e, "/api/alsoask?q=a&hl=en&gl=us").status, 200);
}

TEST(EmulatorServer, StopsCleanlyOnSigterm) {
  Emulator e({"--key", "test-key"});
  get(e, "/api/alsoask?q=a&hl=en&gl=us");
  EXPECT_EQ(e.stop(), 0);
}

int run_binary(const std::string& args) {
  std::string cmd = std::string("'") + PAA_EMULATOR_BIN + "' " + args + " >/dev/null 2>&1";
  int rc = std::system(cmd.c_str());
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

TEST(EmulatorServer, BadFlagsOrKeyFileExitWith2) {
  EXPECT_EQ(run_binary("--plain --key k --no-such-flag"), 2);
  EXPECT_EQ(run_binary("--plain --keys /nonexistent/keys.toml"), 2);
  EXPECT_EQ(run_binary("--plain"), 2);  // no keys at all
  EXPECT_EQ(run_binary("--key k"), 2);  // HTTPS without a certificate
  EXPECT_EQ(run_binary("--plain --key k --fault-500 2"), 2);
  EXPECT_EQ(run_binary("--plain --key k --fault-500 0.6 --fault-reset 0.6"), 2);
  EXPECT_EQ(run_binary("--plain --key k --hostile sideways"), 2);
  EXPECT_EQ(run_binary("--plain --key k --latency-ms 9:1"), 2);
  EXPECT_EQ(run_binary("--help"), 0);
}

}  // namespace
