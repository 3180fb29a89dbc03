// KeyAttempt step by step, without sockets: one test per row of the README's response table,
// unknown outcomes, stale connections, the throttle cap, and the rule that every start granted
// by the quota tracker is closed by exactly one outcome.
#include "paa/harvest/key_attempt.hpp"

#include "paa/exit_code.hpp"

#include <gtest/gtest.h>

using namespace paa;
using namespace std::chrono_literals;
using Step = KeyAttempt::Step;

namespace {
constexpr std::int64_t kNowMs = 1'795'000'000'000;  // 2026-11-19

struct Harness {
  explicit Harness(std::int64_t max_searches = 0, int retries = 2, QuotaState stored = {})
      : quota({OnQuota::stop, false, max_searches, std::chrono::hours(1), std::nullopt}, stored, kNowMs),
        rate({.rate = 0, .burst = 1}, t0),
        health({"https://paa.example/api", 8, /*reached_before=*/true, std::chrono::hours(2), 2s, 60s, 60s}),
        gate(quota, rate, health),
        backoff({1000ms, 8000ms, retries}, /*seed=*/7) {}
  KeyAttempt key() { return KeyAttempt({gate, quota, rate, backoff, tally, health}, config, item); }
  // Another key's request, answered by the service (or not): what the health hears of it.
  void other_key(ServiceSignal::Kind kind, std::uint64_t key_hash = 99, TransportFailure failure = TransportFailure::none) {
    health.on_start(false);
    health.on_end({kind, failure, "other key"}, key_hash, false, t0, kNowMs);
  }

  SteadyTime t0 = SteadyTime{} + 1000s;
  QuotaTracker quota;
  RateController rate;
  ServiceHealth health;
  StartGate gate;
  RetryBackoff backoff;
  RunTally tally;
  KeyAttempt::Config config{"job", "MY_KEY", 3, {}, ""};
  WorkItem item{Query{QueryKey{"espresso", "en", "us", ""}, "Espresso", "en", "us", ""}, "k-espresso", {}};
};

HttpResponse status(int code, std::string retry_after = {}) {
  HttpResponse r;
  r.status = code;
  r.retry_after = std::move(retry_after);
  r.request_sent = true;
  return r;
}
HttpResponse network(bool sent, bool stale = false) {
  HttpResponse r;
  r.network_error = "connection reset by peer";
  r.request_sent = sent;
  r.stale = stale;
  return r;
}
// A 200 with a valid envelope, as the connection hands it over.
HttpResponse ok(bool cached, std::int64_t left = 500) {
  HttpResponse r = status(200);
  r.body = std::string(R"({"cached":)") + (cached ? "true" : "false") + R"(,"searchesLeft":)" +
           std::to_string(left) +
           R"(,"payAsYouGoCreditsLeft":0,"renewalDate":"2026-12-01","result":{"question":"espresso","children":[]}})";
  return r;
}
// Runs the key through its waits (jumping the clock) and sends (answered by `answer`) until it
// asks for anything else; counts the sends.
KeyAttempt::Action drive(KeyAttempt& key, SteadyTime& now, const HttpResponse& answer, int& sent) {
  KeyAttempt::Action a = key.next(now, kNowMs);
  for (;;) {
    if (a.step == Step::wait_until) {
      now = a.until;
      a = key.next(now, kNowMs);
    } else if (a.step == Step::send) {
      ++sent;
      a = key.on_response(answer, now, kNowMs);
    } else {
      return a;
    }
  }
}
}  // namespace

TEST(KeyAttempt, ValidAnswerIsStoredThenFinished) {
  Harness run;
  auto key = run.key();
  ASSERT_EQ(key.next(run.t0, kNowMs).step, Step::send);
  EXPECT_EQ(run.quota.in_flight(), 1);
  EXPECT_EQ(key.on_response(ok(false), run.t0, kNowMs).step, Step::store);
  EXPECT_EQ(run.quota.in_flight(), 0) << "the start is closed by the answer";
  EXPECT_TRUE(key.charged());
  EXPECT_EQ(key.on_written({}).step, Step::finished);
  EXPECT_EQ(run.tally.stored, 1u);
  EXPECT_EQ(run.quota.ledger().charged(), 1u);
}

