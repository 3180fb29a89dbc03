#include "paa/export/question_rows.hpp"

#include "paa/model/query_key.hpp"
#include "paa/topics/topic_links.hpp"

#include <string_view>
#include <unordered_set>
#include <vector>

namespace paa::exporting {

Result<QuestionViews> analyse_questions(analysis::QuestionPass& pass, const topics::TopicOptions& options,
                                        std::span<analysis::QuestionReducer* const> more, WorkProgress* progress) {
  QuestionViews views;
  auto unique = analysis::UniqueQuestions::create();
  if (!unique) return unique.error();
  auto groups = topics::QuestionGroups::create();
  if (!groups) return groups.error();
  auto links = topics::TopicLinks::create();
  if (!links) return links.error();
  std::vector<analysis::QuestionReducer*> reducers{unique->get(), groups->get(), links->get()};
  reducers.insert(reducers.end(), more.begin(), more.end());
  if (auto ran = pass.run(reducers, progress); !ran) return ran.error();
  progress_phase(progress, "grouping the variants");
  if (auto grouped = (*groups)->finish(); !grouped) return grouped.error();
  auto map = topics::TopicMap::build(**groups, **links, options, progress);
  if (!map) return map.error();
  views.unique = std::move(*unique);
  views.groups = std::move(*groups);
  views.topics = std::move(*map);
  return views;
}

std::uint32_t group_count(const QuestionViews& views) {
  return views.groups ? views.groups->group_count() : views.kept_group_count;
}

Result<void> for_each_group(const QuestionViews& views, const GroupVisit& visit) {
  return views.groups ? views.groups->for_each_group(visit) : views.kept_groups(visit);
}

Result<QuestionCounts> count_questions(QuestionViews& views) {
  if (views.kept_counts) return *views.kept_counts;
  QuestionCounts counts;
  auto counted = for_each_question_row(views, [&](const analysis::UniqueQuestion&, const topics::QuestionGroup& g,
                                                  const topics::Topic&) -> Result<void> {
    counts.add(g);
    return {};
  });
  if (!counted) return counted.error();
  return counts;
}

Result<void> for_each_question_row(QuestionViews& views, const QuestionRowVisit& visit) {
  if (views.kept_rows) return views.kept_rows(visit);
  topics::Topic topic;
  return views.unique->for_each([&](const analysis::UniqueQuestion& row) -> Result<void> {
    auto group = views.groups->of(row.index);
    if (!group) return group.error();
    // The row shows the topic's id and label: from memory, not its record.
    const std::uint32_t number = views.topics->topic_of(group->number);
    topic.number = number;
    topic.id = views.topics->id(number);
    topic.label = views.topics->label(number);
    return visit(row, *group, topic);
  });
}

Result<void> for_each_question_row_of(QuestionViews& views, std::span<const std::string> folded,
                                      const QuestionRowVisit& visit) {
  if (views.kept_find) return views.kept_find(folded, visit);
  const std::unordered_set<std::string_view> wanted(folded.begin(), folded.end());
  return for_each_question_row(views, [&](const analysis::UniqueQuestion& row, const topics::QuestionGroup& group,
                                          const topics::Topic& topic) -> Result<void> {
    if (!wanted.contains(fold_or_raw(row.question))) return {};
    return visit(row, group, topic);
  });
}

Result<void> for_each_question_row(analysis::QuestionPass& pass, const topics::TopicOptions& options,
                                   const QuestionRowVisit& visit) {
  auto views = analyse_questions(pass, options);
  if (!views) return views.error();
  return for_each_question_row(*views, visit);
}

}  // namespace paa::exporting
