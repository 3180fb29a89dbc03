#include "paa/export/rows/domain_rows.hpp"

#include "paa/watch/domain_moves.hpp"

#include <algorithm>
#include <unordered_set>

namespace paa::exporting {

Result<DomainFigures> domain_figures(watch::DomainAnswers& answers, const QuestionViews& views) {
  if (views.domains) return views.domains();  // kept with the views: `answers` saw no pass
  if (auto counted = answers.finish(); !counted) return counted.error();
  // Each question's topic, by question index (4 bytes a question).
  std::vector<std::uint32_t> topic_of;
  if (views.unique) topic_of.reserve(views.unique->rows());  // never grown by doubling: 71 MiB at a million keys
  auto mapped = views.groups->for_each_question([&](std::uint64_t index, std::uint32_t group) -> Result<void> {
    if (topic_of.size() <= index) topic_of.resize(index + 1, 0);
    topic_of[index] = views.topics->topic_of(group);
    return {};
  });
  if (!mapped) return mapped.error();
  // Distinct topics per domain: the pairs come by domain, so one set at a time.
  const auto& all = answers.domains();
  std::vector<std::uint64_t> topics(all.size(), 0);
  std::unordered_set<std::uint32_t> seen;
  std::uint32_t current = 0;
  bool any = false;
  auto joined = answers.for_each_question([&](std::uint32_t domain, std::uint64_t index) -> Result<void> {
    if (!any || domain != current) {
      if (any) topics[current] = seen.size();
      seen.clear();
      current = domain;
      any = true;
    }
    if (index < topic_of.size()) seen.insert(topic_of[index]);
    return {};
  });
  if (!joined) return joined.error();
  if (any) topics[current] = seen.size();
  return DomainFigures{all, std::move(topics), answers.sourced()};
}

std::vector<DomainRowFigures> domain_rows(const DomainFigures& figures, const watch::OwnDomains& own) {
  const auto& all = figures.domains;
  std::vector<std::uint32_t> order(all.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return watch::domain_row_before(all[a].domain, all[a].answers, all[b].domain, all[b].answers);
  });
  std::vector<DomainRowFigures> rows;
  rows.reserve(order.size());
  for (const std::uint32_t i : order) {
    const auto& d = all[i];
    DomainRowFigures row;
    row.domain = d.domain;
    row.kind = d.kind;
    row.answers = d.answers;
    if (d.kind != watch::SourceKind::no_source && figures.sourced > 0) {
      row.share = static_cast<double>(d.answers) / static_cast<double>(figures.sourced);
    }
    row.questions = d.questions;
    row.keys = d.keys;
    row.topics = i < figures.topics.size() ? figures.topics[i] : 0;
    row.yours = d.kind == watch::SourceKind::domain && own.owns_domain(d.domain);
    rows.push_back(std::move(row));
  }
  return rows;
}

Result<std::vector<DomainRowFigures>> domain_rows(watch::DomainAnswers& answers, const QuestionViews& views,
                                                  const watch::OwnDomains& own) {
  auto figures = domain_figures(answers, views);
  if (!figures) return figures.error();
  return domain_rows(*figures, own);
}

}  // namespace paa::exporting
