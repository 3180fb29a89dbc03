// deliver_notice against a real HTTPS receiver on loopback (tests/support): retries, give-ups,
// verification and the bound.
#include "paa/notify/notify.hpp"
#include "paa/notify/run_notice.hpp"

#include "support/emulator.hpp"
#include "support/https_receiver.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <gtest/gtest.h>

using namespace paa;
using test::HttpsReceiver;
using ms = std::chrono::milliseconds;

namespace {

DeliveryOptions options(ms bound = ms(10000)) {
  DeliveryOptions o;
  o.ca_file = (test::certs_dir() / "ca.pem").string();
  o.bound = bound;
  o.first_backoff = ms(50);  // the schedule's shape is DeliveryPlan's test; keep this one quick
  o.user_agent = "paa-harvester/test";
  return o;
}

// A loopback port with nothing listening: bound, then closed.
int closed_port() {
  boost::asio::io_context io;
  boost::asio::ip::tcp::acceptor a(io, {boost::asio::ip::make_address("127.0.0.1"), 0});
  return a.local_endpoint().port();
}

}  // namespace

TEST(DeliverNotice, PostsTheBodyWithItsSignatureOnce) {
  HttpsReceiver receiver;
  const std::string body = R"({"job":"j"})";
  auto r = deliver_notice(receiver.url("/hooks/abc?token=t1"), body, sign_body(body, "s3cret"), options());
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->attempts, 1);
  EXPECT_EQ(r->status, 200);
  const auto got = receiver.requests();
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].method, "POST");
  EXPECT_EQ(got[0].target, "/hooks/abc?token=t1");
  EXPECT_EQ(got[0].body, body);
  EXPECT_EQ(got[0].header("content-type"), "application/json");
  EXPECT_EQ(got[0].header("user-agent"), "paa-harvester/test");
  EXPECT_EQ(got[0].header("x-paa-signature"), sign_body(body, "s3cret"));
  EXPECT_EQ(got[0].header("host"), "localhost:" + std::to_string(receiver.port()));
}

TEST(DeliverNotice, WithoutASecretNoSignatureHeader) {
  HttpsReceiver receiver;
  ASSERT_TRUE(deliver_notice(receiver.url(), "{}", "", options()));
  ASSERT_EQ(receiver.requests().size(), 1u);
  EXPECT_EQ(receiver.requests()[0].header("x-paa-signature"), "");
}

TEST(DeliverNotice, RetriesServerErrorsThenSucceeds) {
  HttpsReceiver receiver({500, 503, 204});
  auto r = deliver_notice(receiver.url(), "{}", "", options());
  ASSERT_TRUE(r) << r.error().message << " received " << receiver.requests().size();
  EXPECT_EQ(r->attempts, 3);
  EXPECT_EQ(r->status, 204);
  EXPECT_EQ(receiver.requests().size(), 3u);
}

TEST(DeliverNotice, GivesUpAtOnceOnAClientError) {
  HttpsReceiver receiver({404});
  // A Slack-style URL: its secret is in the path, and never in a message.
  auto r = deliver_notice(receiver.url("/services/T0/B0/s3cr3t?sig=t0ken"), "{}", "", options());
  ASSERT_FALSE(r);
  EXPECT_EQ(receiver.requests().size(), 1u);
  EXPECT_EQ(receiver.requests()[0].target, "/services/T0/B0/s3cr3t?sig=t0ken");
  EXPECT_EQ(r.error().message.find("s3cr3t"), std::string::npos) << r.error().message;
  EXPECT_EQ(r.error().message.find("t0ken"), std::string::npos) << r.error().message;
  EXPECT_NE(r.error().message.find("notify: POST https://localhost:" + std::to_string(receiver.port()) +
                                   "/… failed after 1 attempt in "),
            std::string::npos)
      << r.error().message;
  EXPECT_NE(r.error().message.find(": HTTP 404"), std::string::npos) << r.error().message;
}

TEST(DeliverNotice, AnUnreachableReceiverFailsWithinTheBound) {
  const int port = closed_port();
  const auto start = std::chrono::steady_clock::now();
  auto r = deliver_notice("https://127.0.0.1:" + std::to_string(port) + "/x?secret=no", "{}", "", options(ms(1000)));
  const auto took = std::chrono::steady_clock::now() - start;
  ASSERT_FALSE(r);
  EXPECT_LT(took, std::chrono::seconds(1) + std::chrono::seconds(5)) << "bound 1 s, slack for sanitizers";
  const auto& m = r.error().message;
  EXPECT_NE(m.find("notify: POST https://127.0.0.1:" + std::to_string(port) + "/… failed after "), std::string::npos) << m;
  EXPECT_EQ(m.find("secret=no"), std::string::npos) << "the query may hold a token: never shown";
  EXPECT_NE(m.find("refused"), std::string::npos) << m;
}

TEST(DeliverNotice, AnUntrustedCertificateIsRefusedWithoutRetrying) {
  HttpsReceiver receiver;
  auto o = options();
  o.ca_file.clear();  // the test CA is not in the system store
  auto r = deliver_notice(receiver.url(), "{}", "", o);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("after 1 attempt"), std::string::npos) << r.error().message;
  EXPECT_NE(r.error().message.find("could not be verified"), std::string::npos) << r.error().message;
  EXPECT_NE(r.error().message.find("--ca-file"), std::string::npos) << r.error().message;
  EXPECT_TRUE(receiver.requests().empty()) << "nothing is sent to an unverified peer";
}

TEST(DeliverNotice, RefusesPlainHttp) {
  auto r = deliver_notice("http://localhost:1/x", "{}", "", options());
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("https://"), std::string::npos) << r.error().message;
}
