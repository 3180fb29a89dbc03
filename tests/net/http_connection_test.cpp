// Integration: HttpConnection (our TLS stream on the socket, Beast's HTTP) against the real
// paa-emulator on an ephemeral loopback port over verified TLS.
#include "paa/net/http_connection.hpp"

#include "support/emulator.hpp"
#include "support/temp_dir.hpp"

#include <boost/asio/bind_cancellation_slot.hpp>
#include <boost/asio/cancellation_signal.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json.hpp>
#include <gtest/gtest.h>
#include <cerrno>
#include <unistd.h>
#include <csignal>

#include <chrono>
#include <exception>
#include <optional>
#include <string>
#include <vector>

namespace {

namespace asio = boost::asio;
namespace json = boost::json;
using namespace std::chrono_literals;

struct Fixture {
  paa::test::TempDir dir;
  paa::test::Emulator emulator;
  explicit Fixture(std::vector<std::string> args, paa::test::Emulator::Options options = {})
      : emulator(dir.path(), with_key(std::move(args)), options) {}
  static std::vector<std::string> with_key(std::vector<std::string> args) {
    args.insert(args.begin(), {"--key", "test-key"});
    return args;
  }
};

paa::ConnectionConfig config(std::chrono::milliseconds timeout = 10s) {
  paa::ConnectionConfig c;
  c.api_key = "test-key";
  c.user_agent = "paa-test";
  c.timeout = timeout;
  return c;
}

std::shared_ptr<paa::TlsContext> tls() {
  auto ctx = paa::TlsContext::create((paa::test::certs_dir() / "ca.pem").string());
  if (!ctx) throw std::runtime_error(ctx.error().message);
  return *ctx;
}

// Runs `get` for each target, one after the other on one connection.
std::vector<paa::HttpResponse> fetch(const std::string& base_url, const std::vector<std::string>& queries,
                                     paa::ConnectionConfig c = config()) {
  asio::io_context io;
  auto endpoint = paa::parse_base_url(base_url);
  if (!endpoint) throw std::runtime_error(endpoint.error().message);
  paa::HttpConnection connection(io.get_executor(), tls(), *endpoint, c);
  std::vector<paa::HttpResponse> out;
  asio::co_spawn(io, [&]() -> asio::awaitable<void> {
    for (const auto& q : queries) out.push_back(co_await connection.get(endpoint->base_path + "/alsoask?q=" + q + "&hl=en&gl=us"));
  }, [](std::exception_ptr e) { if (e) std::rethrow_exception(e); });
  io.run();
  return out;
}

// That a TLS client never dies of SIGPIPE is the process's setting, made by main: see
// tests/app/process_settings_test.cpp.

TEST(HttpConnection, KeepsOneVerifiedTlsConnectionAliveAndUndoesGzip) {
  Fixture f({"--tree-kb", "8", "--chunked-share", "0.5"});
  auto responses = fetch(f.emulator.base_url(), {"coffee", "tea", "cocoa", "milk"});
  ASSERT_EQ(responses.size(), 4u);
  for (const auto& r : responses) {
    EXPECT_EQ(r.status, 200) << r.network_error << r.body_error;
    EXPECT_TRUE(r.body_error.empty()) << r.body_error;
    EXPECT_GT(r.body.size(), 8000u);  // inflated
    EXPECT_TRUE(json::parse(r.body).as_object().contains("result"));
  }
  auto log = f.emulator.log();
  ASSERT_EQ(log.size(), 4u);
  for (const auto& line : log) {
    EXPECT_EQ(line.at("conn"), log.front().at("conn")) << "one connection for every request";
  }
}

TEST(HttpConnection, ASlowAnswerEndsAtTheDeadlineAfterTheRequestWentOut) {
  Fixture f({"--latency-ms", "5000:5000"});
  const auto started = std::chrono::steady_clock::now();
  auto r = fetch(f.emulator.base_url(), {"coffee"}, config(300ms)).at(0);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 3s);
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(r.request_sent);
  EXPECT_FALSE(r.stale);
  EXPECT_EQ(r.network_error, "reading the response failed: timed out");
}

