// ServiceHealth step by step, with a fake clock: the start rule (a wrong address), streaks and
// outages, probes and their back-off, outage_wait, judge(), and whose a failure is.
#include "paa/harvest/service_health.hpp"

#include <gtest/gtest.h>

using namespace paa;
using namespace std::chrono_literals;
using Gate = ServiceHealth::Gate;
using Event = ServiceHealth::Event;
using Blame = ServiceHealth::Blame;

namespace {
constexpr std::int64_t kNowMs = 1'795'000'000'000;  // 2026-11-18 11:06:40 UTC

ServiceSignal answered() { return {ServiceSignal::Kind::answered, TransportFailure::none, ""}; }
ServiceSignal server_error() { return {ServiceSignal::Kind::server_error, TransportFailure::none, "HTTP 503"}; }
ServiceSignal transport(TransportFailure kind = TransportFailure::refused) {
  return {ServiceSignal::Kind::transport, kind, std::string("cannot connect: ") + transport_failure_name(kind)};
}

struct Fixture {
  explicit Fixture(int concurrency = 8, bool reached = true, std::chrono::milliseconds wait = 2h)
      : health({"https://paa.example/api", concurrency, reached, wait, 2s, 60s, 30s}) {}
  // One attempt of key `key`, started and ended at `at`.
  ServiceHealth::Ended attempt(const ServiceSignal& signal, std::uint64_t key, bool probe = false) {
    health.on_start(probe);
    return health.on_end(signal, key, probe, t, ms());
  }
  std::int64_t ms() const { return kNowMs + std::chrono::duration_cast<std::chrono::milliseconds>(t - t0).count(); }
  SteadyTime t0 = SteadyTime{} + 1000s;
  SteadyTime t = t0;
  ServiceHealth health;
};
}  // namespace

TEST(ServiceSignal, AnythingTheServiceSaysIsAnAnswerButServerErrors) {
  for (int status : {200, 400, 401, 403, 404, 429}) {
    HttpResponse r;
    r.status = status;
    EXPECT_EQ(service_signal(r).kind, ServiceSignal::Kind::answered) << status;
  }
  for (int status : {500, 502, 503, 504, 408}) {
    HttpResponse r;
    r.status = status;
    EXPECT_EQ(service_signal(r).kind, ServiceSignal::Kind::server_error) << status;
  }
  HttpResponse refused;
  refused.failure = TransportFailure::refused;
  refused.network_error = "cannot connect to localhost:1: Connection refused";
  EXPECT_EQ(service_signal(refused).kind, ServiceSignal::Kind::transport);
  EXPECT_EQ(service_signal(refused).failure, TransportFailure::refused);
  EXPECT_EQ(service_signal(refused).detail, refused.network_error);
  HttpResponse stale;
  stale.stale = true;
  stale.failure = TransportFailure::closed;
  EXPECT_EQ(service_signal(stale).kind, ServiceSignal::Kind::transport) << "a closed connection, like any";
  EXPECT_EQ(service_signal(stale).failure, TransportFailure::closed);
  HttpResponse certificate = refused;
  certificate.tls_refused = true;
  EXPECT_EQ(service_signal(certificate).kind, ServiceSignal::Kind::neutral) << "the run stops for it anyway";
}

TEST(ServiceHealth, ThresholdsFollowTheConcurrency) {
  EXPECT_EQ(Fixture(1).health.outage_attempts(), 8);
  EXPECT_EQ(Fixture(1).health.outage_keys(), 2) << "never one key alone";
  EXPECT_EQ(Fixture(3).health.outage_keys(), 3);
  EXPECT_EQ(Fixture(8).health.outage_attempts(), 8);
  EXPECT_EQ(Fixture(8).health.outage_keys(), 4);
  EXPECT_EQ(Fixture(64).health.outage_attempts(), 64);
  EXPECT_EQ(Fixture(64).health.outage_keys(), 4);
}

