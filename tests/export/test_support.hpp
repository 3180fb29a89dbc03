#pragma once
// Shared by the export tests: sample bodies, StoredResult builders and an in-memory
// StoreReader with the real one's iteration order (encoded key order).
#include "../output/render.hpp"
#include "paa/model/query_key.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/output/sink.hpp"
#include "paa/store/store.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace paa::exporting::test {

using ::paa::test::render;  // tests/output/render.hpp

// Two top-level questions that fold to the same text, one nested question, quoting hazards.
inline const std::string kCoffeeBody =
    R"({"cached":false,"searchesLeft":99,"payAsYouGoCreditsLeft":0,"renewalDate":"2026-12-01",)"
    R"("result":{"question":"coffee","related":["coffee near me","coffee, \"beans\""],)"
    R"("children":[{"question":"Is coffee good?","answer":"Yes, \"mostly\".\nSee below.",)"
    R"("url":"https://a.example/1","title":"Café ☕","children":[{"question":"Why?","answer":null,)"
    R"("url":"https://b.example","title":"B"}]},)"
    R"({"question":"is  coffee GOOD?","answer":"dup","url":"u","title":"t","children":[)"
    R"({"question":"Only under the duplicate","answer":"","url":"","title":""}]}]}})";

// Pretty-printed by the service: the JSONL line must still be one line.
inline const std::string kPrettyBody =
    "{\n  \"cached\": true,\n  \"result\": {\n    \"question\": \"tea\",\n    \"related\": [],\n"
    "    \"children\": [\n      {\"question\": \"Is tea good?\", \"answer\": \"a  b\"}\n    ]\n  }\n}\n";

inline std::string body_with_questions(const std::vector<std::string>& questions) {
  std::string body = R"({"cached":false,"result":{"question":"x","related":["r1"],"children":[)";
  for (std::size_t i = 0; i < questions.size(); ++i) {
    if (i) body += ',';
    body += R"({"question":")" + questions[i] + R"(","answer":"ans )" + questions[i] +
            R"(","url":"https://u/)" + std::to_string(i) + R"(","title":"T"})";
  }
  return body + "]}}";
}

inline StoredResult make_stored(const std::string& q, const std::string& hl, const std::string& gl,
                                const std::string& city, std::string body,
                                std::int64_t fetched_at_ms = 1795218854123, bool cached = false) {
  auto query = make_query(q, hl, gl, city);
  if (!query) throw std::runtime_error(query.error().message);
  StoredResult r;
  r.key = encode_key(query->key);
  r.q = query->q;
  r.hl = query->hl;
  r.gl = query->gl;
  r.city = query->city;
  r.body = std::move(body);
  r.fetched_at_ms = fetched_at_ms;
  r.cached = cached;
  return r;
}

class FakeStoreReader final : public StoreReader {
 public:
  void add(StoredResult r, const std::string& job = {}) {
    if (!job.empty()) progress_[job][r.key] = ProgressEntry{};
    results_[r.key] = std::move(r);
  }
  void add_progress(const std::string& job, const std::string& key, ProgressEntry entry) {
    progress_[job][key] = entry;
  }
  void add_question(QuestionEntry entry) { questions_[entry.normalized] = std::move(entry); }
  // A key `job` discovered (level >= 1), appended to its level in discovery order. The job's
  // expansion state counts it as built.
  void add_discovered(const std::string& job, LevelKey key) {
    if (!progress_.contains(job)) progress_[job];
    auto& state = expansion_[job];
    const auto level = key.lineage.level;
    if (state.level_keys.size() < level) state.level_keys.resize(level);
    key.seq = state.level_keys[level - 1]++;
    state.built = std::max<std::uint32_t>(state.built, level);
    lineages_[job][key.encoded] = key.lineage;
    levels_[job][level].push_back(std::move(key));
  }

  Result<void> catch_up() override { return {}; }
  Result<std::optional<StoredResult>> get(std::string_view key) override {
    ++gets;
    auto it = results_.find(std::string(key));
    if (it == results_.end()) return std::optional<StoredResult>();
    return std::optional<StoredResult>(it->second);
  }
  Result<QuotaState> quota() override { return QuotaState{}; }
  Result<std::vector<std::string>> job_names() override {
    std::vector<std::string> out;
    for (const auto& [name, entries] : progress_) out.push_back(name);
    return out;
  }
  Result<std::vector<JobStats>> jobs() override {
    std::vector<JobStats> out;
    for (const auto& [name, entries] : progress_) out.push_back(stats(name));
    return out;
  }
  Result<JobStats> job_stats(std::string_view job) override {
    return stats(std::string(job));
  }
  Result<void> scan_results(std::string_view prefix,
                            const std::function<bool(const StoredResult&)>& visit) override {
    for (auto it = results_.lower_bound(std::string(prefix));
         it != results_.end() && it->first.starts_with(prefix); ++it) {
      if (!visit(it->second)) break;
    }
    return {};
  }
  Result<void> scan_progress(
      std::string_view job,
      const std::function<bool(std::string_view, const ProgressEntry&)>& visit) override {
    for (const auto& [key, entry] : progress_[std::string(job)]) {
      if (!visit(key, entry)) break;
    }
    return {};
  }
  Result<void> scan_questions(const std::function<bool(const QuestionEntry&)>& visit) override {
    for (const auto& [k, entry] : questions_) {
      if (!visit(entry)) break;
    }
    return {};
  }

  Result<ExpansionState> expansion_state(std::string_view job) override {
    auto it = expansion_.find(std::string(job));
    return it == expansion_.end() ? ExpansionState{} : it->second;
  }
  Result<std::optional<Lineage>> lineage(std::string_view job, std::string_view key) override {
    ++lineage_reads;
    auto j = lineages_.find(std::string(job));
    if (j == lineages_.end()) return std::optional<Lineage>();
    auto it = j->second.find(std::string(key));
    if (it == j->second.end()) return std::optional<Lineage>();
    return std::optional<Lineage>(it->second);
  }
  Result<void> scan_level(std::string_view job, std::uint32_t level,
                          const std::function<bool(const LevelKey&)>& visit) override {
    for (const auto& key : levels_[std::string(job)][level]) {
      if (!visit(key)) break;
    }
    return {};
  }

  int gets = 0;
  int lineage_reads = 0;

 private:
  JobStats stats(const std::string& job) {
    JobStats s;
    s.job = job;
    s.done = progress_[job].size();
    return s;
  }
  std::map<std::string, StoredResult> results_;
  std::map<std::string, std::map<std::string, ProgressEntry>> progress_;
  std::map<std::string, QuestionEntry> questions_;
  std::map<std::string, ExpansionState> expansion_;
  std::map<std::string, std::map<std::string, Lineage>> lineages_;
  std::map<std::string, std::map<std::uint32_t, std::vector<LevelKey>>> levels_;
};

}  // namespace paa::exporting::test
