#include "paa/watch/domain_answers.hpp"

#include <algorithm>

namespace paa::watch {

const AnswerDomain& DomainCache::of(std::string_view url) {
  std::string host = url_host(url);
  if (host.empty()) {
    // No host: the answer is the url's own (a bucket); not worth remembering.
    last_ = answer_domain(url);
    return last_;
  }
  if (auto it = by_host_.find(host); it != by_host_.end()) return it->second;
  if (by_host_.size() >= capacity_) by_host_.clear();
  return by_host_.emplace(std::move(host), answer_domain(url)).first->second;
}

DomainAnswers::DomainAnswers() = default;
DomainAnswers::~DomainAnswers() = default;

std::uint32_t DomainAnswers::number_of(const AnswerDomain& d) {
  auto [it, inserted] = numbers_.try_emplace(d.name(), static_cast<std::uint32_t>(domains_.size()));
  if (inserted) domains_.push_back(DomainTotals{d.name(), d.kind, 0, 0, 0});
  return it->second;
}

Result<void> DomainAnswers::begin_question(std::string_view, std::uint64_t index) {
  index_ = index;
  in_question_.clear();
  return {};
}

Result<void> DomainAnswers::occurrence(const analysis::Occurrence& o) {
  const AnswerDomain& d = cache_.of(o.url);
  const std::uint32_t n = number_of(d);
  ++domains_[n].answers;
  if (d.sourced()) ++sourced_;
  if (std::find(in_question_.begin(), in_question_.end(), n) == in_question_.end()) in_question_.push_back(n);
  return trees_.add(Pair{n, 0, o.tree});
}

Result<void> DomainAnswers::end_question() {
  for (const std::uint32_t n : in_question_) {
    ++domains_[n].questions;
    if (auto added = questions_.add(Pair{n, 0, index_}); !added) return added;
  }
  return {};
}

Result<void> DomainAnswers::end_pass() {
  if (auto counted = finish(); !counted) return counted;
  cache_ = DomainCache();
  return questions_.spill();
}

Result<void> DomainAnswers::finish() {
  if (counted_) return {};
  counted_ = true;
  bool any = false;
  Pair last{};
  return trees_.for_each([&](const Pair& p) -> Result<void> {
    if (!any || p.domain != last.domain || p.value != last.value) ++domains_[p.domain].keys;
    any = true;
    last = p;
    return {};
  });
}

Result<void> DomainAnswers::for_each_question(
    const std::function<Result<void>(std::uint32_t domain, std::uint64_t index)>& visit) {
  return questions_.for_each([&](const Pair& p) { return visit(p.domain, p.value); });
}

}  // namespace paa::watch