TEST(KeyAttempt, CachedAnswerIsStoredAndChargesNothing) {
  Harness run;
  auto key = run.key();
  key.next(run.t0, kNowMs);
  ASSERT_EQ(key.on_response(ok(true), run.t0, kNowMs).step, Step::store);
  EXPECT_FALSE(key.charged());
  key.on_written({});
  EXPECT_EQ(run.tally.cached, 1u);
  EXPECT_EQ(run.quota.ledger().counted(), 0u);
}

TEST(KeyAttempt, UnusableOkBodyIsAnUnknownOutcomeRetriedAfterABackOff) {
  Harness run;
  auto key = run.key();
  key.next(run.t0, kNowMs);
  HttpResponse f = status(200);
  f.body_error = "incomplete body (end of stream)";
  const auto a = key.on_response(f, run.t0, kNowMs);
  ASSERT_EQ(a.step, Step::wait_until);
  EXPECT_GT(a.until, run.t0);
  EXPECT_LE(a.until, run.t0 + 1000ms);
  EXPECT_EQ(run.quota.ledger().unknown(), 1u) << "charged, then cut off: counted as spent";
  EXPECT_EQ(key.next(run.t0, kNowMs).step, Step::wait_until) << "the back-off is not over";
  EXPECT_EQ(key.next(a.until, kNowMs).step, Step::send);
  key.on_response(ok(false), a.until, kNowMs);
  EXPECT_EQ(run.tally.retries, 1u) << "counted once the retry went out";
}

TEST(KeyAttempt, OkWithoutAParsedEnvelopeIsNeverStored) {
  Harness run;
  auto key = run.key();
  key.next(run.t0, kNowMs);
  EXPECT_EQ(key.on_response(status(200), run.t0, kNowMs).step, Step::wait_until);
  EXPECT_EQ(run.quota.ledger().unknown(), 1u);
}

TEST(KeyAttempt, AuthFailuresStopTheRunAtOnceAndSpendNothing) {
  for (int code : {401, 403}) {
    Harness run;
    auto key = run.key();
    key.next(run.t0, kNowMs);
    const auto a = key.on_response(status(code), run.t0, kNowMs);
    EXPECT_EQ(a.step, Step::stop_run) << code;
    EXPECT_EQ(a.reason, StopReason::auth);
    EXPECT_NE(a.message.find("check MY_KEY"), std::string::npos) << a.message;
    EXPECT_EQ(run.quota.ledger().counted(), 0u);
    EXPECT_EQ(run.quota.in_flight(), 0);
  }
}

TEST(KeyAttempt, RateLimitPausesEveryStartAndRetriesTheKeyWithoutFailing) {
  Harness run;
  auto key = run.key();
  key.next(run.t0, kNowMs);
  const auto a = key.on_response(status(429, "2"), run.t0, kNowMs);
  ASSERT_EQ(a.step, Step::wait_until);
  EXPECT_EQ(a.until, run.t0 + 2s);
  EXPECT_EQ(run.tally.rate_limited, 1u);
  EXPECT_EQ(run.quota.ledger().counted(), 0u);
  EXPECT_EQ(key.next(run.t0 + 2s, kNowMs).step, Step::send);
}

TEST(KeyAttempt, RateLimitedTooOftenInARowTheKeyIsRecordedFailed) {
  Harness run;  // cap: 3 in a row
  auto key = run.key();
  SteadyTime now = run.t0;
  int sent = 0;
  const auto a = drive(key, now, status(429, "1"), sent);
  ASSERT_EQ(a.step, Step::record_failed);
  EXPECT_EQ(sent, 4);
  EXPECT_EQ(a.status, 429);
  EXPECT_NE(a.message.find("rate limited 3 times in a row"), std::string::npos) << a.message;
  EXPECT_EQ(key.on_written({}).step, Step::finished);
  EXPECT_EQ(run.tally.failed, 1u);
}

