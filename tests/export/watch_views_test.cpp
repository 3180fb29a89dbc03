// The stability and domains exports' rows on hand-built stores: figures counted by hand.
#include "paa/export/domains/domains_csv.hpp"
#include "paa/export/format_writer.hpp"
#include "paa/export/stability/stability_export.hpp"

#include "test_support.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace paa::exporting {
namespace {

using test::make_stored;

std::string body(const std::vector<std::pair<std::string, std::string>>& questions) {
  std::string b = R"({"cached":false,"result":{"question":"x","related":[],"children":[)";
  for (std::size_t i = 0; i < questions.size(); ++i) {
    if (i) b += ',';
    b += R"({"question":")" + questions[i].first + R"(","answer":"a")";
    if (!questions[i].second.empty()) b += R"(,"url":")" + questions[i].second + R"(","title":"t")";
    b += "}";
  }
  return b + "]}}";
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto end = text.find('\n', at);
    out.push_back(text.substr(at, end - at));
    at = end == std::string::npos ? text.size() : end + 1;
  }
  return out;
}

std::string domains_csv(const std::vector<StoredResult>& results, std::vector<std::string> own = {}) {
  StringSink sink;
  BufferedOutput out(sink, 64);
  FormatOptions o;
  o.format = ExportFormat::domains;
  auto parsed = watch::OwnDomains::parse(own);
  EXPECT_TRUE(parsed);
  if (parsed) o.own_domains = std::move(*parsed);
  auto writer = make_format_writer(o, out);
  writer->begin();
  for (const auto& r : results) EXPECT_TRUE(writer->add(r));
  EXPECT_TRUE(writer->finish());
  EXPECT_TRUE(out.flush());
  return sink.data;
}

TEST(DomainsExport, OneRowPerDomainMostAnswersFirstBucketsLast) {
  const auto a = make_stored("a", "en", "us", "",
                             body({{"Q1?", "https://www.bbc.co.uk/1"}, {"Q2?", "https://news.bbc.co.uk/2"},
                                   {"Q3?", "https://alice.github.io/x"}, {"Q4?", ""}, {"q1?", "https://other.com"}}));
  const auto b = make_stored("b", "en", "us", "",
                             body({{"Q1?", "https://bbc.co.uk/9"}, {"Q5?", "http://192.0.2.1/"}, {"Q6?", "not a url"}}));
  // Sourced pairs: a: Q1 Q2 Q3 (q1 repeats Q1: once), b: Q1 Q5 Q6 = 6.
  EXPECT_THAT(lines(domains_csv({a, b})),
              ::testing::ElementsAre("domain,answers,share,questions,keys,topics", "bbc.co.uk,3,0.5000,2,2,2",
                                     "alice.github.io,1,0.1667,1,1,1", "(ip address),1,0.1667,1,1,1",
                                     "(invalid url),1,0.1667,1,1,1", "(no source),1,,1,1,1"));
}

TEST(DomainsExport, YourDomainsAreMarked) {
  const auto a = make_stored("a", "en", "us", "", body({{"Q1?", "https://www.mine.com/1"}, {"Q2?", "https://x.org/"}}));
  EXPECT_THAT(lines(domains_csv({a}, {"mine.com"})),
              ::testing::ElementsAre("domain,answers,share,questions,keys,topics,yours", "mine.com,1,0.5000,1,1,1,true",
                                     "x.org,1,0.5000,1,1,1,false"));
}

TEST(DomainsExport, AnEmptySelectionIsTheHeaderAlone) {
  EXPECT_THAT(lines(domains_csv({})), ::testing::ElementsAre("domain,answers,share,questions,keys,topics"));
}

StoredResult version(const std::string& b, std::int64_t first, std::int64_t last) {
  auto r = make_stored("k", "en", "us", "", b, last);
  r.unchanged_since_ms = first;
  return r;
}

std::string stability_csv(const std::vector<StoredResult>& versions, const StabilityWindow& window,
                          const std::vector<std::string>& own = {}) {
  StringSink sink;
  BufferedOutput out(sink, 64);
  auto parsed = watch::OwnDomains::parse(own);
  EXPECT_TRUE(parsed);
  StabilityRows rows(out, false, *parsed);
  rows.begin();
  auto timeline = key_timeline(versions, window, 1000);
  EXPECT_TRUE(timeline);
  if (timeline->versions() > 0) rows.add(versions.back(), *timeline);
  EXPECT_TRUE(out.flush());
  return sink.data;
}

TEST(StabilityExport, RowsOfOneKeyOverItsVersionsInTheWindow) {
  const std::vector<StoredResult> v{
      version(body({{"S?", "https://mine.com/1"}, {"G?", "https://x.com"}, {"I?", ""}}), 1'000, 2'000),
      version(body({{"S?", "https://x.com/1"}, {"G?", "https://x.com"}}), 3'000, 3'000),
      version(body({{"S?", "https://x.com/1"}, {"I?", ""}, {"N?", "https://mine.com/n"}}), 4'000, 5'000)};
  EXPECT_THAT(lines(stability_csv(v, {}, {"mine.com"})),
              ::testing::ElementsAre(
                  std::string(kStabilityHeader) + ",owner",
                  "k,en,us,,S?,1970-01-01T00:00:01.000Z,1970-01-01T00:00:05.000Z,3,3,true,stable,lost",
                  "k,en,us,,G?,1970-01-01T00:00:01.000Z,1970-01-01T00:00:03.000Z,2,3,false,gone,none",  // gone: nobody holds it
                  "k,en,us,,I?,1970-01-01T00:00:01.000Z,1970-01-01T00:00:05.000Z,2,3,true,intermittent,none",
                  "k,en,us,,N?,1970-01-01T00:00:04.000Z,1970-01-01T00:00:05.000Z,1,3,true,new,yours"));
  // From 3.5 s: the version current then (the second) and the third; to 4.5 s: the third as
  // seen then (its first fetch only).
  EXPECT_THAT(lines(stability_csv(v, {3'500, 4'500})),
              ::testing::ElementsAre(std::string(kStabilityHeader),
                                     "k,en,us,,S?,1970-01-01T00:00:03.000Z,1970-01-01T00:00:04.000Z,2,2,true,stable",
                                     "k,en,us,,G?,1970-01-01T00:00:03.000Z,1970-01-01T00:00:03.000Z,1,2,false,gone",
                                     "k,en,us,,I?,1970-01-01T00:00:04.000Z,1970-01-01T00:00:04.000Z,1,2,true,new",
                                     "k,en,us,,N?,1970-01-01T00:00:04.000Z,1970-01-01T00:00:04.000Z,1,2,true,new"));
  // Before the first version: no row.
  EXPECT_THAT(lines(stability_csv(v, {0, 500})), ::testing::ElementsAre(std::string(kStabilityHeader)));
}

}  // namespace
}  // namespace paa::exporting
