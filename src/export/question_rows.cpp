#include "paa/export/question_rows.hpp"

namespace paa::exporting {

Result<void> for_each_question_row(
    analysis::QuestionPass& pass,
    const std::function<Result<void>(const analysis::UniqueQuestion&, const topics::QuestionGroup&)>& visit) {
  auto unique = analysis::UniqueQuestions::create();
  if (!unique) return unique.error();
  auto groups = topics::QuestionGroups::create();
  if (!groups) return groups.error();
  if (auto ran = pass.run({unique->get(), groups->get()}); !ran) return ran;
  if (auto grouped = (*groups)->finish(); !grouped) return grouped;
  return (*unique)->for_each([&](const analysis::UniqueQuestion& row) -> Result<void> {
    auto group = (*groups)->of(row.index);
    if (!group) return group.error();
    return visit(row, *group);
  });
}

}  // namespace paa::exporting