TEST(KeyAttempt, QuotaExhaustionIsRememberedThenTheGateDecides) {
  Harness run;  // on_quota = stop
  auto key = run.key();
  key.next(run.t0, kNowMs);
  EXPECT_EQ(key.on_response(status(429), run.t0, kNowMs).step, Step::save_quota);
  EXPECT_TRUE(run.quota.exhausted());
  const auto a = key.next(run.t0, kNowMs);
  EXPECT_EQ(a.step, Step::stop_run);
  EXPECT_EQ(a.reason, StopReason::quota);
  EXPECT_EQ(run.quota.ledger().counted(), 0u);
}

TEST(KeyAttempt, ServerErrorsAreRetriedThenRecordedFailedAndMayHaveSpent) {
  Harness run(0, /*retries=*/2);
  auto key = run.key();
  SteadyTime now = run.t0;
  int sent = 0;
  // Retries spent while the service answered nothing else: whose trouble it is, nobody can tell.
  ASSERT_EQ(drive(key, now, status(500), sent).step, Step::hold);
  EXPECT_FALSE(key.ready_to_resume(now));
  EXPECT_EQ(run.tally.failed, 0u);
  run.other_key(ServiceSignal::Kind::answered);  // another key is answered: the failures were this key's
  ASSERT_TRUE(key.ready_to_resume(now));
  const auto a = key.resume(now, kNowMs);
  ASSERT_EQ(a.step, Step::record_failed);
  EXPECT_EQ(sent, 3) << "the first attempt and 2 retries";
  EXPECT_EQ(a.status, 500);
  EXPECT_EQ(run.quota.ledger().unknown(), 3u);
  EXPECT_EQ(run.tally.requests, 3u);
  EXPECT_EQ(run.tally.retries, 2u);
}

TEST(KeyAttempt, OtherClientErrorsFailTheKeyAtOnceAndSpendNothing) {
  for (int code : {400, 410, 422}) {
    Harness run;
    auto key = run.key();
    key.next(run.t0, kNowMs);
    const auto a = key.on_response(status(code), run.t0, kNowMs);
    EXPECT_EQ(a.step, Step::record_failed) << code;
    EXPECT_EQ(a.status, code);
    EXPECT_EQ(run.quota.ledger().counted(), 0u);
  }
}

TEST(KeyAttempt, ConnectionFailuresBeforeTheRequestWentOutSpendNothing) {
  Harness run;
  auto key = run.key();
  key.next(run.t0, kNowMs);
  EXPECT_EQ(key.on_response(network(/*sent=*/false), run.t0, kNowMs).step, Step::wait_until);
  EXPECT_EQ(run.quota.ledger().counted(), 0u);
}

TEST(KeyAttempt, ResetOrTimeoutAfterTheRequestWentOutIsAnUnknownOutcome) {
  Harness run;
  auto key = run.key();
  key.next(run.t0, kNowMs);
  EXPECT_EQ(key.on_response(network(/*sent=*/true), run.t0, kNowMs).step, Step::wait_until);
  EXPECT_EQ(run.quota.ledger().unknown(), 1u);
  EXPECT_EQ(run.quota.ledger().counted(), 1u);
}

TEST(KeyAttempt, CertificateRefusedStopsTheRunAndSpendsNothing) {
  Harness run;
  auto key = run.key();
  key.next(run.t0, kNowMs);
  HttpResponse f = network(false);
  f.tls_refused = true;
  f.network_error = "TLS: the certificate of localhost could not be verified";
  const auto a = key.on_response(f, run.t0, kNowMs);
  EXPECT_EQ(a.step, Step::stop_run);
  EXPECT_EQ(a.reason, StopReason::tls);
  EXPECT_EQ(a.message, f.network_error);
  EXPECT_EQ(run.quota.ledger().counted(), 0u);
  EXPECT_EQ(run.tally.requests, 0u) << "nothing was sent: the summary says so";
}

