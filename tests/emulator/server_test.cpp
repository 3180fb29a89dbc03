// Integration: the real paa-emulator binary on 127.0.0.1:0 over TLS, driven by curl.
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

extern char** environ;

namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

fs::path make_temp_dir() {
  std::string pattern = (fs::temp_directory_path() / "paa-emulator-test-XXXXXX").string();
  char* made = ::mkdtemp(pattern.data());
  if (!made) throw std::runtime_error("mkdtemp failed");
  return made;
}

// Removes a temporary directory tree when it goes out of scope.
struct TempDir {
  fs::path path = make_temp_dir();
  TempDir() = default;
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

const fs::path& cert_dir() {
  static const TempDir root;
  static const fs::path dir = [] {
    fs::path d = root.path / "certs";
    std::string cmd = std::string("'") + PAA_MAKE_CERTS + "' '" + d.string() + "'";
    if (std::system(cmd.c_str()) != 0) throw std::runtime_error("make-certs.sh failed");
    return d;
  }();
  return dir;
}

// Spawns the binary, waits for --port-file (polling with a deadline), SIGTERMs it on destruction.
struct Emulator {
  TempDir temp;
  fs::path dir = temp.path;
  pid_t pid = -1;
  int port = 0;
  bool tls = true;

  explicit Emulator(std::vector<std::string> args, bool use_tls = true) : tls(use_tls) {
    std::vector<std::string> argv = {PAA_EMULATOR_BIN, "--listen", "127.0.0.1:0", "--port-file",
                                     (dir / "port").string(), "--log", (dir / "log.jsonl").string()};
    if (tls) {
      argv.insert(argv.end(), {"--cert", (cert_dir() / "server.pem").string(), "--key-file",
                               (cert_dir() / "server.key").string()});
    } else {
      argv.push_back("--plain");
    }
    argv.insert(argv.end(), args.begin(), args.end());
    pid = spawn(argv, dir / "stderr.txt");
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < deadline) {
      std::string text = read_file(dir / "port");
      if (!text.empty()) {
        port = std::stoi(text);
        return;
      }
      int status = 0;
      if (::waitpid(pid, &status, WNOHANG) == pid) {
        pid = -1;
        throw std::runtime_error("paa-emulator exited early: " + read_file(dir / "stderr.txt"));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));  // polling for the port file, with a deadline
    }
    throw std::runtime_error("paa-emulator did not write its port file");
  }
  ~Emulator() {
    if (pid > 0) {
      ::kill(pid, SIGTERM);
      int status = 0;
      ::waitpid(pid, &status, 0);
    }
  }
  // Exit status after SIGTERM.
  int stop() {
    ::kill(pid, SIGTERM);
    int status = 0;
    ::waitpid(pid, &status, 0);
    pid = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

  static pid_t spawn(const std::vector<std::string>& args, const fs::path& err) {
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t p = -1;
    int rc = posix_spawn(&p, argv[0], &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) throw std::runtime_error("posix_spawn failed");
    return p;
  }

  std::string url(const std::string& path_and_query) const {
    return std::string(tls ? "https" : "http") + "://localhost:" + std::to_string(port) + path_and_query;
  }

  std::vector<json::object> log_lines() const {
    std::vector<json::object> out;
    std::istringstream in(read_file(dir / "log.jsonl"));
    for (std::string line; std::getline(in, line);) out.push_back(json::parse(line).as_object());
    return out;
  }
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
  if (e.tls) cmd += " --cacert '" + (cert_dir() / "ca.pem").string() + "'";
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
  TempDir key_dir;
  fs::path keys = key_dir.path / "keys.toml";
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
  EXPECT_EQ(read_file(e.dir / "log.jsonl").find("test-key"), std::string::npos);
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
