// The unattended night (docs/running.md "Outages"): the real paa against paa-emulator over TLS
// on loopback, where the emulator goes away (--down-after, --down-for, --down-mode) and comes
// back. An outage is waited out with every key stored exactly once, nothing paid twice and no
// key failed; a longer one stops with exit 6 and a rerun finishes; signals during the wait stop
// cleanly; and a wrong address (a closed port, an unknown host, the wrong scheme either way)
// stops within seconds with its own message and exit 2, failing no key.
#include "harness.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <map>
#include <set>
#include <tuple>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace paa::e2e {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

using SearchKey = std::tuple<std::string, std::string, std::string>;  // q, hl, gl

SearchKey key_of(const json::object& line) {
  auto text = [&](const char* f) {
    const json::value& v = line.at(f);
    return v.is_string() ? std::string(v.as_string()) : std::string();
  };
  return {text("q"), text("hl"), text("gl")};
}

std::vector<std::string> paa_argv(const std::vector<std::string>& args) {
  std::vector<std::string> argv{PAA_BIN};
  argv.insert(argv.end(), args.begin(), args.end());
  return argv;
}

json::object job_status(const fs::path& dir, const fs::path& job) {
  auto r = run_paa({"status", job.string(), "--json"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  if (r.exit_code != 0) return {};
  return json::parse(r.out).as_object().at("jobs").as_array().at(0).as_object();
}

// Probes every 200 ms to 1 s: the tests wait seconds, not minutes, for the service to be seen back.
const std::vector<std::string> kFastProbes{"--outage-probe-base-ms", "200", "--outage-probe-cap-ms", "1000"};

std::vector<std::string> with(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// Charged searches per key in the emulator's log.
std::map<SearchKey, int> charges(const std::vector<json::object>& log) {
  std::map<SearchKey, int> charged;
  for (const auto& l : log) {
    if (l.at("charged").as_bool()) ++charged[key_of(l)];
  }
  return charged;
}

class OutageE2E : public ::testing::Test {
 protected:
  TempDir dir;
};

void expect_outage_waited_out(const fs::path& dir, const fs::path& job, const fs::path& store, const Emulator& emu,
                              const ProcessResult& r, int keys, std::uint64_t seed) {
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("is unreachable"), std::string::npos) << "the outage is said: " << r.err;
  EXPECT_NE(r.err.find("the service answers again after"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("failed          0\n"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("failed: q="), std::string::npos) << "no key failed: " << r.err;
  const auto rows = export_jsonl(dir, store);
  EXPECT_EQ(rows.size(), static_cast<std::size_t>(keys));
  expect_trees_match_emulator(rows, seed);
  const auto charged = charges(emu.log());
  EXPECT_EQ(charged.size(), static_cast<std::size_t>(keys)) << "every key charged";
  for (const auto& [key, n] : charged) EXPECT_EQ(n, 1) << std::get<0>(key) << ": paid twice";
  auto st = job_status(dir, job);
  EXPECT_EQ(st.at("done").as_int64(), keys);
  EXPECT_EQ(st.at("failed").as_int64(), 0);
}

TEST_F(OutageE2E, TheServiceRefusingConnectionsForThirtySecondsIsWaitedOutAndEveryKeyStoredOnce) {
  const int keys = 2000;
  // The 600th request meets the outage: the listening socket closes for 30 s, open connections reset.
  Emulator emu(dir.path(), {"--seed", "8", "--searches", "100000", "--down-after", "600", "--down-for", "30",
                            "--down-mode", "refuse"});
  auto job = write_job(dir.path(), "night", keys, "concurrency = 8\nrate = 0");
  // The budget: every key once, plus the requests the outage cut off after they were sent
  // (counted as spent: their outcome is unknown), at most one per connection.
  const int budget = keys + 8;
  const auto started = Clock::now();
  auto r = run_paa(run_args(job, emu, with({"--max-searches", std::to_string(budget)}, kFastProbes)), dir.path());
  EXPECT_GE(Clock::now() - started, 30s) << "it waited for the service";
  expect_outage_waited_out(dir.path(), job, dir / "night.db", emu, r, keys, 8);
  std::size_t charged = 0;
  for (const auto& [key, n] : charges(emu.log())) charged += static_cast<std::size_t>(n);
  EXPECT_LE(charged, static_cast<std::size_t>(budget)) << "the budget held";
}

TEST_F(OutageE2E, TheServiceAnswering503ForTenSecondsIsWaitedOutLikeARefusal) {
  const int keys = 400;
  Emulator emu(dir.path(), {"--seed", "6", "--down-after", "100", "--down-for", "10", "--down-mode", "503"});
  auto job = write_job(dir.path(), "unavailable", keys, "concurrency = 16\nrate = 0\nretries = 2");
  auto r = run_paa(run_args(job, emu, with({"--backoff-base-ms", "10", "--backoff-cap-ms", "50"}, kFastProbes)),
                   dir.path());
  expect_outage_waited_out(dir.path(), job, dir / "unavailable.db", emu, r, keys, 6);
  EXPECT_GT(count_status(emu.log(), 503), 16u) << "the 503s were seen, probes included";
}

TEST_F(OutageE2E, AnOutageLongerThanOutageWaitStopsWithExit6FailingNoKeyAndARerunFinishes) {
  const int keys = 300;
  auto job = write_job(dir.path(), "long", keys, "concurrency = 8\nrate = 0");
  {
    Emulator emu(dir.path(), {"--seed", "4", "--down-after", "100", "--down-for", "0"});  // away for good
    const auto started = Clock::now();
    auto r = run_paa(run_args(job, emu, with({"--outage-wait", "3s"}, kFastProbes)), dir.path());
    EXPECT_EQ(r.exit_code, 6) << r.err;
    EXPECT_LT(Clock::now() - started, 30s);
    EXPECT_NE(r.err.find("paa run long: stopped after "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(": the service is down (outage) (run "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("has not answered since"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("outage_wait 3s"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("no key was recorded failed; run `paa run " + job.string() + "` again"), std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("failed: q="), std::string::npos) << r.err;
    auto st = job_status(dir.path(), job);
    EXPECT_EQ(st.at("failed").as_int64(), 0);
    EXPECT_GE(st.at("done").as_int64(), 90);
    EXPECT_LT(st.at("done").as_int64(), keys);
  }
  // The service is back (a new process, the same trees): the rerun asks only for what is missing.
  Emulator back(dir.path(), {"--seed", "4"});
  auto again = run_paa(run_args(job, back), dir.path());
  EXPECT_EQ(again.exit_code, 0) << again.err;
  const auto rows = export_jsonl(dir.path(), dir / "long.db");
  EXPECT_EQ(rows.size(), static_cast<std::size_t>(keys));
  expect_trees_match_emulator(rows, 4);
  EXPECT_LE(back.requests(), static_cast<std::size_t>(keys - 90)) << "only the keys left";
}

TEST_F(OutageE2E, SigintAndSigkillDuringAnOutageWaitLeaveNoKeyFailedAndARerunFinishes) {
  const int keys = 200;
  auto job = write_job(dir.path(), "signals", keys, "concurrency = 8\nrate = 0");
  const std::map<std::string, std::string> env{{"PAA_API_KEY", kApiKey}};
  for (const int sig : {SIGINT, SIGKILL}) {
    SCOPED_TRACE(sig == SIGINT ? "SIGINT" : "SIGKILL");
    Emulator emu(dir.path(), {"--seed", "2", "--down-after", "40", "--down-for", "0"});
    Process p(paa_argv(run_args(job, emu, kFastProbes)), env, dir.path());
    ASSERT_TRUE(eventually([&] { return p.err_so_far().find("is unreachable") != std::string::npos; }, 60s))
        << p.err_so_far();
    const auto signalled = Clock::now();
    p.signal(sig);
    const auto r = p.wait();
    EXPECT_LT(Clock::now() - signalled, 10s) << "nothing in flight holds it";
    if (sig == SIGINT) {
      EXPECT_EQ(r.exit_code, 130) << r.err;
      EXPECT_NE(r.err.find("interrupted; run the same command to resume"), std::string::npos) << r.err;
    } else {
      EXPECT_EQ(r.exit_code, 128 + SIGKILL);
    }
    auto st = job_status(dir.path(), job);
    EXPECT_EQ(st.at("failed").as_int64(), 0);
  }
  Emulator back(dir.path(), {"--seed", "2"});
  auto again = run_paa(run_args(job, back), dir.path());
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(export_jsonl(dir.path(), dir / "signals.db").size(), static_cast<std::size_t>(keys));
}

TEST_F(OutageE2E, AStoreThatReachedTheServiceBeforeWaitsAtAFailingStartInsteadOfCallingItAWrongAddress) {
  auto job = write_job(dir.path(), "cron", 40, "concurrency = 4\nrate = 0");
  fs::path store = dir / "cron.db";
  int port = 0;
  {
    Emulator emu(dir.path(), {"--seed", "1"});
    port = emu.port();
    auto first = write_job(dir.path(), "cron", 10, "concurrency = 4\nrate = 0");
    ASSERT_EQ(run_paa(run_args(first, emu), dir.path()).exit_code, 0);
  }
  job = write_job(dir.path(), "cron", 40, "concurrency = 4\nrate = 0");
  // The same address, nothing listening now: a cron run that starts during an outage.
  const std::string url = "https://localhost:" + std::to_string(port) + "/api";
  auto r = run_paa({"run", job.string(), "--base-url", url, "--ca-file", (certs_dir() / "ca.pem").string(),
                    "--progress", "none", "--outage-wait", "2s", "--outage-probe-base-ms", "200"},
                   dir.path());
  EXPECT_EQ(r.exit_code, 6) << "an outage, not a wrong address: " << r.err;
  EXPECT_NE(r.err.find("is unreachable"), std::string::npos) << r.err;
  EXPECT_EQ(job_status(dir.path(), job).at("failed").as_int64(), 0);
}

// A port nothing listens on: bound, then closed.
int closed_port() {
  const int s = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t len = sizeof addr;
  ::getsockname(s, reinterpret_cast<sockaddr*>(&addr), &len);
  ::close(s);
  return ntohs(addr.sin_port);
}

TEST_F(OutageE2E, AWrongAddressStopsWithinFiveSecondsWithItsMessageAndFailsNoKey) {
  Emulator tls(dir.path(), {"--seed", "1"});
  Emulator plain(dir.path(), {"--seed", "1"}, /*tls=*/false);
  struct Case {
    std::string name, url, message;
    const Emulator* witness;  // its log must stay empty: the key never reached it
  };
  const std::vector<Case> cases{
      {"closed port", "https://localhost:" + std::to_string(closed_port()) + "/api",
       "connection refused: is the service running, is the port right?", nullptr},
      {"unknown host", "https://no-such-host.invalid/api", "host not found: check the host name", nullptr},
      {"https to a plain port", "https://localhost:" + std::to_string(plain.port()) + "/api",
       "the server answered plain HTTP on a TLS connection: use http://", &plain},
      {"http to a TLS port", "http://localhost:" + std::to_string(tls.port()) + "/api",
       "the server speaks TLS on that port", &tls},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    auto job = write_job(dir.path(), "wrong", 50, "concurrency = 8\nrate = 0");
    fs::remove_all(dir / "wrong.db");
    const auto started = Clock::now();
    auto r = run_paa({"run", job.string(), "--base-url", c.url, "--ca-file", (certs_dir() / "ca.pem").string(),
                      "--progress", "none"},
                     dir.path());
    EXPECT_LT(Clock::now() - started, 5s);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("paa: " + c.url + ": " + c.message), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("paa run wrong: stopped after 0s: the service's address or settings are wrong (config) (run "),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("failed: q="), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("next: paa export"), std::string::npos) << r.err;
    EXPECT_EQ(job_status(dir.path(), job).at("failed").as_int64(), 0);
    if (c.witness != nullptr) {
      EXPECT_EQ(c.witness->requests(), 0u) << "no request reached the service";
    }
  }
}

TEST_F(OutageE2E, PlainHttpToAnotherMachineIsRefusedUnlessAllowed) {
  auto job = write_job(dir.path(), "clear", 3, "rate = 0");
  auto r = run_paa({"run", job.string(), "--base-url", "http://paa.example.com/api", "--progress", "none"}, dir.path());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("http://paa.example.com/api: plain http:// would send the API key (PAA_API_KEY) in clear"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("--allow-plain-http"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "clear.db")) << "refused before anything was written";
  // Allowed, it goes as far as the address: an unknown host, stopped as a wrong address.
  auto allowed = run_paa({"run", job.string(), "--base-url", "http://no-such-host.invalid/api", "--progress", "none",
                          "--allow-plain-http"},
                         dir.path());
  EXPECT_EQ(allowed.exit_code, 2) << allowed.err;
  EXPECT_NE(allowed.err.find("host not found"), std::string::npos) << allowed.err;
  // Loopback needs no flag: the emulator's --plain.
  Emulator plain(dir.path(), {"--seed", "1"}, /*tls=*/false);
  auto local = run_paa({"run", job.string(), "--base-url", plain.base_url(), "--progress", "none"}, dir.path());
  EXPECT_EQ(local.exit_code, 0) << local.err;
}

}  // namespace
}  // namespace paa::e2e