TEST(KeyAttempt, StaleConnectionIsResentAtOnceThroughTheGateTakingATokenAndABudgetSlot) {
  Harness run(/*max_searches=*/2);
  RateController limited({.rate = 1, .burst = 2}, run.t0);
  StartGate gate(run.quota, limited, run.health);
  KeyAttempt key({gate, run.quota, limited, run.backoff, run.tally, run.health}, run.config, run.item);
  ASSERT_EQ(key.next(run.t0, kNowMs).step, Step::send);
  const auto a = key.on_response(network(true, /*stale=*/true), run.t0, kNowMs);
  ASSERT_EQ(a.step, Step::send) << "no back-off for a stale kept-alive connection";
  EXPECT_EQ(run.tally.resent_stale, 1u);
  EXPECT_EQ(run.quota.ledger().counted(), 2u) << "the stale attempt may have spent; the resend holds a slot";
  EXPECT_GT(limited.wait_time(run.t0), Duration::zero()) << "both sends took a token";
  // Stale again: not a second immediate resend; and the budget (2) is used up.
  const auto b = key.on_response(network(true, true), run.t0, kNowMs);
  EXPECT_EQ(b.step, Step::wait_until);
  EXPECT_EQ(key.next(b.until, kNowMs).step, Step::stop_run);
}

TEST(KeyAttempt, BudgetCountsUnknownOutcomesSoEveryDroppedChargeIsCovered) {
  Harness run(/*max_searches=*/3, /*retries=*/10);
  int sent = 0;
  SteadyTime now = run.t0;
  for (int k = 0; k < 5; ++k) {
    auto key = run.key();
    const auto a = drive(key, now, network(true), sent);  // charged, then dropped
    if (a.step == Step::stop_run) {
      EXPECT_EQ(a.reason, StopReason::budget);
      break;
    }
  }
  EXPECT_EQ(sent, 3);
}

TEST(KeyAttempt, AStopEndsABackOffAndLeavesTheKeyForTheNextRun) {
  Harness run;
  auto key = run.key();
  key.next(run.t0, kNowMs);
  ASSERT_EQ(key.on_response(status(503), run.t0, kNowMs).step, Step::wait_until);
  run.gate.request_stop(StopReason::interrupted);
  EXPECT_EQ(key.next(run.t0, kNowMs).step, Step::finished);
  EXPECT_EQ(run.tally.failed, 0u);
}

TEST(KeyAttempt, AStoreFailureStopsTheRunNamingWhatWasLost) {
  Harness run;
  auto key = run.key();
  key.next(run.t0, kNowMs);
  key.on_response(ok(false), run.t0, kNowMs);
  const auto a = key.on_written(make_error(errc::store, "No space left on device"));
  EXPECT_EQ(a.step, Step::stop_run);
  EXPECT_EQ(a.reason, StopReason::store_failure);
  EXPECT_NE(a.message.find("this result was not saved: No space left on device"), std::string::npos);
  EXPECT_EQ(run.tally.stored, 0u);
}

TEST(KeyAttempt, EveryStartIsClosedByExactlyOneOutcome) {
  // Whatever the sequence of answers, nothing stays in flight once the key is settled.
  const HttpResponse answers[] = {status(500), network(true), network(false), status(429, "1"),
                                   network(true, true), status(408), status(502)};
  Harness run(0, /*retries=*/20);
  auto key = run.key();
  SteadyTime now = run.t0;
  KeyAttempt::Action a = key.next(now, kNowMs);
  for (const auto& f : answers) {
    while (a.step == Step::wait_until) {
      now = a.until;
      a = key.next(now, kNowMs);
    }
    ASSERT_EQ(a.step, Step::send);
    ASSERT_EQ(run.quota.in_flight(), 1);
    a = key.on_response(f, now, kNowMs);
    ASSERT_EQ(run.quota.in_flight(), a.step == Step::send ? 1 : 0);
  }
  while (a.step == Step::wait_until) {
    now = a.until;
    a = key.next(now, kNowMs);
  }
  ASSERT_EQ(a.step, Step::send);
  EXPECT_EQ(key.on_response(ok(false), now, kNowMs).step, Step::store);
  EXPECT_EQ(run.quota.in_flight(), 0);
  EXPECT_EQ(run.tally.requests, 7u) << "the connect failure sent nothing";
  EXPECT_EQ(run.tally.retries, 6u);
  EXPECT_EQ(run.quota.ledger().unknown(), 5u) << "500, reset after sending, stale, 408, 502";
}

