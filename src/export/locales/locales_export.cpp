#include "paa/export/locales/locales_export.hpp"

#include "paa/export/csv_rows.hpp"
#include "paa/export/pipeline/pass_writer.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/export/rows/market_rows.hpp"
#include "paa/output/sink.hpp"
#include "paa/output/text.hpp"
#include "paa/topics/topic_map.hpp"

#include <algorithm>
#include <span>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace paa::exporting {

namespace {

class LocalesWriter final : public detail::PassWriter {
 public:
  LocalesWriter(const FormatOptions& options, BufferedOutput& out, bool pairs)
      : PassWriter(options, out), pairs_(pairs) {}
  void begin() override {}  // the header names the locales the pass finds

 private:
  std::span<analysis::QuestionReducer* const> more_reducers() override { return {&reducer_, 1}; }

  // The markets are kept with the analysis: a kept one is read without a pass.
  bool kept_with_the_views() const override { return true; }

  Result<void> write(QuestionViews& views) override {
    if (!views.topics) throw std::logic_error("the locales view without topics (a bug in paa)");
    auto figures = market_figures(trees_, views);
    if (!figures) return figures.error();
    return pairs_ ? write_pairs(*figures) : write_groups(views, *figures);
  }

  Result<void> write_groups(QuestionViews& views, const MarketFigures& figures) {
    const auto& all = figures.locales;
    // The locales' names (a city may hold a comma) through the CSV's own field encoder.
    StringSink names;
    {
      BufferedOutput cells(names);
      for (const MarketLocale& l : all) {
        cells.put(',');
        append_csv_field(cells, market_name(l), csv_text(options_.raw));
      }
      (void)cells.flush();  // a StringSink cannot fail
    }
    begin_csv(out_, options_.excel, std::string(kLocalesHeader) + names.data);
    std::vector<std::uint64_t> row(all.size());
    const auto write_row = [&](const topics::GroupRecord& g, std::span<const GroupMarket> cells) -> Result<void> {
      std::fill(row.begin(), row.end(), 0);
      for (const GroupMarket& c : cells) row.at(c.locale) = c.trees;
      const std::uint64_t shown = cells.size();
      const std::uint32_t topic = views.topics->topic_of(g.number);
      out_.append(topics::topic_hex(g.id));
      out_.put(',');
      append_csv_fields(out_, csv_text(options_.raw), {g.hl, g.representative, topics::topic_hex(views.topics->id(topic)),
                                                       views.topics->label(topic)});
      for (const std::uint64_t v : {g.trees, shown}) {
        out_.put(',');
        append_decimal(out_, v);
      }
      for (std::uint32_t c = 0; c < row.size(); ++c) {
        out_.put(',');
        // Another language's locale compares nothing: blank, unless the group is there too.
        if (row[c] > 0 || all[c].hl == g.hl) append_decimal(out_, row[c]);
      }
      end_csv_row(out_, options_.excel);
      ++records_;
      if (out_.failed()) return *out_.error();
      return {};
    };
    return for_each_group_markets(views, figures, write_row);
  }

  Result<void> write_pairs(const MarketFigures& figures) {
    const auto& all = figures.locales;
    begin_csv(out_, options_.excel, kLocalePairsHeader);
    char overlap[32];
    auto pairs = market_pairs(figures);
    if (!pairs) return pairs.error();
    for (const MarketPair& p : *pairs) {
      append_csv_fields(out_, csv_text(options_.raw), {all[p.a].hl, market_name(all[p.a]), market_name(all[p.b])});
      for (const std::uint64_t v : {p.both, p.only_a, p.only_b}) {
        out_.put(',');
        append_decimal(out_, v);
      }
      std::snprintf(overlap, sizeof overlap, ",%.4f", p.overlap());
      out_.append(overlap);
      end_csv_row(out_, options_.excel);
      ++records_;
      if (out_.failed()) return *out_.error();
    }
    return {};
  }

  bool pairs_;
  MarketTrees trees_;
  analysis::QuestionReducer* reducer_ = &trees_;
};

}  // namespace

std::unique_ptr<FormatWriter> make_locales_writer(const FormatOptions& options, BufferedOutput& out) {
  return std::make_unique<LocalesWriter>(options, out, false);
}

std::unique_ptr<FormatWriter> make_locale_pairs_writer(const FormatOptions& options, BufferedOutput& out) {
  return std::make_unique<LocalesWriter>(options, out, true);
}

}  // namespace paa::exporting
