#pragma once
// Markets compared, as data: what `paa export --format locales` and `locale-pairs` write and the
// HTML report's Compare view draws (docs/exports.md "Locales"). Each variant group's trees per
// locale of the selection, counted by the MarketTrees reducer of the analysis pass (each
// question's locales, which the groups do not keep) joined with the groups; and per pair of
// locales of one language, the groups both show and those only one shows. Across languages a
// group compares nothing: its questions are another language's.
#include "paa/analysis/question_pass.hpp"
#include "paa/error.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/extmem/sorted_runs.hpp"

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace paa::exporting {

// A locale's name as the exports' columns show it: "hl-gl", and " (city)" when the key has one.
std::string market_name(const MarketLocale& locale);

// Each occurrence's locale and tree, by question, spilled in runs (external, in a stated memory).
class MarketTrees final : public analysis::QuestionReducer {
 public:
  MarketTrees();
  Result<void> begin_question(std::string_view folded, std::uint64_t index) override;
  Result<void> occurrence(const analysis::Occurrence& o) override;
  Result<void> end_question() override { return {}; }
  Result<void> end_pass() override;

  // Joined with `groups` (once, after the pass): each group's distinct trees per locale. Memory:
  // 4 bytes a unique question while joining; the cells go to a scratch file as they are counted.
  Result<MarketFigures> figures(const topics::QuestionGroups& groups);

  struct QuestionTree {
    std::uint64_t index = 0;
    std::uint64_t tree = 0;
    std::uint32_t locale = 0, pad = 0;
  };
  struct ByIndex {
    bool operator()(const QuestionTree& a, const QuestionTree& b) const { return a.index < b.index; }
  };

 private:
  std::uint64_t index_ = 0;
  std::string key_;
  std::unordered_map<std::string, std::uint32_t> ids_;
  std::vector<MarketLocale> locales_;  // in the pass's order of discovery
  extmem::SortedRuns<QuestionTree, ByIndex> trees_;
};

// The cells of `figures`, read front to back in chunks (store_damaged for a cell naming a
// locale the figures have not: a damaged kept file).
class MarketCells {
 public:
  explicit MarketCells(const MarketFigures& figures) : figures_(figures) {}
  // The next cell, or null after the last (valid until the next call).
  Result<const GroupMarket*> next();

 private:
  const MarketFigures& figures_;
  std::vector<GroupMarket> chunk_;
  std::size_t at_ = 0;
  std::uint64_t read_ = 0;
};

// The markets kept with `views` (QuestionViews::markets) when they have them, else counted by
// `trees` (which the pass fed) joined with the views' groups.
Result<MarketFigures> market_figures(MarketTrees& trees, const QuestionViews& views);

// Each group of `views`, in number order, with its cells of `figures` (empty: shown nowhere):
// the locales view's rows and the report's listed groups walk them so.
using GroupMarketsVisit = std::function<Result<void>(const topics::GroupRecord&, std::span<const GroupMarket>)>;
Result<void> for_each_group_markets(const QuestionViews& views, const MarketFigures& figures,
                                    const GroupMarketsVisit& visit);

// One pair of locales of one language (a < b, indexes into MarketFigures::locales): the groups
// both show, only a, only b.
struct MarketPair {
  std::uint32_t a = 0, b = 0;
  std::uint64_t both = 0, only_a = 0, only_b = 0;
  // Both ÷ the groups either shows (0 when neither shows one).
  double overlap() const;
};
// Every pair of locales of one language, in locale order (a groups' absence from both counts
// nowhere, so the cells alone decide).
Result<std::vector<MarketPair>> market_pairs(const MarketFigures& figures);

}  // namespace paa::exporting
