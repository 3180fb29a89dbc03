#include "paa/emulator/service.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <cstdio>

namespace paa::emulator {
namespace {

namespace json = boost::json;
using namespace std::chrono;
using namespace std::chrono_literals;

const TimePoint t0 = sys_days{year{2025} / March / 10} + 12h;

ServiceConfig config() {
  ServiceConfig c;
  c.keys = {KeyConfig{"good-key", true, 2, 1}, KeyConfig{"off-key", false, 5, 0}};
  c.renewal_date = year{2025} / April / 1;
  c.faults.chunked_share = 0;
  return c;
}

struct Call {
  Service& s;
  Reply r;
  Reply& operator()(std::string_view target, std::optional<std::string_view> key = "good-key",
                    std::string_view method = "GET", TimePoint now = t0) {
    s.handle(RequestView{method, target, key}, now, r);
    return r;
  }
};

std::string error_of(const Reply& r) { return std::string(json::parse(r.body).at("error").as_string()); }

TEST(Service, AnswersAValidRequestWithAFullEnvelopeAndSpendsOneSearch) {
  Service s(config());
  Call call{s, {}};
  auto& r = call("/api/alsoask?q=coffee+beans&hl=en&gl=us");
  ASSERT_EQ(r.status, 200u);
  auto env = json::parse(r.body).as_object();
  EXPECT_EQ(env.at("cached").as_bool(), false);
  EXPECT_EQ(env.at("searchesLeft").as_int64(), 1);
  EXPECT_EQ(env.at("payAsYouGoCreditsLeft").as_int64(), 1);
  EXPECT_EQ(env.at("renewalDate").as_string(), "2025-04-01");
  EXPECT_EQ(env.at("result").at("question").as_string(), "coffee beans");
  EXPECT_EQ(r.key_id, "k1");
  EXPECT_EQ(*r.q, "coffee beans");
  EXPECT_FALSE(r.city);
  EXPECT_EQ(r.retry_after, 0u);
}

TEST(Service, PathAndMethodAreCheckedBeforeTheKey) {
  Service s(config());
  Call call{s, {}};
  EXPECT_EQ(call("/api/other?q=x&hl=en&gl=us", std::nullopt).status, 404u);
  EXPECT_EQ(error_of(call.r), "Not found");
  EXPECT_EQ(call("/alsoask?q=x&hl=en&gl=us").status, 404u);
  EXPECT_EQ(call("/api/alsoask?q=x&hl=en&gl=us", std::nullopt, "POST").status, 405u);
  EXPECT_TRUE(call.r.allow_get);
}

TEST(Service, MissingOrMalformedKeyIs401AndUnknownOrInactiveIs403) {
  Service s(config());
  Call call{s, {}};
  const std::string_view t = "/api/alsoask?q=x&hl=en&gl=us";
  EXPECT_EQ(call(t, std::nullopt).status, 401u);
  EXPECT_EQ(error_of(call.r), "Invalid token");
  EXPECT_EQ(call.r.key_id, "none");
  EXPECT_EQ(call(t, "").status, 401u);
  EXPECT_EQ(call(t, "has space").status, 401u);
  EXPECT_EQ(call(t, std::string(129, 'a')).status, 401u);
  EXPECT_EQ(call.r.key_id, "invalid");
  EXPECT_EQ(call(t, std::string(128, 'a')).status, 403u);
  EXPECT_EQ(error_of(call.r), "Invalid API Key");
  EXPECT_EQ(call.r.key_id, "unknown");
  EXPECT_EQ(call(t, "off-key").status, 403u);
  EXPECT_EQ(call.r.key_id, "k2");
}

TEST(Service, AuthIsCheckedBeforeParameters) {
  Service s(config());
  Call call{s, {}};
  EXPECT_EQ(call("/api/alsoask", std::nullopt).status, 401u);
  EXPECT_EQ(call("/api/alsoask", "nobody").status, 403u);
  EXPECT_EQ(call("/api/alsoask", "good-key").status, 400u);
}

TEST(Service, MissingOrEmptyRequiredParameterIs400NamingIt) {
  Service s(config());
  Call call{s, {}};
  EXPECT_EQ(call("/api/alsoask?hl=en&gl=us").status, 400u);
  EXPECT_EQ(error_of(call.r), "Missing required parameter: q");
  EXPECT_EQ(call("/api/alsoask?q=&hl=en&gl=us").status, 400u);
  EXPECT_EQ(error_of(call.r), "Missing required parameter: q");
  EXPECT_EQ(call("/api/alsoask?q=a&gl=us").status, 400u);
  EXPECT_EQ(error_of(call.r), "Missing required parameter: hl");
  EXPECT_EQ(call("/api/alsoask?q=a&hl=en&gl").status, 400u);
  EXPECT_EQ(error_of(call.r), "Missing required parameter: gl");
  EXPECT_EQ(call("/api/alsoask?q=%ZZ&hl=en&gl=us").status, 400u);
  EXPECT_EQ(call("/api/alsoask?q=%FF&hl=en&gl=us").status, 400u);  // not UTF-8
  EXPECT_EQ(call("/api/alsoask?q=a&hl=en&gl=us&city=").status, 200u);  // city is optional and may be empty
  EXPECT_EQ(*call.r.city, "");
}

TEST(Service, RepeatWithinTtlIsCachedSpendsNothingAndStillReportsQuota) {
  Service s(config());
  Call call{s, {}};
  call("/api/alsoask?q=coffee&hl=en&gl=us");
  auto& r = call("/api/alsoask?q=coffee&hl=en&gl=us", "good-key", "GET", t0 + 10s);
  auto env = json::parse(r.body).as_object();
  EXPECT_TRUE(env.at("cached").as_bool());
  EXPECT_TRUE(r.cached);
  EXPECT_EQ(env.at("searchesLeft").as_int64(), 1);
  auto& again = call("/api/alsoask?q=coffee&hl=en&gl=us&city=Paris");
  EXPECT_FALSE(again.cached);
}

TEST(Service, CachedAndFreshAnswersCarryTheSameResult) {
  Service s(config());
  Call call{s, {}};
  std::string first = call("/api/alsoask?q=coffee&hl=en&gl=us").body;
  std::string second = call("/api/alsoask?q=coffee&hl=en&gl=us").body;
  EXPECT_EQ(json::parse(first).at("result"), json::parse(second).at("result"));
}

TEST(Service, ExhaustedQuotaIs429WithoutRetryAfterAfterPaygIsSpent) {
  Service s(config());
  Call call{s, {}};
  for (int i = 0; i < 3; ++i) EXPECT_EQ(call("/api/alsoask?q=q" + std::to_string(i) + "&hl=en&gl=us").status, 200u);
  EXPECT_EQ(json::parse(call.r.body).at("payAsYouGoCreditsLeft").as_int64(), 0);
  auto& r = call("/api/alsoask?q=another&hl=en&gl=us");
  EXPECT_EQ(r.status, 429u);
  EXPECT_EQ(error_of(r), "Rate limit exceeded");
  EXPECT_EQ(r.retry_after, 0u);
  // A cached answer is still served when the quota is empty.
  EXPECT_EQ(call("/api/alsoask?q=q0&hl=en&gl=us").status, 200u);
  EXPECT_TRUE(call.r.cached);
}

TEST(Service, RenewAfterSecondsLetsAnExhaustedKeyResume) {
  auto c = config();
  c.renew_after = 30s;
  Service s(c);
  Call call{s, {}};
  for (int i = 0; i < 3; ++i) call("/api/alsoask?q=q" + std::to_string(i) + "&hl=en&gl=us");
  EXPECT_EQ(call("/api/alsoask?q=x&hl=en&gl=us", "good-key", "GET", t0 + 29s).status, 429u);
  auto& r = call("/api/alsoask?q=x&hl=en&gl=us", "good-key", "GET", t0 + 31s);
  ASSERT_EQ(r.status, 200u);
  auto env = json::parse(r.body).as_object();
  EXPECT_EQ(env.at("searchesLeft").as_int64(), 1);
  // With the knob, renewalDate announces the day the quota really resets (t0's day here).
  const year_month_day day{floor<days>(t0 + 61s)};
  char expected[16];
  std::snprintf(expected, sizeof expected, "%04d-%02u-%02u", int(day.year()), unsigned(day.month()),
                unsigned(day.day()));
  EXPECT_EQ(env.at("renewalDate").as_string(), expected);
}

TEST(Service, RateLimitIs429WithRetryAfterAndComesBeforeQuota) {
  auto c = config();
  c.rate_limit = 1;
  Service s(c);
  Call call{s, {}};
  EXPECT_EQ(call("/api/alsoask?q=a&hl=en&gl=us").status, 200u);
  auto& r = call("/api/alsoask?q=b&hl=en&gl=us", "good-key", "GET", t0 + 100ms);
  EXPECT_EQ(r.status, 429u);
  EXPECT_EQ(r.retry_after, 1u);
  EXPECT_EQ(error_of(r), "Rate limit exceeded");
  auto stats = json::parse(s.stats_json(t0)).as_object();
  EXPECT_EQ(stats.at("keys").as_array()[0].at("searchesLeft").as_int64(), 1);  // the 429 spent nothing
}

TEST(Service, FaultsSpendNothing) {
  for (auto set : {+[](FaultRates& f) { f.error_500 = 1; }, +[](FaultRates& f) { f.reset = 1; },
                   +[](FaultRates& f) { f.invalid_json = 1; }, +[](FaultRates& f) { f.hostile = HostileMode::missing_result; }}) {
    auto c = config();
    set(c.faults);
    Service s(c);
    Call call{s, {}};
    auto& r = call("/api/alsoask?q=a&hl=en&gl=us");
    EXPECT_NE(r.fault, Fault::none);
    auto stats = json::parse(s.stats_json(t0)).as_object();
    EXPECT_EQ(stats.at("keys").as_array()[0].at("searchesLeft").as_int64(), 2);
  }
}

TEST(Service, PlantedFailuresAnswer500ToTheirQueryOnlyEveryTimeAndSpendNothing) {
  auto c = config();
  c.fail_queries = {"bad coffee", "Café"};
  Service s(c);
  Call call{s, {}};
  for (int i = 0; i < 3; ++i) {
    auto& r = call("/api/alsoask?q=bad+coffee&hl=en&gl=us");
    EXPECT_EQ(r.status, 500u);
    EXPECT_EQ(r.fault, Fault::error_500);
    EXPECT_EQ(error_of(r), "Internal server error");
  }
  EXPECT_EQ(call("/api/alsoask?q=Caf%C3%A9&hl=de&gl=de").status, 500u) << "matched as decoded";
  EXPECT_EQ(call("/api/alsoask?q=bad+coffee+beans&hl=en&gl=us").status, 200u) << "exact match only";
  EXPECT_EQ(call("/api/alsoask?q=caf%C3%A9&hl=de&gl=de").status, 200u) << "case counts";
  auto stats = json::parse(s.stats_json(t0)).as_object();
  EXPECT_EQ(stats.at("keys").as_array()[0].at("searchesLeft").as_int64(), 0) << "only the two 200s spent";
}

TEST(Service, ChargeDropSpendsASearchAndAnswersNothing) {
  auto c = config();
  c.faults.charge_drop = 1;
  Service s(c);
  Call call{s, {}};
  auto& r = call("/api/alsoask?q=a&hl=en&gl=us");
  EXPECT_EQ(r.fault, Fault::charge_drop);
  EXPECT_EQ(r.status, 0u) << "the connection is reset";
  EXPECT_TRUE(r.charged);
  auto stats = json::parse(s.stats_json(t0)).as_object();
  EXPECT_EQ(stats.at("keys").as_array()[0].at("searchesLeft").as_int64(), 1);
  std::string line;
  format_log_line(line, r, 0, 1);
  EXPECT_EQ(json::parse(line).at("charged"), json::value(true));
  EXPECT_EQ(json::parse(line).at("fault"), json::value("charge-drop"));
  // Served from the cache next time: nothing charged, still dropped.
  auto& again = call("/api/alsoask?q=a&hl=en&gl=us");
  EXPECT_FALSE(again.charged);
  EXPECT_EQ(again.status, 0u);
}

TEST(Service, FaultBodiesHaveTheirDocumentedShape) {
  auto with = [](auto set) {
    auto c = config();
    set(c.faults);
    Service s(c);
    Reply r;
    s.handle(RequestView{"GET", "/api/alsoask?q=a&hl=en&gl=us", "good-key"}, t0, r);
    return r;
  };
  auto r500 = with([](FaultRates& f) { f.error_500 = 1; });
  EXPECT_EQ(r500.status, 500u);
  EXPECT_EQ(error_of(r500), "Internal server error");
  EXPECT_EQ(with([](FaultRates& f) { f.reset = 1; }).status, 0u);
  auto bad = with([](FaultRates& f) { f.invalid_json = 1; });
  EXPECT_EQ(bad.status, 200u);
  boost::system::error_code ec;
  json::parse(bad.body, ec);
  EXPECT_TRUE(ec);
  auto truncated = with([](FaultRates& f) { f.truncate = 1; });
  EXPECT_EQ(truncated.status, 200u);  // the server cuts it off; the answer itself is normal and paid
  EXPECT_EQ(truncated.fault, Fault::truncate);
}

TEST(Service, HostileBodiesAreWhatTheirNamesSay) {
  auto body = [](HostileMode m) {
    auto c = config();
    c.faults.hostile = m;
    Service s(c);
    Reply r;
    s.handle(RequestView{"GET", "/api/alsoask?q=a&hl=en&gl=us", "good-key"}, t0, r);
    EXPECT_EQ(r.status, 200u);
    return r;
  };
  json::parse_options deep;
  deep.max_depth = 100000;
  auto nested = json::parse(body(HostileMode::deep_nesting).body, {}, deep);
  EXPECT_TRUE(nested.is_object());
  EXPECT_TRUE(json::parse(body(HostileMode::array_top_level).body).is_array());
  EXPECT_TRUE(json::parse(body(HostileMode::searches_left_string).body).at("searchesLeft").is_string());
  EXPECT_FALSE(json::parse(body(HostileMode::missing_result).body).as_object().contains("result"));
  boost::system::error_code ec;
  json::parse(body(HostileMode::invalid_utf8).body, ec);
  EXPECT_TRUE(ec);
  auto huge = body(HostileMode::huge);
  EXPECT_TRUE(huge.huge);
}

TEST(Service, HugeBodyIsValidJsonOfExactlyTheAnnouncedSize) {
  HugeBody h(R"({"cached":false,"result":)", 300000);
  std::string all, piece;
  while (h.next(piece, 4096)) all += piece;
  EXPECT_EQ(all.size(), h.size());
  EXPECT_GT(all.size(), 290000u);
  EXPECT_NO_THROW(json::parse(all));
  EXPECT_EQ(HugeBody("{\"result\":").size() / (1 << 20), 99u);
}

TEST(Service, StatsCountStatusesAndShowQuotaPerKeyIdWithoutSecrets) {
  Service s(config());
  Call call{s, {}};
  call("/api/alsoask?q=a&hl=en&gl=us");
  call("/api/alsoask?q=a&hl=en&gl=us", std::nullopt);
  call("/nope");
  auto& r = call("/_emulator/stats", std::nullopt);
  EXPECT_EQ(r.status, 200u);
  EXPECT_FALSE(r.logged);
  EXPECT_EQ(r.body.find("good-key"), std::string::npos);
  auto stats = json::parse(r.body).as_object();
  EXPECT_EQ(stats.at("requests").as_int64(), 3);
  EXPECT_EQ(stats.at("status").at("200").as_int64(), 1);
  EXPECT_EQ(stats.at("status").at("401").as_int64(), 1);
  EXPECT_EQ(stats.at("status").at("404").as_int64(), 1);
  const auto& k1 = stats.at("keys").as_array()[0].as_object();
  EXPECT_EQ(k1.at("key_id").as_string(), "k1");
  EXPECT_EQ(k1.at("searchesLeft").as_int64(), 1);
}

TEST(Service, LogLineCarriesTheRequestButNeverTheSecret) {
  Service s(config());
  Reply r;
  s.handle(RequestView{"GET", "/api/alsoask?q=caf%C3%A9+%22x%22&hl=fr&gl=fr&city=Paris", "good-key"}, t0, r);
  std::string line;
  format_log_line(line, r, 1700000000123, 42);
  ASSERT_EQ(line.back(), '\n');
  EXPECT_EQ(line.find("good-key"), std::string::npos);
  auto o = json::parse(line).as_object();
  EXPECT_EQ(o.at("t").as_int64(), 1700000000123);
  EXPECT_EQ(o.at("key_id").as_string(), "k1");
  EXPECT_EQ(o.at("q").as_string(), "café \"x\"");
  EXPECT_EQ(o.at("city").as_string(), "Paris");
  EXPECT_EQ(o.at("status").as_int64(), 200);
  EXPECT_EQ(o.at("cached").as_bool(), false);
  EXPECT_TRUE(o.at("fault").is_null());
  EXPECT_EQ(o.at("conn").as_int64(), 42);

  s.handle(RequestView{"GET", "/api/alsoask", std::nullopt}, t0, r);
  format_log_line(line, r, 1, 1);
  auto o2 = json::parse(line).as_object();
  EXPECT_TRUE(o2.at("q").is_null());
  EXPECT_EQ(o2.at("key_id").as_string(), "none");
}

TEST(Service, WellFormedKeyRule) {
  EXPECT_TRUE(is_well_formed_key("abc-DEF_123.x"));
  EXPECT_FALSE(is_well_formed_key(""));
  EXPECT_FALSE(is_well_formed_key("a/b"));
  EXPECT_FALSE(is_well_formed_key("ключ"));
  EXPECT_TRUE(is_well_formed_key(std::string(128, 'k')));
  EXPECT_FALSE(is_well_formed_key(std::string(129, 'k')));
}

}  // namespace
}  // namespace paa::emulator
