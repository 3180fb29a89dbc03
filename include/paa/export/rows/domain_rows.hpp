#pragma once
// The rows of `paa export --format domains`, as data: what the CSV, the workbook's "Domains" sheet
// and the HTML report's Domains view each write. One row per answer domain of the selection (the
// watch::DomainAnswers reducer of the analysis pass), most answers first, then the buckets (ip
// address), (invalid url), (no source); each with its distinct topics (the pass's questions joined
// with the clustered topics) and whether it is one of your --domain.
#include "paa/error.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/watch/domain_answers.hpp"
#include "paa/watch/own_domains.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace paa::exporting {

struct DomainRowFigures {
  std::string domain;  // a registrable domain or a bucket's name
  watch::SourceKind kind = watch::SourceKind::domain;
  std::uint64_t answers = 0;
  std::optional<double> share;  // answers ÷ the answers with a source; none for (no source)
  std::uint64_t questions = 0;
  std::uint64_t keys = 0;
  std::uint64_t topics = 0;
  bool yours = false;  // a registrable domain of `own`
};

// Each domain's figures: the ones kept with `views` (QuestionViews::domains) when they have them,
// else, after analyse_questions() ran with `answers` among its reducers, counted by `answers` and
// their distinct topics joined from the views' groups. Calls answers.finish() and
// answers.for_each_question() (each may be called once). Memory: one entry per distinct domain,
// and 4 bytes per unique question while the topics are joined.
Result<DomainFigures> domain_figures(watch::DomainAnswers& answers, const QuestionViews& views);

// Every domain's row in the export's order, `own` marked.
std::vector<DomainRowFigures> domain_rows(const DomainFigures& figures, const watch::OwnDomains& own);

// The rows of `views`: domain_figures(answers, views) in the export's order.
Result<std::vector<DomainRowFigures>> domain_rows(watch::DomainAnswers& answers, const QuestionViews& views,
                                                  const watch::OwnDomains& own);

}  // namespace paa::exporting
