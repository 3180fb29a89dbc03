#include "paa/harvest/feed_filter.hpp"

#include "memory_store.hpp"

#include <gtest/gtest.h>


using namespace paa;

using FakeStore = paa::test::MemoryStore;

TEST(FeedFilter, NewKeysAreFetched) {
  FakeStore store;
  FeedFilter f({}, false);
  EXPECT_EQ(f.decide("j", "k1", 1, store).value(), Feed::fetch);
}

TEST(FeedFilter, KeysDoneForThisJobAreSkipped) {
  FakeStore store;
  store.results["k1"] = "{}";
  store.progress_of["k1"] = ProgressEntry{};
  FeedFilter f({}, false);
  EXPECT_EQ(f.decide("j", "k1", 1, store).value(), Feed::stored);
}

TEST(FeedFilter, KeysStoredByAnotherJobOrFailedHereAreMarkedDoneForFree) {
  FakeStore store;
  store.results["k1"] = "{}";
  store.results["k2"] = "{}";
  ProgressEntry failed;
  failed.state = ProgressState::failed;
  store.progress_of["k2"] = failed;
  FeedFilter f({}, false);
  EXPECT_EQ(f.decide("j", "k1", 1, store).value(), Feed::stored_elsewhere);
  EXPECT_EQ(f.decide("j", "k2", 2, store).value(), Feed::stored_elsewhere);
}

TEST(FeedFilter, RepeatedKeysGoOncePerRunWithoutAskingTheStore) {
  FakeStore store;
  const std::vector<std::uint64_t> repeated{5, 9};
  FeedFilter f(repeated, false);
  EXPECT_EQ(f.decide("j", "k", 9, store).value(), Feed::fetch);
  const int before = store.lookups;
  EXPECT_EQ(f.decide("j", "k", 9, store).value(), Feed::repeat);
  EXPECT_EQ(store.lookups, before);
}

TEST(FeedFilter, RefreshFetchesStoredKeysOnceWithoutLookingThemUp) {
  FakeStore store;
  store.results["k1"] = "{}";
  const std::vector<std::uint64_t> repeated{1};
  FeedFilter f(repeated, /*refresh=*/true);
  EXPECT_EQ(f.decide("j", "k1", 1, store).value(), Feed::fetch);
  EXPECT_EQ(f.decide("j", "k1", 1, store).value(), Feed::repeat);
  EXPECT_EQ(store.lookups, 0);
}

TEST(FeedFilter, AStoreErrorIsReportedNotTakenAsNotStored) {
  FakeStore store;
  store.broken_lookups = true;
  FeedFilter f({}, false);
  auto r = f.decide("j", "k1", 1, store);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "I/O error");
}