TEST(KeyAttempt, TheStoreStepCarriesTheAnswerAsReceivedWithItsKeyJobAndQuota) {
  Harness run;
  auto key = run.key();
  key.next(run.t0, kNowMs);
  const HttpResponse answer = ok(false, 321);
  auto a = key.on_response(answer, run.t0, kNowMs);
  ASSERT_EQ(a.step, Step::store);
  ASSERT_TRUE(a.write);
  EXPECT_EQ(a.write->job, "job");
  const auto* put = std::get_if<PutResult>(&a.write->item);
  ASSERT_NE(put, nullptr);
  EXPECT_EQ(put->result.key, "k-espresso");
  EXPECT_EQ(put->result.q, "Espresso") << "the first-seen spelling";
  EXPECT_EQ(put->result.body, answer.body) << "exactly what the service sent";
  EXPECT_EQ(put->result.fetched_at_ms, kNowMs);
  EXPECT_TRUE(put->spent_search);
  EXPECT_EQ(put->attempts, 1u);
  EXPECT_EQ(put->envelope.result.question, "espresso");
  ASSERT_TRUE(a.write->quota);
  EXPECT_EQ(a.write->quota->searches_left, 321) << "the quota state is saved with the result";
}

TEST(KeyAttempt, TheFailureStepCarriesTheFailureToRecord) {
  Harness run;
  auto key = run.key();
  key.next(run.t0, kNowMs);
  auto a = key.on_response(status(400), run.t0, kNowMs);
  ASSERT_EQ(a.step, Step::record_failed);
  ASSERT_TRUE(a.write);
  const auto* failed = std::get_if<MarkFailed>(&a.write->item);
  ASSERT_NE(failed, nullptr);
  EXPECT_EQ(failed->key, "k-espresso");
  EXPECT_EQ(failed->attempts, 1u);
  EXPECT_EQ(failed->last_status, 400);
  EXPECT_EQ(failed->error, a.message);
}

TEST(KeyAttempt, AnExhaustionIsSavedAndAFailedSaveStopsTheRunLikeAFailedResultWrite) {
  Harness run;
  auto key = run.key();
  key.next(run.t0, kNowMs);
  auto a = key.on_response(status(429), run.t0, kNowMs);
  ASSERT_EQ(a.step, Step::save_quota);
  ASSERT_TRUE(a.write && a.write->quota);
  EXPECT_TRUE(std::holds_alternative<QuotaUpdate>(a.write->item));
  EXPECT_TRUE(a.write->quota->exhausted_until_ms) << "the exhaustion is what is saved";
  const auto stopped = key.on_quota_saved(make_error(errc::store, "No space left on device"), run.t0, kNowMs);
  EXPECT_EQ(stopped.step, Step::stop_run);
  EXPECT_EQ(stopped.reason, StopReason::store_failure);
  EXPECT_NE(stopped.message.find("exhausted quota was not saved"), std::string::npos) << stopped.message;
  EXPECT_NE(stopped.message.find("No space left on device"), std::string::npos) << stopped.message;
}

