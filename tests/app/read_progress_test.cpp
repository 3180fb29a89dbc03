// The read side's progress, step by step with a fake clock: nothing in the first two seconds, a
// bar every half second and at each phase, a log line every ten seconds, the ETA from the phase's
// own rate, the last line only when something was shown.
#include "paa/app/read_progress.hpp"

#include <gtest/gtest.h>

namespace paa::app {
namespace {

using std::chrono::milliseconds;

const SteadyTime t0{};
SteadyTime at(int ms) { return t0 + milliseconds(ms); }

TEST(ReadProgressMeter, AWorkDoneWithinTwoSecondsShowsNothing) {
  ReadProgressMeter bar(true, t0);
  EXPECT_FALSE(bar.phase(at(0), "reading results", 1000));
  EXPECT_FALSE(bar.done(at(1000), 500));
  EXPECT_FALSE(bar.phase(at(1500), "sorting the questions", 0));
  EXPECT_FALSE(bar.done(at(1999), 10));
  EXPECT_FALSE(bar.finish(at(1999)));
  EXPECT_FALSE(bar.shown());
}

TEST(ReadProgressMeter, ABarIsRedrawnEveryHalfSecondAndAtEachPhase) {
  ReadProgressMeter bar(true, t0);
  bar.phase(at(0), "reading results", 1000);
  auto first = bar.done(at(2000), 400);
  ASSERT_TRUE(first);
  // 400 of 1000 in 2 s: 200 a second, 600 left.
  EXPECT_EQ(*first, "reading results 400/1000 40.0% | ETA 3s | 2s in all");
  EXPECT_FALSE(bar.done(at(2400), 480));
  auto next = bar.done(at(2500), 500);
  ASSERT_TRUE(next);
  EXPECT_EQ(*next, "reading results 500/1000 50.0% | ETA 3s | 3s in all");
  // A new phase is drawn at once, however recent the last drawing.
  auto phase = bar.phase(at(2600), "clustering the topics", 0);
  ASSERT_TRUE(phase);
  EXPECT_EQ(*phase, "clustering the topics | 3s in all");
  auto last = bar.finish(at(4000));
  ASSERT_TRUE(last);
  EXPECT_EQ(*last, "done in 4s");
}

TEST(ReadProgressMeter, AFailedWorkEndsItsBarSayingItStopped) {
  ReadProgressMeter bar(true, t0);
  bar.phase(at(0), "reading results", 0);
  ASSERT_TRUE(bar.done(at(2500), 2048));
  auto last = bar.finish(at(3000), false);
  ASSERT_TRUE(last);
  EXPECT_EQ(*last, "stopped after 3s");
}

TEST(ReadProgressMeter, LogLinesComeEveryTenSecondsThenAtEachPhase) {
  ReadProgressMeter log(false, t0);
  log.phase(at(0), "reading results", 0);
  EXPECT_FALSE(log.done(at(2000), 10));
  EXPECT_FALSE(log.phase(at(5000), "sorting the questions", 100));  // no line yet: not a new one per phase
  EXPECT_FALSE(log.done(at(9999), 10));
  auto first = log.done(at(10000), 50);
  ASSERT_TRUE(first);
  EXPECT_EQ(*first, "sorting the questions 50/100 50.0% | ETA 5s | 10s in all");
  EXPECT_FALSE(log.done(at(19999), 60));
  EXPECT_TRUE(log.done(at(20000), 70));
  auto phase = log.phase(at(21000), "clustering the topics", 0);  // once lines are shown, each phase has one
  ASSERT_TRUE(phase);
  EXPECT_EQ(*phase, "clustering the topics | 21s in all");
  EXPECT_TRUE(log.finish(at(22000)));
}

TEST(ReadProgressMeter, ACountWithoutATotalHasNoPercentageNorETA) {
  ReadProgressMeter bar(true, t0);
  bar.phase(at(0), "reading results", 0);
  auto line = bar.done(at(3000), 4096);
  ASSERT_TRUE(line);
  EXPECT_EQ(*line, "reading results 4096 | 3s in all");
}

TEST(ReadProgressMeter, AnEstimateExceededStopsAtAHundredPercentWithoutAnETA) {
  ReadProgressMeter bar(true, t0);
  bar.phase(at(0), "reading results", 1000);  // RocksDB's estimate may be short
  auto line = bar.done(at(3000), 1100);
  ASSERT_TRUE(line);
  EXPECT_EQ(*line, "reading results 1100/1000 100.0% | 3s in all");
}

TEST(ReadProgressMeter, NoETAInAPhaseLessThanASecondOld) {
  ReadProgressMeter bar(true, t0);
  bar.phase(at(2500), "sorting the questions", 1000);
  auto line = bar.done(at(3000), 100);
  ASSERT_TRUE(line);
  EXPECT_EQ(*line, "sorting the questions 100/1000 10.0% | 3s in all");
}

TEST(ProgressCount, ReportsEveryStepAndNothingWithoutAProgress) {
  struct Recorder final : WorkProgress {
    std::vector<std::uint64_t> dones;
    std::string name;
    std::uint64_t total = 0;
    void phase(std::string_view n, std::uint64_t t) override { name = n, total = t; }
    void done(std::uint64_t d) override { dones.push_back(d); }
  } recorder;
  ProgressCount count(&recorder, "reading results", 5000);
  EXPECT_EQ(recorder.name, "reading results");
  EXPECT_EQ(recorder.total, 5000u);
  for (int i = 0; i < 3000; ++i) count.add();
  count.add(1000);
  EXPECT_EQ(recorder.dones, (std::vector<std::uint64_t>{1024, 2048, 4000}));
  ProgressCount silent(nullptr, "nothing");
  silent.add(5000);
  EXPECT_EQ(silent.count(), 5000u);
}

}  // namespace
}  // namespace paa::app
