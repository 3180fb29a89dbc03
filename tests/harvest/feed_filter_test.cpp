#include "paa/harvest/feed_filter.hpp"

#include "support/memory_store.hpp"

#include <gtest/gtest.h>


using namespace paa;

using FakeStore = paa::test::MemoryStore;

TEST(FeedFilter, NewKeysAreFetched) {
  FakeStore store;
  FeedFilter f({}, RefreshRule{});
  EXPECT_EQ(f.decide("j", "k1", 1, store).value(), Feed::fetch);
}

// A rerun of a finished million-key job asks this for every key: the progress entry answers it,
// without the results family's index and data blocks (BENCHMARKS.md case 7's rerun).
TEST(FeedFilter, KeysDoneForThisJobAreSkippedOnTheirProgressAlone) {
  FakeStore store;
  store.results["k1"] = "{}";
  store.progress_of["k1"] = ProgressEntry{};
  FeedFilter f({}, RefreshRule{});
  EXPECT_EQ(f.decide("j", "k1", 1, store).value(), Feed::stored);
  EXPECT_EQ(store.result_lookups, 0);
}

// A list edited since its keys were stored (a volume updated, a column added): the done entry
// gets the new attributes through a MarkDone, nothing is fetched; the same ones need nothing.
TEST(FeedFilter, AKeyDoneHereWhoseListGivesOtherAttributesIsRelabelledForFree) {
  FakeStore store;
  store.results["k1"] = "{}";
  store.fetched_at_of["k1"] = 10'000;  // not due for refresh_after below
  ProgressEntry done;
  done.attrs.fields = {{"volume", "10"}};
  done.attrs.volume = 10;
  store.progress_of["k1"] = done;
  FeedFilter f({}, RefreshRule{});
  SeedAttributes same = done.attrs;
  SeedAttributes other;
  other.fields = {{"volume", "20"}};
  other.volume = 20;
  EXPECT_EQ(f.decide("j", "k1", 1, store, &same).value(), Feed::stored);
  EXPECT_EQ(f.decide("j", "k1", 1, store, &other).value(), Feed::stored_new_attributes);
  EXPECT_EQ(f.decide("j", "k1", 1, store, nullptr).value(), Feed::stored) << "a discovered key has none of its own";
  EXPECT_EQ(FeedFilter({}, RefreshRule::after(5'000, 14'000)).decide("j", "k1", 1, store, &other).value(),
            Feed::stored_new_attributes);
  EXPECT_EQ(store.result_lookups, 0);
}

TEST(FeedFilter, AKeyThatFailedHereAndIsNotStoredIsFetchedAgain) {
  FakeStore store;
  ProgressEntry failed;
  failed.state = ProgressState::failed;
  store.progress_of["k1"] = failed;
  FeedFilter f({}, RefreshRule{});
  EXPECT_EQ(f.decide("j", "k1", 1, store).value(), Feed::fetch);
  EXPECT_EQ(store.result_lookups, 1);
}

TEST(FeedFilter, KeysStoredByAnotherJobOrFailedHereAreMarkedDoneForFree) {
  FakeStore store;
  store.results["k1"] = "{}";
  store.results["k2"] = "{}";
  ProgressEntry failed;
  failed.state = ProgressState::failed;
  store.progress_of["k2"] = failed;
  FeedFilter f({}, RefreshRule{});
  EXPECT_EQ(f.decide("j", "k1", 1, store).value(), Feed::stored_elsewhere);
  EXPECT_EQ(f.decide("j", "k2", 2, store).value(), Feed::stored_elsewhere);
}

TEST(FeedFilter, RepeatedKeysGoOncePerRunWithoutAskingTheStore) {
  FakeStore store;
  const std::vector<std::uint64_t> repeated{5, 9};
  FeedFilter f(repeated, RefreshRule{});
  EXPECT_EQ(f.decide("j", "k", 9, store).value(), Feed::fetch);
  const int before = store.lookups;
  EXPECT_EQ(f.decide("j", "k", 9, store).value(), Feed::repeat);
  EXPECT_EQ(store.lookups, before);
}

