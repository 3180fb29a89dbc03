#pragma once
// Who owns the answers of a selection (docs/watch.md "Domains"): a reducer of the analysis pass
// that counts, per answer domain (answer_domain.hpp), its answers (a tree's question whose source
// is on it, once per tree), its distinct questions and its trees, and keeps each (domain,
// question) pair in a sorted scratch file so that a later step can join the questions' topics.
// Memory: the domain table (one entry per distinct domain) and two 4 MiB runs of the sorts.
#include "paa/analysis/question_pass.hpp"
#include "paa/error.hpp"
#include "paa/extmem/sorted_runs.hpp"
#include "paa/watch/answer_domain.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace paa::watch {

// answer_domain() of each url, remembered by host (the PSL and IDNA work is per host, and
// a store has far fewer hosts than answers). Bounded: forgets everything past `capacity`.
class DomainCache {
 public:
  explicit DomainCache(std::size_t capacity = 1 << 16) : capacity_(capacity) {}
  const AnswerDomain& of(std::string_view url);

 private:
  std::size_t capacity_;
  std::unordered_map<std::string, AnswerDomain> by_host_;
  AnswerDomain last_;
};

struct DomainTotals {
  std::string domain;  // a registrable domain or a bucket's name
  SourceKind kind = SourceKind::domain;
  std::uint64_t answers = 0;
  std::uint64_t questions = 0;
  std::uint64_t keys = 0;
};

class DomainAnswers final : public analysis::QuestionReducer {
 public:
  DomainAnswers();
  ~DomainAnswers() override;

  Result<void> begin_question(std::string_view folded, std::uint64_t index) override;
  Result<void> occurrence(const analysis::Occurrence& o) override;
  Result<void> end_question() override;
  // Counts the trees per domain and sets the (domain, question) pairs aside on disk, so that
  // the clustering after the pass has their memory.
  Result<void> end_pass() override;

  // After the pass: counts the trees per domain (once; end_pass may have).
  Result<void> finish();

  // By domain number (the order domains were first met).
  const std::vector<DomainTotals>& domains() const { return domains_; }
  // Answers with a source (every domain and the ip and invalid buckets): what `share` divides by.
  std::uint64_t sourced() const { return sourced_; }
  // Each (domain number, question index) pair, by domain then question. Call once, after finish().
  Result<void> for_each_question(const std::function<Result<void>(std::uint32_t domain, std::uint64_t index)>& visit);

 private:
  struct Pair {
    std::uint32_t domain;
    std::uint32_t pad = 0;
    std::uint64_t value;  // question index, or tree
    bool operator<(const Pair& o) const { return domain != o.domain ? domain < o.domain : value < o.value; }
  };
  std::uint32_t number_of(const AnswerDomain& d);

  DomainCache cache_;
  std::unordered_map<std::string, std::uint32_t> numbers_;
  std::vector<DomainTotals> domains_;
  std::uint64_t sourced_ = 0;
  std::uint64_t index_ = 0;
  bool counted_ = false;
  std::vector<std::uint32_t> in_question_;
  // 4 MiB runs: the pairs sort beside the pass's own sort, whose peak they add to.
  static constexpr std::size_t kRunRecords = (std::size_t{4} << 20) / sizeof(Pair);
  extmem::SortedRuns<Pair> questions_{kRunRecords, {}, "paa-domain-questions"};
  extmem::SortedRuns<Pair> trees_{kRunRecords, {}, "paa-domain-trees"};
};

}  // namespace paa::watch
