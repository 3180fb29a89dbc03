#include "paa/export/rows/market_rows.hpp"

#include "paa/extmem/scratch_file.hpp"
#include "paa/topics/question_groups.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <tuple>

namespace paa::exporting {

namespace {

// A group's tree in a locale: sorted, each (group, locale) pair's distinct trees are counted.
struct GroupTree {
  std::uint32_t group = 0, locale = 0;
  std::uint64_t tree = 0;
  bool operator<(const GroupTree& o) const { return std::tie(group, locale, tree) < std::tie(o.group, o.locale, o.tree); }
};

}  // namespace

std::string market_name(const MarketLocale& locale) {
  return locale.hl + "-" + locale.gl + (locale.city.empty() ? "" : " (" + locale.city + ")");
}

MarketTrees::MarketTrees() : trees_(decltype(trees_)::kDefaultRunRecords, {}, "paa-question-locales") {}

Result<void> MarketTrees::begin_question(std::string_view, std::uint64_t index) {
  index_ = index;
  return {};
}

Result<void> MarketTrees::occurrence(const analysis::Occurrence& o) {
  key_.assign(o.hl).append(1, '\0').append(o.gl).append(1, '\0').append(o.city);
  auto [it, fresh] = ids_.try_emplace(key_, static_cast<std::uint32_t>(locales_.size()));
  if (fresh) locales_.push_back({std::string(o.hl), std::string(o.gl), std::string(o.city)});
  // (The pass's order is question order: no sort is needed to read them back, only to spill.)
  return trees_.add({index_, o.tree, it->second, 0});
}

Result<void> MarketTrees::end_pass() { return trees_.spill(); }

Result<MarketFigures> MarketTrees::figures(const topics::QuestionGroups& groups) {
  // The locales in (hl, gl, city) order: `rank` maps the pass's number to that order's.
  std::vector<std::uint32_t> order(locales_.size());
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return std::tie(locales_[a].hl, locales_[a].gl, locales_[a].city) <
           std::tie(locales_[b].hl, locales_[b].gl, locales_[b].city);
  });
  std::vector<std::uint32_t> rank(order.size());
  MarketFigures out;
  for (std::uint32_t r = 0; r < order.size(); ++r) {
    rank[order[r]] = r;
    out.locales.push_back(locales_[order[r]]);
  }
  std::vector<std::uint32_t> group_of;  // by question index: 4 bytes a unique question
  group_of.reserve(groups.question_count());  // (grown by doubling it once took twice that)
  auto mapped = groups.for_each_question([&](std::uint64_t index, std::uint32_t group) -> Result<void> {
    if (group_of.size() <= index) group_of.resize(index + 1, 0);
    group_of[index] = group;
    return {};
  });
  if (!mapped) return mapped.error();
  // Runs of the default size: `{}` here once meant runs of one record each, which the merge then
  // held open all at once (4.6 GiB at a million keys; BENCHMARKS.md round 23).
  extmem::SortedRuns<GroupTree> sorted(extmem::SortedRuns<GroupTree>::kDefaultRunRecords, {}, "paa-group-locales");
  auto joined = trees_.for_each([&](const QuestionTree& t) -> Result<void> {
    return sorted.add({group_of.at(t.index), rank.at(t.locale), t.tree});
  });
  if (!joined) return joined.error();
  std::vector<std::uint32_t>().swap(group_of);
  auto file = extmem::ScratchFile::create("paa-market-cells");
  if (!file) return file.error();
  auto& cells = (*file)->out();
  GroupMarket cell{~0u, ~0u, 0};
  const auto put = [&] {
    if (cell.trees == 0) return;
    cells.append(std::string_view(reinterpret_cast<const char*>(&cell), sizeof cell));
    ++out.cells;
  };
  std::uint64_t last_tree = 0;
  auto counted = sorted.for_each([&](const GroupTree& t) -> Result<void> {
    if (t.group != cell.group || t.locale != cell.locale) {
      put();
      cell = {t.group, t.locale, 0};
    } else if (t.tree == last_tree) {
      return {};  // two questions of the group in one tree: one tree
    }
    ++cell.trees;
    last_tree = t.tree;
    return {};
  });
  if (!counted) return counted.error();
  put();
  if (auto flushed = (*file)->flush(); !flushed) return flushed.error();
  out.file = std::move(*file);
  return out;
}

Result<MarketFigures> market_figures(MarketTrees& trees, const QuestionViews& views) {
  if (views.markets) return views.markets();
  if (!views.groups) throw std::logic_error("markets compared without computed groups (a bug in paa)");
  return trees.figures(*views.groups);
}

Result<const GroupMarket*> MarketCells::next() {
  if (at_ == chunk_.size()) {
    const std::uint64_t left = figures_.cells - read_;
    if (left == 0) return nullptr;
    chunk_.resize(static_cast<std::size_t>(std::min<std::uint64_t>(left, 4096)));
    const std::uint64_t offset = figures_.cells_at + read_ * sizeof(GroupMarket);
    if (auto got = figures_.file->read_at(offset, reinterpret_cast<char*>(chunk_.data()),
                                          chunk_.size() * sizeof(GroupMarket));
        !got) {
      return got.error();
    }
    read_ += chunk_.size();
    at_ = 0;
  }
  const GroupMarket* cell = &chunk_[at_++];
  if (cell->locale >= figures_.locales.size()) return make_error(errc::store_damaged, "the kept markets are damaged");
  return cell;
}

Result<void> for_each_group_markets(const QuestionViews& views, const MarketFigures& figures,
                                    const GroupMarketsVisit& visit) {
  MarketCells cells(figures);
  auto next = cells.next();
  if (!next) return next.error();
  const GroupMarket* cell = *next;
  std::vector<GroupMarket> mine;  // one group's: at most one a locale
  return for_each_group(views, [&](const topics::GroupRecord& g) -> Result<void> {
    mine.clear();
    while (cell != nullptr && cell->group <= g.number) {
      if (cell->group == g.number) mine.push_back(*cell);
      next = cells.next();
      if (!next) return next.error();
      cell = *next;
    }
    return visit(g, mine);
  });
}

double MarketPair::overlap() const {
  const std::uint64_t any = both + only_a + only_b;
  return any == 0 ? 0.0 : static_cast<double>(both) / static_cast<double>(any);
}

Result<std::vector<MarketPair>> market_pairs(const MarketFigures& figures) {
  const auto& all = figures.locales;
  std::vector<MarketPair> pairs;
  for (std::uint32_t a = 0; a < all.size(); ++a) {
    for (std::uint32_t b = a + 1; b < all.size() && all[b].hl == all[a].hl; ++b) pairs.push_back({a, b});
  }
  std::vector<bool> shown(all.size());
  const auto count = [&] {
    for (auto& p : pairs) {
      const bool in_a = shown[p.a], in_b = shown[p.b];
      if (in_a && in_b) ++p.both;
      else if (in_a) ++p.only_a;
      else if (in_b) ++p.only_b;
    }
    std::fill(shown.begin(), shown.end(), false);
  };
  MarketCells cells(figures);
  std::uint32_t group = ~0u;
  for (;;) {
    auto next = cells.next();
    if (!next) return next.error();
    const GroupMarket* cell = *next;
    if (cell == nullptr || cell->group != group) {
      if (group != ~0u) count();
      if (cell == nullptr) break;
      group = cell->group;
    }
    shown[cell->locale] = true;
  }
  return pairs;
}

}  // namespace paa::exporting
