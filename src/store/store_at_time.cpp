#include "paa/store/store_at_time.hpp"

#include <algorithm>

namespace paa {
namespace {

class StoreAtTime final : public StoreReader {
 public:
  StoreAtTime(std::unique_ptr<StoreReader> store, std::int64_t at_ms) : store_(std::move(store)), at_ms_(at_ms) {}

  Result<void> catch_up() override { return store_->catch_up(); }
  Result<std::optional<StoredResult>> get(std::string_view key) override { return store_->get_at(key, at_ms_); }
  Result<QuotaState> quota() override { return store_->quota(); }
  Result<std::vector<std::string>> job_names() override { return store_->job_names(); }
  Result<std::vector<JobStats>> jobs() override { return store_->jobs(); }
  Result<JobStats> job_stats(std::string_view job) override { return store_->job_stats(job); }
  Result<void> scan_results(std::string_view prefix, const std::function<bool(const StoredResult&)>& visit) override {
    // Every key that has a result now is every key that ever had one (keys are never removed).
    return store_->scan_results_at(prefix, at_ms_, visit);
  }
  Result<void> scan_progress(std::string_view job,
                             const std::function<bool(std::string_view, const ProgressEntry&)>& visit) override {
    return store_->scan_progress(job, visit);
  }
  Result<void> scan_questions(const std::function<bool(const QuestionEntry&)>&) override {
    return make_error(errc::invalid_input, "the question index holds the current results only; recount from results");
  }
  Result<std::optional<StoredResult>> get_at(std::string_view key, std::int64_t at_ms,
                                             const StoredResult* current) override {
    return store_->get_at(key, std::min(at_ms, at_ms_), current);
  }
  Result<std::vector<StoredResult>> versions(std::string_view key) override { return store_->versions(key); }
  Result<std::vector<RunInfo>> runs() override { return store_->runs(); }
  Result<ExpansionState> expansion_state(std::string_view job) override { return store_->expansion_state(job); }
  Result<std::optional<ProgressEntry>> progress(std::string_view job, std::string_view key) override {
    return store_->progress(job, key);
  }
  Result<std::optional<Lineage>> lineage(std::string_view job, std::string_view key) override {
    return store_->lineage(job, key);
  }
  Result<void> scan_level(std::string_view job, std::uint32_t level,
                          const std::function<bool(const LevelKey&)>& visit) override {
    return store_->scan_level(job, level, visit);
  }

 private:
  std::unique_ptr<StoreReader> store_;
  std::int64_t at_ms_;
};

}  // namespace

std::unique_ptr<StoreReader> store_at_time(std::unique_ptr<StoreReader> store, std::int64_t at_ms) {
  return std::make_unique<StoreAtTime>(std::move(store), at_ms);
}

}  // namespace paa
