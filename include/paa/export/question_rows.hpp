#pragma once
// The rows of the `questions` export and the workbook's "Unique questions" sheet: the analysis
// pass run once with the unique questions and their variant groups (docs/topics.md), each row
// visited with its group, most frequent first.
#include "paa/analysis/question_pass.hpp"
#include "paa/analysis/unique_questions.hpp"
#include "paa/error.hpp"
#include "paa/topics/question_groups.hpp"

#include <functional>

namespace paa::exporting {

Result<void> for_each_question_row(
    analysis::QuestionPass& pass,
    const std::function<Result<void>(const analysis::UniqueQuestion&, const topics::QuestionGroup&)>& visit);

}  // namespace paa::exporting
