#include "paa/harvest/feed_filter.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace paa;

namespace {
// The lookups FeedFilter makes, answered from memory; writes are not its business.
class FakeStore final : public StoreWriter {
 public:
  std::set<std::string, std::less<>> results;
  std::map<std::string, ProgressEntry, std::less<>> progress_of;  // key -> entry for job "j"
  int lookups = 0;
  bool broken = false;

  bool submit(WriteRequest&&, std::function<void(Result<void>)>) override { return false; }
  Result<bool> has_result(std::string_view key) override {
    ++lookups;
    if (broken) return make_error("I/O error");
    return results.count(key) > 0;
  }
  Result<std::optional<ProgressEntry>> progress(std::string_view job, std::string_view key) override {
    ++lookups;
    if (job != "j") return std::optional<ProgressEntry>();
    auto it = progress_of.find(key);
    if (it == progress_of.end()) return std::optional<ProgressEntry>();
    return std::optional<ProgressEntry>(it->second);
  }
  Result<QuotaState> quota() override { return QuotaState{}; }
  Result<void> record_run_start(std::string_view, std::int64_t) override { return {}; }
  Result<void> record_run_end(std::string_view, std::int64_t, std::string_view, const RunMoney&) override {
    return {};
  }
  Result<void> save_quota(const QuotaState&) override { return {}; }
  Result<void> close() override { return {}; }
};
}  // namespace

TEST(FeedFilter, NewKeysAreFetched) {
  FakeStore store;
  FeedFilter f({}, false);
  EXPECT_EQ(f.decide("j", "k1", 1, store).value(), Feed::fetch);
}

TEST(FeedFilter, KeysDoneForThisJobAreSkipped) {
  FakeStore store;
  store.results.insert("k1");
  store.progress_of["k1"] = ProgressEntry{};
  FeedFilter f({}, false);
  EXPECT_EQ(f.decide("j", "k1", 1, store).value(), Feed::stored);
}

TEST(FeedFilter, KeysStoredByAnotherJobOrFailedHereAreMarkedDoneForFree) {
  FakeStore store;
  store.results.insert("k1");
  store.results.insert("k2");
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
  store.results.insert("k1");
  const std::vector<std::uint64_t> repeated{1};
  FeedFilter f(repeated, /*refresh=*/true);
  EXPECT_EQ(f.decide("j", "k1", 1, store).value(), Feed::fetch);
  EXPECT_EQ(f.decide("j", "k1", 1, store).value(), Feed::repeat);
  EXPECT_EQ(store.lookups, 0);
}

TEST(FeedFilter, AStoreErrorIsReportedNotTakenAsNotStored) {
  FakeStore store;
  store.broken = true;
  FeedFilter f({}, false);
  auto r = f.decide("j", "k1", 1, store);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "I/O error");
}
