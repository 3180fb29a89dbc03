#pragma once
// The rows of the `questions` export, the workbook's "Unique questions" sheet and the topics
// views: the analysis pass run once with the unique questions, their variant groups and the
// topic graph's material (docs/topics.md), then the topics clustered.
#include "paa/analysis/question_pass.hpp"
#include "paa/analysis/unique_questions.hpp"
#include "paa/error.hpp"
#include "paa/topics/question_groups.hpp"
#include "paa/topics/topic_map.hpp"

#include <functional>
#include <memory>

namespace paa::exporting {

struct QuestionViews {
  std::unique_ptr<analysis::UniqueQuestions> unique;
  std::unique_ptr<topics::QuestionGroups> groups;
  std::unique_ptr<topics::TopicMap> topics;
};

// Runs the pass (once), with `more` reducers beside the views' own, and clusters its groups.
Result<QuestionViews> analyse_questions(analysis::QuestionPass& pass, const topics::TopicOptions& options,
                                        std::span<analysis::QuestionReducer* const> more = {});

using QuestionRowVisit = std::function<Result<void>(const analysis::UniqueQuestion&, const topics::QuestionGroup&,
                                                     const topics::Topic&)>;

// Each unique question, most frequent first, with its group and its topic (its number, id and
// label only: TopicMap::topic() has the rest).
Result<void> for_each_question_row(QuestionViews& views, const QuestionRowVisit& visit);

// The same after running the pass (analyse_questions).
Result<void> for_each_question_row(analysis::QuestionPass& pass, const topics::TopicOptions& options,
                                   const QuestionRowVisit& visit);

}  // namespace paa::exporting
