#include "paa/notify/run_notice.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

using namespace paa;

namespace {

RunNotice sample() {
  RunNotice n;
  n.job = "coffee";
  n.run_id = "20261123-173601";
  n.outcome = "completed";
  n.exit_code = 5;
  n.started_at_ms = 1795455361000;
  n.ended_at_ms = 1795455400000;
  n.stored = 120;
  n.already_stored = 40;
  n.failed = 3;
  n.requests = 130;
  n.searches_spent = 118;
  n.searches_left = 4880;
  n.renewal_date = "2026-12-01";
  n.keys_new = 100;
  n.keys_changed = 12;
  n.keys_unchanged = 8;
  n.store = "/data/coffee.db";
  return n;
}

}  // namespace

TEST(RunNotice, BodyHoldsEveryFieldInSnakeCase) {
  const auto o = boost::json::parse(notice_body(sample())).as_object();
  EXPECT_EQ(o.at("job").as_string(), "coffee");
  EXPECT_EQ(o.at("run_id").as_string(), "20261123-173601");
  EXPECT_EQ(o.at("outcome").as_string(), "completed");
  EXPECT_EQ(o.at("exit_code").as_int64(), 5);
  EXPECT_EQ(o.at("started_at_ms").as_int64(), 1795455361000);
  EXPECT_EQ(o.at("ended_at_ms").as_int64(), 1795455400000);
  EXPECT_EQ(o.at("stored").to_number<int>(), 120);
  EXPECT_EQ(o.at("already_stored").to_number<int>(), 40);
  EXPECT_EQ(o.at("failed").to_number<int>(), 3);
  EXPECT_EQ(o.at("pending").to_number<int>(), 0);
  EXPECT_EQ(o.at("requests").to_number<int>(), 130);
  EXPECT_EQ(o.at("searches_spent").to_number<int>(), 118);
  EXPECT_EQ(o.at("searches_left").to_number<int>(), 4880);
  EXPECT_TRUE(o.at("payg_credits_left").is_null()) << "an unknown figure is null, not 0";
  EXPECT_EQ(o.at("renewal_date").as_string(), "2026-12-01");
  EXPECT_EQ(o.at("keys_new").to_number<int>(), 100);
  EXPECT_EQ(o.at("keys_changed").to_number<int>(), 12);
  EXPECT_EQ(o.at("keys_unchanged").to_number<int>(), 8);
  EXPECT_EQ(o.at("store").as_string(), "/data/coffee.db");
  EXPECT_EQ(o.at("text").as_string(), notice_text(sample()));
  EXPECT_EQ(o.size(), 20u);
}

TEST(RunNotice, TextIsTwoReadableLines) {
  EXPECT_EQ(notice_text(sample()),
            "paa run coffee (20261123-173601): completed (exit 5), 120 stored, 3 failed, 118 searches spent, "
            "4,880 left (renews 2026-12-01)\n"
            "since the previous run: 100 new keys, 12 changed, 8 unchanged");
}

TEST(RunNotice, TextLeavesOutWhatIsUnknownAndSaysPending) {
  RunNotice n;
  n.job = "j";
  n.run_id = "r";
  n.outcome = "quota";
  n.exit_code = 4;
  n.stored = 1234567;
  n.pending = 1;
  n.searches_spent = 1;
  n.keys_new = 1;
  EXPECT_EQ(notice_text(n),
            "paa run j (r): quota (exit 4), 1,234,567 stored, 0 failed, 1 pending, 1 search spent\n"
            "since the previous run: 1 new key, 0 changed, 0 unchanged");
  const auto o = boost::json::parse(notice_body(n)).as_object();
  EXPECT_TRUE(o.at("searches_left").is_null());
  EXPECT_TRUE(o.at("renewal_date").is_null());
}

TEST(RunNotice, JobNamesAreEscapedInJson) {
  RunNotice n = sample();
  n.job = "caf\xC3\xA9 \"quoted\"\n";
  const auto o = boost::json::parse(notice_body(n)).as_object();
  EXPECT_EQ(o.at("job").as_string(), n.job);
}

TEST(RunNotice, AlertsCarryEachKindsCountAndItemsAndAPlainTextBody) {
  RunNotice n = sample();
  RunNotice::Alerts alerts;
  alerts.domains = {"mine.com"};
  watch::AlertList lost;
  lost.count = 3;
  lost.items = {{"How long to brew?", "tea (en-us)", "mine.com", "rival.net"}};
  watch::AlertList fresh;
  fresh.count = 1;
  fresh.items = {{"Is tea a drug?", "tea (en-us)", "", "(no source)"}};
  alerts.kinds = {{watch::AlertKind::lost, lost}, {watch::AlertKind::won, {}}, {watch::AlertKind::new_questions, fresh}};
  n.alerts = alerts;
  EXPECT_TRUE(notice_has_news(n));
  const auto o = boost::json::parse(notice_body(n)).as_object();
  EXPECT_EQ(boost::json::serialize(o.at("alerts")),
            R"j({"domains":["mine.com"],"scope":"keys","lost":{"count":3,"items":[{"question":"How long to brew?","key":"tea (en-us)",)j"
            R"j("domain_before":"mine.com","domain_after":"rival.net"}]},"won":{"count":0,"items":[]},)j"
            R"j("new_questions":{"count":1,"items":[{"question":"Is tea a drug?","key":"tea (en-us)","domain_before":"",)j"
            R"j("domain_after":"(no source)"}]}})j");
  EXPECT_EQ(o.at("text").as_string(),
            "paa run coffee (20261123-173601): completed (exit 5), 120 stored, 3 failed, 118 searches spent, "
            "4,880 left (renews 2026-12-01)\n"
            "since the previous run: 100 new keys, 12 changed, 8 unchanged\n"
            "for mine.com: 3 lost, 0 won, 1 new questions");
  EXPECT_EQ(o.at("plain_text").as_string(), std::string(o.at("text").as_string()) +
                                                "\n\nLost (3):\n"
                                                "- How long to brew? [tea (en-us)]: mine.com -> rival.net\n"
                                                "- and 2 more\n"
                                                "\nWon (0): none\n"
                                                "\nNew questions (1):\n"
                                                "- Is tea a drug? [tea (en-us)]: answered by (no source)\n");
  EXPECT_EQ(o.size(), 22u);

  alerts.kinds = {{watch::AlertKind::won, {}}};
  n.alerts = alerts;
  EXPECT_FALSE(notice_has_news(n)) << "alerts asked for, none of them changed: nothing to send";
  n.alerts.reset();
  EXPECT_TRUE(notice_has_news(n)) << "without alerts, every run's summary is sent";
}

// RFC 4231, test case 2.
TEST(SignBody, MatchesTheRfc4231Vector) {
  EXPECT_EQ(sign_body("what do ya want for nothing?", "Jefe"),
            "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
}

// RFC 4231, test case 1: a binary key of twenty 0x0b bytes.
TEST(SignBody, AcceptsBinaryKeys) {
  EXPECT_EQ(sign_body("Hi There", std::string(20, '\x0b')),
            "sha256=b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
}
