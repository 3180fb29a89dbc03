#pragma once
// The rows of the `questions` export, the workbook's "Unique questions" sheet and the topics
// views: the analysis pass run once with the unique questions, their variant groups and the
// topic graph's material (docs/topics.md), then the topics clustered.
#include "paa/analysis/question_pass.hpp"
#include "paa/analysis/unique_questions.hpp"
#include "paa/error.hpp"
#include "paa/question/question_type.hpp"
#include "paa/topics/question_groups.hpp"
#include "paa/topics/topic_map.hpp"
#include "paa/watch/domain_answers.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace paa::extmem {
class ScratchFile;
}  // namespace paa::extmem

namespace paa::exporting {

using QuestionRowVisit = std::function<Result<void>(const analysis::UniqueQuestion&, const topics::QuestionGroup&,
                                                     const topics::Topic&)>;
using GroupVisit = std::function<Result<void>(const topics::GroupRecord&)>;

// The question views: computed by the pass (unique, groups, topics), or read from the kept
// analysis (pipeline/kept_analysis.hpp), whose rows come joined with their group and topic and
// whose groups are records without their stems: a view reads them through the functions below.
// The unique questions by type and intent (QuestionGroup::type and ::intent as indexes).
struct QuestionCounts {
  std::array<std::uint64_t, question::kQuestionTypes.size()> types{};
  std::array<std::uint64_t, question::kIntents.size()> intents{};
  std::uint64_t questions = 0;
  void add(const topics::QuestionGroup& g) {
    ++types[static_cast<std::size_t>(g.type)];
    ++intents[static_cast<std::size_t>(g.intent)];
    ++questions;
  }
};

// The answer domains of the selection (watch::DomainAnswers joined with the topics, before your
// --domain is marked: rows/domain_rows.hpp): each domain's totals and distinct topics, by domain
// number, and the answers with a source.
struct DomainFigures {
  std::vector<watch::DomainTotals> domains;
  std::vector<std::uint64_t> topics;  // by domain number
  std::uint64_t sourced = 0;
};

// Markets compared (rows/market_rows.hpp): the selection's locales in (hl, gl, city) order, and
// for each variant group (by number) and locale (its index) the trees there holding one of the
// group's questions. A group absent from a locale has no cell.
struct MarketLocale {
  std::string hl, gl, city;
};
struct GroupMarket {
  std::uint32_t group = 0, locale = 0;
  std::uint64_t trees = 0;
};
// The locales, and one cell per (group, locale) shown, by group then locale. The cells stay in
// a file (a computed analysis's scratch file, a kept analysis's markets file) and are read in
// order (MarketCells, export/rows/market_rows.hpp): ~15 M of them at a million keys.
struct MarketFigures {
  std::vector<MarketLocale> locales;
  std::shared_ptr<const extmem::ScratchFile> file;  // null when there are no cells
  std::uint64_t cells_at = 0;                        // where in `file` the first one is
  std::uint64_t cells = 0;
};

struct QuestionViews {
  std::unique_ptr<analysis::UniqueQuestions> unique;  // computed only
  std::unique_ptr<topics::QuestionGroups> groups;      // computed only
  std::unique_ptr<topics::TopicMap> topics;
  // Kept only: the rows (as for_each_question_row, once) and the groups (as for_each_group).
  std::function<Result<void>(const QuestionRowVisit&)> kept_rows;
  std::function<Result<void>(const GroupVisit&)> kept_groups;
  // Kept only, when the analysis has a lookup: the rows of a few questions (folded texts), read
  // without the others (as for_each_question_row_of).
  std::function<Result<void>(std::span<const std::string>, const QuestionRowVisit&)> kept_find;
  std::uint32_t kept_group_count = 0;
  std::optional<QuestionCounts> kept_counts;
  // The answer domains, when the views come with them (the kept analysis's, read when asked:
  // the domains view alone reads them); unset: a view that shows them counts them in its pass.
  std::function<Result<DomainFigures>()> domains;
  // The markets compared, likewise (the locales views and the report's Compare view).
  std::function<Result<MarketFigures>()> markets;
};

// The counts: kept, or from the rows (which a computed view's rows then cannot be read again).
Result<QuestionCounts> count_questions(QuestionViews& views);

// How many variant groups, and each of them in number order (a kept one without its stems and
// surfaces, which only the clustering reads).
std::uint32_t group_count(const QuestionViews& views);
Result<void> for_each_group(const QuestionViews& views, const GroupVisit& visit);

// Runs the pass (once), with `more` reducers beside the views' own, and clusters its groups;
// `progress` (may be null) is told each phase.
Result<QuestionViews> analyse_questions(analysis::QuestionPass& pass, const topics::TopicOptions& options,
                                        std::span<analysis::QuestionReducer* const> more = {},
                                        WorkProgress* progress = nullptr);

// Each unique question, most frequent first, with its group and its topic (its number, id and
// label only: TopicMap::topic() has the rest).
Result<void> for_each_question_row(QuestionViews& views, const QuestionRowVisit& visit);

// The rows of the questions whose folded text (fold_or_raw) is in `folded`, each once, in no
// set order; texts the views have not are skipped. A kept analysis finds them by its lookup
// (milliseconds); otherwise every row is read (as for_each_question_row, once).
Result<void> for_each_question_row_of(QuestionViews& views, std::span<const std::string> folded,
                                      const QuestionRowVisit& visit);

// The same after running the pass (analyse_questions).
Result<void> for_each_question_row(analysis::QuestionPass& pass, const topics::TopicOptions& options,
                                   const QuestionRowVisit& visit);

}  // namespace paa::exporting