TEST(ServiceHealth, AnAnswerStartsTheRunAndClosesTheStreakAsTheKeysOwn) {
  Fixture f;
  EXPECT_EQ(f.health.phase(), ServiceHealth::Phase::starting);
  const auto failed = f.attempt(server_error(), 1);
  ASSERT_NE(failed.failure, ServiceHealth::kNotCounted);
  EXPECT_EQ(f.health.blame(failed.failure), Blame::open) << "nothing answered since: nobody can tell yet";
  EXPECT_EQ(f.attempt(answered(), 2).event, Event::none);
  EXPECT_EQ(f.health.phase(), ServiceHealth::Phase::up);
  EXPECT_EQ(f.health.blame(failed.failure), Blame::own) << "the service answered another key: the failure was key 1's";
  EXPECT_EQ(f.health.in_flight(), 0);
}

TEST(ServiceHealth, ASingleKeyThatKeepsFailingAmongGoodOnesIsThatKeysFailure) {
  Fixture f;
  for (int i = 0; i < 50; ++i) {
    const auto bad = f.attempt(server_error(), 7);
    EXPECT_EQ(bad.event, Event::none);
    f.attempt(answered(), 100 + static_cast<std::uint64_t>(i));
    EXPECT_EQ(f.health.blame(bad.failure), Blame::own);
    f.t += 1s;
  }
  EXPECT_EQ(f.health.phase(), ServiceHealth::Phase::up);
  EXPECT_EQ(f.health.decide(f.t).kind, Gate::Kind::go);
}

TEST(ServiceHealth, FailuresOnFewerKeysThanTheRuleNeverMakeAnOutage) {
  Fixture f;
  f.attempt(answered(), 1);
  for (int i = 0; i < 40; ++i) f.attempt(transport(), static_cast<std::uint64_t>(i % 3));
  EXPECT_EQ(f.health.phase(), ServiceHealth::Phase::up) << "3 distinct keys: fewer than 4";
}

TEST(ServiceHealth, EnoughFailuresOnEnoughKeysWithNoAnswerBetweenAreAnOutageAndVoidEveryOneOfThem) {
  Fixture f;
  f.attempt(answered(), 1);
  std::vector<std::uint64_t> failures;
  for (std::uint64_t i = 0; i < 7; ++i) {
    const auto e = f.attempt(transport(), i % 4);
    EXPECT_EQ(e.event, Event::none) << i;
    failures.push_back(e.failure);
  }
  const auto eighth = f.attempt(transport(), 3);
  EXPECT_EQ(eighth.event, Event::outage_began);
  EXPECT_EQ(eighth.failure, ServiceHealth::kNotCounted);
  EXPECT_EQ(f.health.phase(), ServiceHealth::Phase::outage);
  for (auto failure : failures) EXPECT_EQ(f.health.blame(failure), Blame::void_) << "an outage's failures count for no key";
  EXPECT_EQ(f.health.down_since_ms(), f.ms());
}

TEST(ServiceHealth, AnAnswerInTheMiddleStartsTheCountAgain) {
  Fixture f;
  for (std::uint64_t i = 0; i < 7; ++i) f.attempt(server_error(), i);
  f.attempt(answered(), 99);
  for (std::uint64_t i = 0; i < 7; ++i) EXPECT_EQ(f.attempt(server_error(), i).event, Event::none);
  EXPECT_EQ(f.attempt(server_error(), 5).event, Event::outage_began);
}

TEST(ServiceHealth, InAnOutageOneProbeAtATimeWithADoublingBackOffThenEveryKeyResumes) {
  Fixture f;
  for (std::uint64_t i = 0; i < 8; ++i) f.attempt(transport(), i);
  ASSERT_EQ(f.health.phase(), ServiceHealth::Phase::outage);
  auto g = f.health.decide(f.t);
  ASSERT_EQ(g.kind, Gate::Kind::wait_until);
  EXPECT_EQ(g.until, f.t + 2s);
  EXPECT_EQ(f.health.next_probe_ms(f.t, f.ms()), f.ms() + 2000);
  // Attempts in flight when it began end without counting and without a probe's effect.
  f.health.on_start(false);
  EXPECT_EQ(f.health.on_end(transport(), 9, false, f.t, f.ms()).failure, ServiceHealth::kNotCounted);
  EXPECT_EQ(f.health.decide(f.t).until, f.t + 2s);

  std::chrono::seconds expected_delays[] = {4s, 8s, 16s, 32s, 60s, 60s};
  for (auto delay : expected_delays) {
    f.t = f.health.decide(f.t).until;
    ASSERT_EQ(f.health.decide(f.t).kind, Gate::Kind::go_probe);
    f.health.on_start(true);
    EXPECT_EQ(f.health.decide(f.t).kind, Gate::Kind::wait_event) << "one probe at a time";
    const auto e = f.health.on_end(transport(), 1, true, f.t, f.ms());
    EXPECT_EQ(e.event, Event::probe_failed);
    EXPECT_EQ(e.failure, ServiceHealth::kNotCounted) << "a probe's failure counts for no key";
    EXPECT_EQ(f.health.decide(f.t).until, f.t + delay);
  }
  f.t = f.health.decide(f.t).until;
  ASSERT_EQ(f.health.decide(f.t).kind, Gate::Kind::go_probe);
  f.health.on_start(true);
  EXPECT_EQ(f.health.on_end(answered(), 1, true, f.t, f.ms()).event, Event::outage_ended);
  EXPECT_EQ(f.health.phase(), ServiceHealth::Phase::up);
  EXPECT_EQ(f.health.decide(f.t).kind, Gate::Kind::go);
}