TEST(KeyAttempt, UnderAJobBudgetTheReservationIsWrittenBeforeTheRequestAndAFailedOneStopsTheRun) {
  QuotaState known;  // a quota seen before: the window is open from the first request
  known.searches_left = 1000;
  known.seen_at_ms = kNowMs;
  QuotaTracker quota({OnQuota::stop, false, 0, std::chrono::hours(1), /*job_allowance=*/100}, known, kNowMs);
  Harness run;
  SpendReservation reservation(100, /*step=*/1);
  StartGate gate(quota, run.rate, run.health, reservation);
  KeyAttempt key({gate, quota, run.rate, run.backoff, run.tally, run.health}, run.config, run.item);
  auto a = key.next(run.t0, kNowMs);
  ASSERT_EQ(a.step, Step::reserve);
  EXPECT_EQ(a.reserve_to, 1u);
  ASSERT_TRUE(a.write);
  auto* reserve = std::get_if<BudgetReserve>(&a.write->item);
  ASSERT_NE(reserve, nullptr);
  EXPECT_EQ(reserve->reserved, 1u);
  EXPECT_EQ(a.write->job, "job");
  EXPECT_EQ(quota.in_flight(), 0) << "nothing is sent before the reservation is durable";
  EXPECT_EQ(key.on_reserved({}, 1, run.t0, kNowMs).step, Step::send);
  EXPECT_EQ(quota.in_flight(), 1);

  KeyAttempt other({gate, quota, run.rate, run.backoff, run.tally, run.health}, run.config, run.item);
  a = other.next(run.t0, kNowMs);
  ASSERT_EQ(a.step, Step::reserve);
  const auto stopped = other.on_reserved(make_error(errc::store, "No space left on device"), a.reserve_to, run.t0, kNowMs);
  EXPECT_EQ(stopped.step, Step::stop_run);
  EXPECT_EQ(stopped.reason, StopReason::store_failure);
  EXPECT_NE(stopped.message.find("reservation"), std::string::npos) << stopped.message;
  EXPECT_EQ(reservation.reserved(), 1u);
}

TEST(KeyAttempt, ASavedExhaustionHandsTheKeyBackToTheGate) {
  Harness run;  // on_quota = stop
  auto key = run.key();
  key.next(run.t0, kNowMs);
  ASSERT_EQ(key.on_response(status(429), run.t0, kNowMs).step, Step::save_quota);
  const auto a = key.on_quota_saved({}, run.t0, kNowMs);
  EXPECT_EQ(a.step, Step::stop_run);
  EXPECT_EQ(a.reason, StopReason::quota);
}

TEST(KeyAttempt, AWriteTheStoreRefusesAsBadInputStopsTheRunAsBadInput) {
  Harness run;
  auto key = run.key();
  key.next(run.t0, kNowMs);
  key.on_response(ok(false), run.t0, kNowMs);
  const auto a = key.on_written(make_error(errc::invalid_input, "job name contains NUL"));
  EXPECT_EQ(a.step, Step::stop_run);
  EXPECT_EQ(a.reason, StopReason::input) << "the error's kind, not always a store failure";
}

TEST(KeyAttempt, ANotFoundOrWrongMethodStopsTheRunAsAWrongAddressAndFailsNoKey) {
  for (int code : {404, 405}) {
    Harness run;
    run.config.service = "https://localhost:8443";
    auto key = run.key();
    key.next(run.t0, kNowMs);
    HttpResponse r = status(code);
    r.body = R"({"error":"Not found"})";
    const auto a = key.on_response(r, run.t0, kNowMs);
    EXPECT_EQ(a.step, Step::stop_run) << code << ": never record_failed: the key is not at fault";
    EXPECT_EQ(a.reason, StopReason::config);
    EXPECT_FALSE(a.write) << "nothing is written for the key";
    EXPECT_NE(a.message.find("the service at https://localhost:8443 answered " + std::to_string(code)), std::string::npos)
        << a.message;
    EXPECT_NE(a.message.find("it ends in /api"), std::string::npos) << a.message;
    EXPECT_EQ(run.quota.ledger().counted(), 0u) << "a 404 spends nothing";
    EXPECT_EQ(run.quota.in_flight(), 0);
    EXPECT_EQ(run.tally.failed, 0u);
  }
}

