#include "paa/policy/outcome_policy.hpp"

#include <gtest/gtest.h>

using namespace paa;

namespace {
const auto kNow = std::chrono::system_clock::from_time_t(1795000000);
}  // namespace

namespace {
Outcome of(int status, std::string_view retry_after = {}, std::string_view body_error = {}) {
  ResponseFacts f;
  f.status = status;
  f.retry_after = retry_after;
  f.body_error = body_error;
  return classify(f, kNow);
}
}  // namespace

TEST(OutcomePolicy, ValidOkIsStored) { EXPECT_EQ(of(200).verdict, Verdict::store); }

TEST(OutcomePolicy, OkWithUnusableBodyIsTransient) {
  EXPECT_EQ(of(200, {}, "response body is not valid JSON").verdict, Verdict::retry);
}

TEST(OutcomePolicy, AuthFailuresStopTheRunAndAreNeverRetried) {
  EXPECT_EQ(of(401).verdict, Verdict::stop_auth);
  EXPECT_EQ(of(403).verdict, Verdict::stop_auth);
  EXPECT_NE(auth_failure_message(401, "PAA_API_KEY").find("check PAA_API_KEY"), std::string::npos);
  EXPECT_NE(auth_failure_message(403, "MY_KEY").find("403 Invalid API Key"), std::string::npos);
}

TEST(OutcomePolicy, TooManyRequestsWithRetryAfterIsARateLimit) {
  const auto o = of(429, "7");
  EXPECT_EQ(o.verdict, Verdict::rate_limited);
  ASSERT_TRUE(o.retry_after);
  EXPECT_EQ(*o.retry_after, std::chrono::seconds(7));
}

TEST(OutcomePolicy, UnreadableRetryAfterStillMeansRateLimitWithADefault) {
  const auto o = of(429, "soon");
  EXPECT_EQ(o.verdict, Verdict::rate_limited);
  EXPECT_EQ(*o.retry_after, std::chrono::seconds(1));
}

TEST(OutcomePolicy, TooManyRequestsWithoutRetryAfterIsQuotaExhaustion) {
  EXPECT_EQ(of(429).verdict, Verdict::quota_exhausted);
}

TEST(OutcomePolicy, ServerErrorsAndNetworkFailuresAreRetried) {
  EXPECT_EQ(of(500).verdict, Verdict::retry);
  EXPECT_EQ(of(502).verdict, Verdict::retry);
  EXPECT_EQ(of(503).verdict, Verdict::retry);
  ResponseFacts f;
  f.status = 0;
  f.network_error = "connection reset";
  EXPECT_EQ(classify(f, kNow).verdict, Verdict::retry);
}

TEST(OutcomePolicy, OtherClientErrorsFailTheKeyAtOnceWithAnExcerpt) {
  ResponseFacts f;
  f.status = 400;
  f.body_excerpt = "{\"error\":\"Missing required parameter: q\"}\n";
  const auto o = classify(f, kNow);
  EXPECT_EQ(o.verdict, Verdict::fail_key);
  EXPECT_NE(o.reason.find("400"), std::string::npos);
  EXPECT_NE(o.reason.find("Missing required parameter"), std::string::npos);
  EXPECT_EQ(of(410).verdict, Verdict::fail_key);
}

TEST(OutcomePolicy, NotFoundWrongMethodAndHtmlPagesMeanTheAddressIsNotTheApi) {
  EXPECT_EQ(of(404).verdict, Verdict::stop_config);
  EXPECT_EQ(of(405).verdict, Verdict::stop_config);
  EXPECT_EQ(of(404).spend, Spend::free);
  ResponseFacts page;
  page.status = 200;
  page.content_type = "Text/HTML";
  EXPECT_EQ(classify(page, kNow).verdict, Verdict::stop_config);
  ResponseFacts untyped;
  untyped.status = 200;
  untyped.body_excerpt = "\n  <!doctype html><html>...";
  untyped.body_error = "response body is not valid JSON";
  EXPECT_EQ(classify(untyped, kNow).verdict, Verdict::stop_config) << "no Content-Type: the body tells";
  EXPECT_EQ(classify(untyped, kNow).spend, Spend::unknown);
  ResponseFacts json;
  json.status = 200;
  json.content_type = "application/json";
  json.body_excerpt = "{\"result\":{}}";
  EXPECT_EQ(classify(json, kNow).verdict, Verdict::store);
  EXPECT_EQ(of(502).verdict, Verdict::retry) << "a proxy's error page is the server's trouble, retried";
}


namespace {
Outcome transport(bool sent, bool stale = false) {
  ResponseFacts f;
  f.network_error = "connection reset";
  f.request_sent = sent;
  f.stale = stale;
  return classify(f, kNow);
}
}  // namespace

TEST(OutcomePolicy, WhatEachEndSpent) {
  EXPECT_EQ(of(200).spend, Spend::answer);
  EXPECT_EQ(of(200, {}, "incomplete body").spend, Spend::unknown) << "charged, then cut off";
  EXPECT_EQ(of(500).spend, Spend::unknown);
  EXPECT_EQ(of(503).spend, Spend::unknown);
  EXPECT_EQ(of(408).spend, Spend::unknown);
  EXPECT_EQ(of(401).spend, Spend::free);
  EXPECT_EQ(of(403).spend, Spend::free);
  EXPECT_EQ(of(429).spend, Spend::free);
  EXPECT_EQ(of(429, "3").spend, Spend::free);
  EXPECT_EQ(of(400).spend, Spend::free);
  EXPECT_EQ(of(404).spend, Spend::free);
  EXPECT_EQ(transport(/*sent=*/true).spend, Spend::unknown) << "reset or timeout after the request went out";
  EXPECT_EQ(transport(/*sent=*/false).spend, Spend::free) << "connect, TLS or write failure";
}

TEST(OutcomePolicy, AStaleKeptAliveConnectionIsResentAtOnceButStillMayHaveSpent) {
  const auto o = transport(true, /*stale=*/true);
  EXPECT_EQ(o.verdict, Verdict::retry);
  EXPECT_TRUE(o.resend_now);
  EXPECT_EQ(o.spend, Spend::unknown);
  EXPECT_FALSE(transport(true).resend_now);
}

TEST(OutcomePolicy, AnHttpDateRetryAfterIsReadAgainstTheTimeGivenNotTheClock) {
  // classify() is pure: the pause a dated Retry-After asks for depends on the `now` passed in.
  ResponseFacts f;
  f.status = 429;
  f.retry_after = "Sun, 06 Nov 1994 08:50:37 GMT";
  const auto at = std::chrono::system_clock::from_time_t(784111777);  // 08:49:37 that day
  EXPECT_EQ(classify(f, at).retry_after, std::chrono::seconds(60));
  EXPECT_EQ(classify(f, at + std::chrono::seconds(50)).retry_after, std::chrono::seconds(10));
}
