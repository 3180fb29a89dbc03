#include "paa/watch/domain_moves.hpp"

#include "paa/watch/answer_domain.hpp"
#include "paa/watch/distinct_questions.hpp"

#include <algorithm>

namespace paa::watch {

namespace {

// 0 for a domain, then the buckets in their order.
int bucket_rank(const std::string& name) {
  if (name.empty() || name.front() != '(') return 0;
  for (int i = 1; auto kind : {SourceKind::ip_address, SourceKind::invalid_url, SourceKind::no_source}) {
    if (name == source_bucket_name(kind)) return i;
    ++i;
  }
  return 0;
}

}  // namespace

bool domain_row_before(const std::string& a, std::uint64_t a_count, const std::string& b, std::uint64_t b_count) {
  const int ra = bucket_rank(a), rb = bucket_rank(b);
  if (ra != rb) return ra < rb;
  if (a_count != b_count) return a_count > b_count;
  return a < b;
}

void DomainMoves::add_key(const SearchResult& before, const SearchResult& after) {
  ++keys_;
  std::unordered_map<std::string, AnswerDomain> then;
  for (const auto& d : distinct_questions(before.children)) {
    AnswerDomain domain = answer_domain(d.node->url);
    ++figures_[domain.name()].from;
    then.emplace(d.folded, std::move(domain));
  }
  for (const auto& d : distinct_questions(after.children)) {
    AnswerDomain now = answer_domain(d.node->url);
    ++figures_[now.name()].to;
    const auto was = then.find(d.folded);
    if (was == then.end() || !was->second.sourced() || !now.sourced() || was->second == now) continue;
    ++figures_[now.name()].won;
    ++figures_[was->second.name()].lost;
    ++moves_;
  }
}

std::vector<DomainRow> DomainMoves::rows() const {
  std::vector<DomainRow> out;
  out.reserve(figures_.size());
  for (const auto& [domain, f] : figures_) out.push_back({domain, f});
  std::sort(out.begin(), out.end(), [](const DomainRow& a, const DomainRow& b) {
    return domain_row_before(a.domain, a.figures.to, b.domain, b.figures.to);
  });
  return out;
}

}  // namespace paa::watch