TEST(KeyAttempt, AnHtmlPageWhereTheApisJsonBelongsStopsTheRunAndCountsAsPossiblySpent) {
  Harness run;
  auto key = run.key();
  key.next(run.t0, kNowMs);
  HttpResponse page = status(200);
  page.content_type = "text/html; charset=utf-8";
  page.body = "<!DOCTYPE html><html><body>Welcome</body></html>";
  const auto a = key.on_response(page, run.t0, kNowMs);
  EXPECT_EQ(a.step, Step::stop_run);
  EXPECT_EQ(a.reason, StopReason::config);
  EXPECT_NE(a.message.find("HTML page"), std::string::npos) << a.message;
  EXPECT_EQ(run.quota.ledger().unknown(), 1u) << "whether a page was charged nothing says";
  EXPECT_EQ(exit_code_for(a.reason), kExitUsage);
}

TEST(KeyAttempt, AKeyFailingAmongAnsweredKeysFailsOnItsOwnOnceTheServiceAnswersAgain) {
  Harness run(0, /*retries=*/2);
  auto key = run.key();
  SteadyTime now = run.t0;
  KeyAttempt::Action a = key.next(now, kNowMs);
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(a.step, Step::send);
    a = key.on_response(status(500), now, kNowMs);
    run.other_key(ServiceSignal::Kind::answered, 100 + static_cast<std::uint64_t>(i));
    while (a.step == Step::wait_until) {
      now = a.until;
      a = key.next(now, kNowMs);
    }
  }
  // Its last failure is the newest thing the service did: the next answer to another key tells.
  ASSERT_EQ(a.step, Step::hold);
  run.other_key(ServiceSignal::Kind::answered, 200);
  ASSERT_TRUE(key.ready_to_resume(now));
  EXPECT_EQ(key.resume(now, kNowMs).step, Step::record_failed) << "the service answered others between its attempts";
  EXPECT_EQ(key.attempts(), 3);
  EXPECT_EQ(run.tally.requests, 3u);
}

TEST(KeyAttempt, AnOutageVoidsTheKeysFailuresAndItsProbesNeverCount) {
  Harness run(0, /*retries=*/2);
  auto key = run.key();
  SteadyTime now = run.t0;
  HttpResponse refused = network(false);
  refused.failure = TransportFailure::refused;
  refused.network_error = "cannot connect to paa.example:443: Connection refused";
  ASSERT_EQ(key.next(now, kNowMs).step, Step::send);
  auto a = key.on_response(refused, now, kNowMs);
  ASSERT_EQ(a.step, Step::wait_until) << "a back-off: the key's first failure";
  // Seven more on other keys: an outage.
  for (std::uint64_t k = 1; k <= 7; ++k) run.other_key(ServiceSignal::Kind::transport, k, TransportFailure::refused);
  ASSERT_EQ(run.health.phase(), ServiceHealth::Phase::outage);
  // The key waits for the outage's probes; when the probe is its own, its failure counts for none.
  for (int probe = 0; probe < 5; ++probe) {
    a = key.next(now, kNowMs);
    while (a.step == Step::wait_until) {
      now = a.until;
      a = key.next(now, kNowMs);
    }
    ASSERT_EQ(a.step, Step::send);
    EXPECT_TRUE(a.health_probe);
    a = key.on_response(refused, now, kNowMs);
    EXPECT_EQ(a.event, ServiceHealth::Event::probe_failed);
    EXPECT_NE(a.step, Step::record_failed);
    EXPECT_NE(a.step, Step::hold);
  }
  EXPECT_EQ(run.tally.failed, 0u);
  // The service comes back on the next probe: the key is stored.
  while (a.step == Step::wait_until) {
    now = a.until;
    a = key.next(now, kNowMs);
  }
  ASSERT_EQ(a.step, Step::send);
  a = key.on_response(ok(false), now, kNowMs);
  EXPECT_EQ(a.step, Step::store);
  EXPECT_EQ(a.event, ServiceHealth::Event::outage_ended);
  EXPECT_EQ(run.health.phase(), ServiceHealth::Phase::up);
}