TEST(ServiceHealth, AnOutageLongerThanOutageWaitStopsTheRunAsAnOutage) {
  Fixture f(8, true, 10min);
  for (std::uint64_t i = 0; i < 8; ++i) f.attempt(transport(TransportFailure::timeout), i);
  ASSERT_EQ(f.health.phase(), ServiceHealth::Phase::outage);
  while (f.health.decide(f.t).kind != Gate::Kind::stop) {
    const auto g = f.health.decide(f.t);
    ASSERT_EQ(g.kind, Gate::Kind::wait_until);
    EXPECT_LE(g.until, f.t0 + 10min) << "no wait reaches past outage_wait";
    f.t = g.until;
    if (f.health.decide(f.t).kind == Gate::Kind::go_probe) f.attempt(transport(TransportFailure::timeout), 1, true);
  }
  EXPECT_EQ(f.t, f.t0 + 10min);
  EXPECT_EQ(f.health.decide(f.t).reason, StopReason::outage);
  const std::string message = f.health.stop_message(StopReason::outage, f.ms());
  EXPECT_EQ(message,
            "the service at https://paa.example/api has not answered since 2026-11-18 11:06:40 UTC (10m00s, "
            "outage_wait 10m; last: cannot connect: timed out): stopped; no key was recorded failed");
}

TEST(ServiceHealth, OutageWaitZeroStopsAsSoonAsAnOutageBegins) {
  Fixture f(8, true, 0ms);
  for (std::uint64_t i = 0; i < 8; ++i) f.attempt(server_error(), i);
  EXPECT_EQ(f.health.decide(f.t).kind, Gate::Kind::stop);
  EXPECT_EQ(f.health.decide(f.t).reason, StopReason::outage);
}

TEST(ServiceHealth, ANeverReachedAddressThatFailsOneWayAtTheStartIsAWrongAddress) {
  struct Case {
    TransportFailure kind;
    std::string text;
  };
  const Case cases[] = {
      {TransportFailure::refused, "connection refused: is the service running, is the port right?"},
      {TransportFailure::dns, "host not found: check the host name"},
      {TransportFailure::plain_on_tls, "the server answered plain HTTP on a TLS connection: use http:// (or the "
                                       "server's TLS port)"},
      {TransportFailure::tls_on_plain, "the server answered TLS on a plain HTTP connection: use https://"},
      {TransportFailure::timeout, "no answer within the timeout (30s): is the host right"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.text);
    Fixture f(8, /*reached=*/false);
    EXPECT_EQ(f.attempt(transport(c.kind), 1).event, Event::none);
    EXPECT_EQ(f.attempt(transport(c.kind), 2).event, Event::none);
    const auto third = f.attempt(transport(c.kind), 1);
    EXPECT_EQ(third.event, Event::stopped);
    EXPECT_EQ(third.failure, ServiceHealth::kNotCounted);
    const auto g = f.health.decide(f.t);
    EXPECT_EQ(g.kind, Gate::Kind::stop);
    EXPECT_EQ(g.reason, StopReason::config);
    const std::string message = f.health.stop_message(StopReason::config, f.ms());
    EXPECT_EQ(message.rfind("https://paa.example/api: " + c.text, 0), 0u) << message;
    EXPECT_NE(message.find("no key was recorded failed"), std::string::npos);
    // The others in flight end quietly.
    f.health.on_start(false);
    EXPECT_EQ(f.health.on_end(transport(c.kind), 3, false, f.t, f.ms()).failure, ServiceHealth::kNotCounted);
  }
}