TEST(FeedFilter, RefreshFetchesStoredKeysOnceWithoutLookingThemUp) {
  FakeStore store;
  store.results["k1"] = "{}";
  const std::vector<std::uint64_t> repeated{1};
  FeedFilter f(repeated, RefreshRule{true, std::nullopt});
  EXPECT_EQ(f.decide("j", "k1", 1, store).value(), Feed::fetch);
  EXPECT_EQ(f.decide("j", "k1", 1, store).value(), Feed::repeat);
  EXPECT_EQ(store.lookups, 0);
}

TEST(FeedFilter, RefreshAfterFetchesOnlyKeysOlderThanTheCutOff) {
  FakeStore store;
  store.results["old"] = "{}";
  store.fetched_at_of["old"] = 1'000;
  store.results["new"] = "{}";
  store.fetched_at_of["new"] = 9'000;
  store.progress_of["old"] = ProgressEntry{};
  store.progress_of["new"] = ProgressEntry{};
  // refresh_after 5 s in a run that started at 10 s: fetched before 5 s is due.
  FeedFilter f({}, RefreshRule::after(5'000, 10'000));
  EXPECT_EQ(f.decide("j", "old", 1, store).value(), Feed::refresh);
  EXPECT_EQ(f.decide("j", "new", 2, store).value(), Feed::stored);
  EXPECT_EQ(f.decide("j", "missing", 3, store).value(), Feed::fetch);
}

TEST(FeedFilter, AKeyRefreshedInThisRunIsNotDueAgain) {
  FakeStore store;
  store.results["k"] = "{}";
  store.fetched_at_of["k"] = 1'000;
  const RefreshRule rule = RefreshRule::after(5'000, 10'000);
  FeedFilter f({}, rule);
  EXPECT_EQ(f.decide("j", "k", 1, store).value(), Feed::refresh);
  store.fetched_at_of["k"] = 10'500;  // the refresh landed (a level of an expansion, or a rerun)
  store.progress_of["k"] = ProgressEntry{};
  EXPECT_EQ(FeedFilter({}, rule).decide("j", "k", 1, store).value(), Feed::stored);
  // A rerun started later, still within the duration of that refresh: not due either.
  EXPECT_EQ(FeedFilter({}, RefreshRule::after(5'000, 14'000)).decide("j", "k", 1, store).value(), Feed::stored);
}

TEST(FeedFilter, AStoreErrorIsReportedNotTakenAsNotStored) {
  FakeStore store;
  store.broken_lookups = true;
  FeedFilter f({}, RefreshRule{});
  auto r = f.decide("j", "k1", 1, store);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "I/O error");
}

TEST(FeedFilter, OneTableSaysWhatTheFeederDoesWithEachDecisionFromEitherSource) {
  using Count = FeedAction::Count;
  struct Row {
    Feed feed;
    FeedAction job;
    FeedAction level;
  };
  const Row table[] = {
      {Feed::fetch, {false, true, Count::none}, {false, true, Count::none}},
      {Feed::refresh, {false, true, Count::refresh_sent}, {false, true, Count::none}},
      {Feed::repeat, {false, false, Count::duplicate}, {false, false, Count::duplicate}},
      {Feed::stored, {false, false, Count::already_stored}, {false, false, Count::already_stored}},
      {Feed::stored_elsewhere, {true, false, Count::already_stored}, {true, false, Count::already_stored}},
      {Feed::stored_new_attributes, {true, false, Count::already_stored}, {true, false, Count::already_stored}},
      {Feed::other_shard, {false, false, Count::none}, {false, false, Count::none}},
  };
  for (const auto& row : table) {
    EXPECT_EQ(feed_action(row.feed, FeedSource::job), row.job) << static_cast<int>(row.feed);
    EXPECT_EQ(feed_action(row.feed, FeedSource::level), row.level) << static_cast<int>(row.feed);
  }
}