TEST(HttpConnection, CancellationEndsAPendingReadAtOnce) {
  Fixture f({"--latency-ms", "5000:5000"});
  asio::io_context io;
  auto endpoint = *paa::parse_base_url(f.emulator.base_url());
  paa::HttpConnection connection(io.get_executor(), tls(), endpoint, config());
  asio::cancellation_signal cancel;
  std::optional<paa::HttpResponse> got;
  const auto started = std::chrono::steady_clock::now();
  asio::co_spawn(io, [&]() -> asio::awaitable<paa::HttpResponse> {
    co_return co_await connection.get(endpoint.base_path + "/alsoask?q=coffee&hl=en&gl=us");
  }, asio::bind_cancellation_slot(cancel.slot(), [&](std::exception_ptr e, paa::HttpResponse r) {
    if (e) std::rethrow_exception(e);
    got = std::move(r);
  }));
  // Cancelled while the answer is on its way (it takes 5 s).
  asio::steady_timer later(io, 500ms);
  later.async_wait([&](boost::system::error_code) { cancel.emit(asio::cancellation_type::terminal); });
  io.run();
  EXPECT_LT(std::chrono::steady_clock::now() - started, 3s);
  ASSERT_TRUE(got);
  EXPECT_EQ(got->status, 0);
  EXPECT_NE(got->network_error.find("cancelled (the run is stopping)"), std::string::npos) << got->network_error;
}

TEST(HttpConnection, AnUnverifiableCertificateIsRefusedBeforeTheKeyIsSent) {
  Fixture f({}, {.tls = true, .cert = "wrong-host"});
  auto r = fetch(f.emulator.base_url(), {"coffee"}).at(0);
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(r.tls_refused);
  EXPECT_FALSE(r.request_sent);
  EXPECT_NE(r.network_error.find("could not be verified"), std::string::npos) << r.network_error;
  EXPECT_EQ(f.emulator.requests(), 0u);
}

TEST(HttpConnection, ATruncatedBodyIsABodyErrorAndAResetIsANetworkError) {
  {
    Fixture f({"--fault-truncate", "1", "--chunked-share", "0"});
    auto r = fetch(f.emulator.base_url(), {"coffee"}).at(0);
    EXPECT_EQ(r.status, 200);
    EXPECT_NE(r.body_error.find("incomplete body"), std::string::npos) << r.body_error;
  }
  {
    Fixture f({"--fault-reset", "1"});
    auto responses = fetch(f.emulator.base_url(), {"coffee", "tea"});
    for (const auto& r : responses) {
      EXPECT_EQ(r.status, 0);
      EXPECT_TRUE(r.request_sent);
      EXPECT_NE(r.network_error.find("reading the response failed"), std::string::npos) << r.network_error;
    }
    EXPECT_EQ(f.emulator.requests(), 2u) << "the broken connection was replaced, not reused";
  }
}

}  // namespace

namespace {

// A port nothing listens on: bound, then closed.
int closed_port() {
  asio::io_context io;
  asio::ip::tcp::acceptor a(io, asio::ip::tcp::endpoint(asio::ip::address_v4::loopback(), 0));
  const int port = a.local_endpoint().port();
  a.close();
  return port;
}

TEST(HttpConnection, EachKindOfUnreachableServiceIsReportedAsItsKind) {
  const auto refused = fetch("https://localhost:" + std::to_string(closed_port()) + "/api", {"coffee"}).at(0);
  EXPECT_EQ(refused.failure, paa::TransportFailure::refused) << refused.network_error;
  EXPECT_FALSE(refused.request_sent);
  const auto unknown = fetch("https://no-such-host.invalid/api", {"coffee"}).at(0);
  EXPECT_EQ(unknown.failure, paa::TransportFailure::dns) << unknown.network_error;
  {
    Fixture plain({}, {.tls = false});
    const std::string https_to_plain = "https://localhost:" + std::to_string(plain.emulator.port()) + "/api";
    const auto r = fetch(https_to_plain, {"coffee"}).at(0);
    EXPECT_EQ(r.failure, paa::TransportFailure::plain_on_tls) << r.network_error;
    EXPECT_FALSE(r.request_sent) << "nothing, the key least of all, went out in clear";
  }
  {
    Fixture secure({});
    const std::string http_to_tls = "http://localhost:" + std::to_string(secure.emulator.port()) + "/api";
    const auto r = fetch(http_to_tls, {"coffee"}).at(0);
    EXPECT_EQ(r.status, 400) << "the TLS port answers plain HTTP with nginx's page";
    EXPECT_NE(r.body.find("plain HTTP request was sent to HTTPS port"), std::string::npos) << r.body;
  }
  {
    Fixture down({"--down-after", "1", "--down-for", "0"});
    const auto r = fetch(down.emulator.base_url(), {"coffee", "tea"});
    EXPECT_EQ(r.at(0).failure, paa::TransportFailure::closed) << r.at(0).network_error;
    EXPECT_EQ(r.at(1).failure, paa::TransportFailure::refused) << r.at(1).network_error;
  }
}

}  // namespace