TEST(ServiceHealth, AStartThatFailsInMixedWaysOrWithServerErrorsIsNotAWrongAddress) {
  Fixture mixed(8, false);
  mixed.attempt(transport(TransportFailure::refused), 1);
  mixed.attempt(transport(TransportFailure::timeout), 2);
  mixed.attempt(transport(TransportFailure::refused), 3);
  EXPECT_NE(mixed.health.phase(), ServiceHealth::Phase::stopped);
  Fixture errors(8, false);
  for (std::uint64_t i = 0; i < 5; ++i) errors.attempt(server_error(), i);
  EXPECT_NE(errors.health.phase(), ServiceHealth::Phase::stopped) << "a 5xx comes from a server that answers";
}

TEST(ServiceHealth, AnAddressTheStoreReachedBeforeTreatsAFailingStartAsAnOutage) {
  Fixture f(8, /*reached=*/true);
  for (std::uint64_t i = 0; i < 7; ++i) EXPECT_EQ(f.attempt(transport(), i).event, Event::none);
  EXPECT_EQ(f.attempt(transport(), 7).event, Event::outage_began);
  EXPECT_NE(f.health.decide(f.t).kind, Gate::Kind::stop);
}

TEST(ServiceHealth, AWrongAddressFoundAfterAnAnswerIsAnOutage) {
  Fixture f(8, false);
  f.attempt(answered(), 1);
  for (std::uint64_t i = 0; i < 3; ++i) f.attempt(transport(), i);
  EXPECT_EQ(f.health.phase(), ServiceHealth::Phase::up) << "the address answered: it is the right one";
}

TEST(ServiceHealth, JudgeSettlesWhatNothingElseCan) {
  {
    Fixture f(1, false);  // a one-key job against a closed port
    const auto e = f.attempt(transport(), 1);
    EXPECT_EQ(f.health.blame(e.failure), Blame::open);
    EXPECT_EQ(f.health.judge(f.t, f.ms()), Event::stopped);
    EXPECT_EQ(f.health.decide(f.t).reason, StopReason::config);
  }
  {
    Fixture f(1, true);  // one key, failing: nothing tells it from an outage, so it is the key's
    std::vector<std::uint64_t> failures;
    for (int i = 0; i < 6; ++i) failures.push_back(f.attempt(server_error(), 1).failure);
    EXPECT_EQ(f.health.judge(f.t, f.ms()), Event::none);
    for (auto failure : failures) EXPECT_EQ(f.health.blame(failure), Blame::own);
  }
  {
    Fixture f(8, true);  // a small job: 3 keys failing 4 times each, the last keys of the run
    for (int i = 0; i < 12; ++i) f.attempt(transport(), static_cast<std::uint64_t>(i % 3));
    EXPECT_NE(f.health.phase(), ServiceHealth::Phase::outage) << "3 keys: fewer than 4";
    EXPECT_EQ(f.health.judge(f.t, f.ms()), Event::outage_began) << "several keys fail alike: the service";
  }
  {
    Fixture f;
    f.attempt(answered(), 1);
    EXPECT_EQ(f.health.judge(f.t, f.ms()), Event::none) << "nothing open";
  }
}

TEST(ServiceHealth, NeutralSignalsTouchNothingButTheCountInFlight) {
  Fixture f;
  for (std::uint64_t i = 0; i < 7; ++i) f.attempt(transport(), i);
  f.health.on_start(false);
  EXPECT_EQ(f.health.in_flight(), 1);
  EXPECT_EQ(f.health.on_end(ServiceSignal{}, 9, false, f.t, f.ms()).failure, ServiceHealth::kNotCounted);
  EXPECT_EQ(f.health.in_flight(), 0);
  EXPECT_EQ(f.attempt(transport(), 8).event, Event::outage_began) << "the streak went on across the neutral one";
}

TEST(ServiceHealth, TheFirstStoredAnswerIsMarkedOnce) {
  Fixture f;
  EXPECT_TRUE(f.health.first_store());
  EXPECT_FALSE(f.health.first_store());
}
