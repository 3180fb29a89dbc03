// The read ports (paa/store/read_ports.hpp) and StoreReader's defaults for a reader that knows
// only current results (a union of shard stores, a test's fake): history is the current version
// alone, kept out of points in time before it began; no runs, shard nor expansion.
#include "paa/store/store.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace paa {
namespace {

// Current results only: every port's question a StoreReader does not answer by default fails.
class CurrentOnly final : public StoreReader {
 public:
  void add(std::string key, std::int64_t since_ms, std::int64_t fetched_ms) {
    StoredResult r;
    r.key = key;
    r.unchanged_since_ms = since_ms;
    r.fetched_at_ms = fetched_ms;
    results_[key] = std::move(r);
  }
  Result<void> catch_up() override { return {}; }
  Result<QuotaState> quota() override { return QuotaState{}; }
  Result<std::optional<StoredResult>> get(std::string_view key) override {
    auto it = results_.find(std::string(key));
    if (it == results_.end()) return std::optional<StoredResult>();
    return std::optional<StoredResult>(it->second);
  }
  Result<void> scan_results(std::string_view, const std::function<bool(const StoredResult&)>& visit) override {
    for (const auto& [key, r] : results_) {
      if (!visit(r)) break;
    }
    return {};
  }
  Result<void> scan_questions(const std::function<bool(const QuestionEntry&)>&) override { return {}; }
  Result<std::vector<std::string>> job_names() override { return std::vector<std::string>{"job"}; }
  Result<std::vector<JobStats>> jobs() override { return std::vector<JobStats>(); }
  Result<JobStats> job_stats(std::string_view) override { return JobStats{}; }
  Result<std::optional<ProgressEntry>> progress(std::string_view, std::string_view) override {
    return std::optional<ProgressEntry>();
  }
  Result<void> scan_progress(std::string_view,
                             const std::function<bool(std::string_view, const ProgressEntry&)>&) override {
    return {};
  }

 private:
  std::map<std::string, StoredResult> results_;
};

std::vector<std::string> keys_at(HistoryReader& history, std::int64_t at_ms) {
  std::vector<std::string> keys;
  auto scanned = history.scan_results_at("", at_ms, [&](const StoredResult& r) {
    keys.push_back(r.key);
    return true;
  });
  EXPECT_TRUE(scanned);
  return keys;
}

TEST(ReadPorts, WithoutHistoryAKeyIsAbsentBeforeItsCurrentVersionBegan) {
  CurrentOnly store;
  store.add("a", 100, 300);
  store.add("b", 200, 200);
  HistoryReader& history = store;
  EXPECT_FALSE(history.get_at("a", 99).value());
  EXPECT_FALSE(history.get_at("missing", 1'000).value());
  auto then = history.get_at("a", 150).value();
  ASSERT_TRUE(then);
  EXPECT_EQ(then->fetched_at_ms, 100) << "as seen then: the stretch's first fetch";
  EXPECT_EQ(keys_at(history, 150), std::vector<std::string>{"a"});
  EXPECT_EQ(keys_at(history, 200), (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(keys_at(history, 99).empty());
}

TEST(ReadPorts, WithoutHistoryAKeysVersionsAreItsCurrentOneAndThereAreNoRuns) {
  CurrentOnly store;
  store.add("a", 100, 100);
  HistoryReader& history = store;
  auto versions = history.versions("a").value();
  ASSERT_EQ(versions.size(), 1u);
  EXPECT_EQ(versions.front().key, "a");
  EXPECT_TRUE(history.versions("missing").value().empty());
  EXPECT_TRUE(history.runs().value().empty());
}

TEST(ReadPorts, ByDefaultNoShardNoExpansionAndNoQuestionIndex) {
  CurrentOnly store;
  JobProgress& progress = store;
  ExpansionView& expansion = store;
  ResultScan& results = store;
  EXPECT_FALSE(progress.shard_of("job").value());
  EXPECT_EQ(expansion.expansion_state("job").value(), ExpansionState{});
  EXPECT_FALSE(expansion.lineage("job", "a").value());
  EXPECT_FALSE(expansion.seed_round("job", "a").value());
  bool visited = false;
  EXPECT_TRUE(expansion.scan_level("job", 1, [&](const LevelKey&) { return visited = true; }));
  EXPECT_FALSE(visited);
  EXPECT_FALSE(results.has_question_index());
}

}  // namespace
}  // namespace paa