TEST(KeyAttempt, AHeldKeyWhoseFailuresAnOutageVoidedGoesOnWithItsRetries) {
  Harness run(0, /*retries=*/1);
  auto key = run.key();
  SteadyTime now = run.t0;
  int sent = 0;
  ASSERT_EQ(drive(key, now, status(503), sent).step, Step::hold);
  EXPECT_EQ(sent, 2);
  for (std::uint64_t k = 1; k <= 6; ++k) run.other_key(ServiceSignal::Kind::server_error, k);
  ASSERT_EQ(run.health.phase(), ServiceHealth::Phase::outage);
  ASSERT_TRUE(key.ready_to_resume(now));
  auto a = key.resume(now, kNowMs);
  ASSERT_EQ(a.step, Step::wait_until) << "it waits for the outage's probe";
  now = a.until;
  a = key.next(now, kNowMs);
  ASSERT_EQ(a.step, Step::send);
  EXPECT_EQ(key.on_response(ok(false), now, kNowMs).step, Step::store);
}

TEST(KeyAttempt, AWrongAddressAtTheStartStopsTheRunAndFailsNoKey) {
  Harness run;
  run.health = ServiceHealth({"https://localhost:1/api", 8, /*reached_before=*/false, std::chrono::hours(2), 2s, 60s, 60s});
  HttpResponse refused = network(false);
  refused.failure = TransportFailure::refused;
  refused.network_error = "cannot connect to localhost:1: Connection refused";
  std::vector<KeyAttempt> keys;
  std::vector<WorkItem> items(3, run.item);
  KeyAttempt::Action last;
  for (std::size_t i = 0; i < items.size(); ++i) {
    items[i].key = "k" + std::to_string(i);
    keys.push_back(KeyAttempt({run.gate, run.quota, run.rate, run.backoff, run.tally, run.health}, run.config, items[i]));
  }
  for (std::size_t i = 0; i < keys.size(); ++i) {
    ASSERT_EQ(keys[i].next(run.t0, kNowMs).step, Step::send);
    last = keys[i].on_response(refused, run.t0, kNowMs);
    if (i + 1 < keys.size()) {
      EXPECT_EQ(last.step, Step::wait_until) << "a back-off, as for any failure";
    }
  }
  ASSERT_EQ(last.step, Step::stop_run);
  EXPECT_EQ(last.reason, StopReason::config);
  EXPECT_EQ(last.message.rfind("https://localhost:1/api: connection refused: is the service running, is the port right?", 0), 0u)
      << last.message;
  EXPECT_EQ(exit_code_for(last.reason), kExitUsage);
  EXPECT_EQ(run.tally.failed, 0u);
  EXPECT_EQ(run.quota.ledger().counted(), 0u) << "nothing left the machine";
}

TEST(KeyAttempt, TheRunsFirstStoredAnswerRecordsThatTheAddressAnswered) {
  Harness run;
  run.config.service = "https://paa.example/api";
  auto first = run.key();
  first.next(run.t0, kNowMs);
  auto a = first.on_response(ok(false), run.t0, kNowMs);
  ASSERT_EQ(a.step, Step::store);
  EXPECT_EQ(a.write->reached_service, "https://paa.example/api");
  auto second = run.key();
  second.next(run.t0, kNowMs);
  a = second.on_response(ok(false), run.t0, kNowMs);
  EXPECT_EQ(a.write->reached_service, "") << "once a run";
}

TEST(KeyAttempt, ADiscoveredKeysWritesKeepTheAttributesItsEntryHolds) {
  Harness run;
  run.item.keep_attrs = true;
  auto key = run.key();
  key.next(run.t0, kNowMs);
  auto a = key.on_response(ok(false), run.t0, kNowMs);
  ASSERT_EQ(a.step, Step::store);
  EXPECT_TRUE(a.write->keep_attrs);
  auto other = run.key();
  other.next(run.t0, kNowMs);
  a = other.on_response(status(400), run.t0, kNowMs);
  ASSERT_EQ(a.step, Step::record_failed);
  EXPECT_TRUE(a.write->keep_attrs);
}
