#include "paa/export/locales/locales_export.hpp"

#include "paa/export/csv_rows.hpp"
#include "paa/export/pipeline/pass_writer.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/extmem/sorted_runs.hpp"
#include "paa/output/sink.hpp"
#include "paa/output/text.hpp"
#include "paa/topics/topic_map.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace paa::exporting {

namespace {

struct Market {
  std::string hl, gl, city;
  std::string name() const { return hl + "-" + gl + (city.empty() ? "" : " (" + city + ")"); }
};

// A question's tree in a locale (the pass's order is question order: no sort needed to read it
// back in that order, only to spill it).
struct QuestionTree {
  std::uint64_t index = 0;
  std::uint64_t tree = 0;
  std::uint32_t locale = 0, pad = 0;
};
struct ByIndex {
  bool operator()(const QuestionTree& a, const QuestionTree& b) const { return a.index < b.index; }
};

// A group's tree in a locale: sorted, each (group, locale) pair's distinct trees are counted.
struct GroupTree {
  std::uint32_t group = 0, locale = 0;
  std::uint64_t tree = 0;
  bool operator<(const GroupTree& o) const { return std::tie(group, locale, tree) < std::tie(o.group, o.locale, o.tree); }
};

// Each occurrence's locale, by question: what the pass knows and the groups do not keep.
class QuestionLocales final : public analysis::QuestionReducer {
 public:
  Result<void> begin_question(std::string_view, std::uint64_t index) override {
    index_ = index;
    return {};
  }
  Result<void> occurrence(const analysis::Occurrence& o) override {
    key_.assign(o.hl).append(1, '\0').append(o.gl).append(1, '\0').append(o.city);
    auto [it, fresh] = ids_.try_emplace(key_, static_cast<std::uint32_t>(locales_.size()));
    if (fresh) locales_.push_back({std::string(o.hl), std::string(o.gl), std::string(o.city)});
    return trees_.add({index_, o.tree, it->second, 0});
  }
  Result<void> end_question() override { return {}; }
  Result<void> end_pass() override { return trees_.spill(); }

  const std::vector<Market>& locales() const { return locales_; }
  Result<void> for_each(const std::function<Result<void>(const QuestionTree&)>& visit) { return trees_.for_each(visit); }

 private:
  std::uint64_t index_ = 0;
  std::string key_;
  std::unordered_map<std::string, std::uint32_t> ids_;
  std::vector<Market> locales_;
  extmem::SortedRuns<QuestionTree, ByIndex> trees_{extmem::SortedRuns<QuestionTree, ByIndex>::kDefaultRunRecords, {},
                                                   "paa-question-locales"};
};

// Per (group, locale) with a tree: how many trees.
struct GroupLocale {
  std::uint32_t group, locale;
  std::uint64_t trees;
};

class LocalesWriter final : public detail::PassWriter {
 public:
  LocalesWriter(const FormatOptions& options, BufferedOutput& out, bool pairs)
      : PassWriter(options, out), pairs_(pairs) {}
  void begin() override {}  // the header names the locales the pass finds

 private:
  std::span<analysis::QuestionReducer* const> more_reducers() override { return {&reducer_, 1}; }

  Result<void> write(QuestionViews& views) override {
    if (!views.groups || !views.topics) throw std::logic_error("the locales view without computed groups (a bug in paa)");
    order_locales();
    auto counts = group_locale_trees(*views.groups);
    if (!counts) return counts.error();
    return pairs_ ? write_pairs(views, *counts) : write_groups(views, *counts);
  }

  // The locales in (hl, gl, city) order: column c shows locale order_[c].
  void order_locales() {
    const auto& all = locales_.locales();
    order_.resize(all.size());
    for (std::uint32_t i = 0; i < order_.size(); ++i) order_[i] = i;
    std::sort(order_.begin(), order_.end(), [&](std::uint32_t a, std::uint32_t b) {
      return std::tie(all[a].hl, all[a].gl, all[a].city) < std::tie(all[b].hl, all[b].gl, all[b].city);
    });
    column_.assign(all.size(), 0);
    for (std::uint32_t c = 0; c < order_.size(); ++c) column_[order_[c]] = c;
  }

  // Each group's distinct trees per locale, in group order: the questions' trees joined with
  // their groups and sorted (external, in a stated memory).
  Result<std::vector<GroupLocale>> group_locale_trees(const topics::QuestionGroups& groups) {
    std::vector<std::uint32_t> group_of;  // by question index: 4 bytes a unique question
    auto mapped = groups.for_each_question([&](std::uint64_t index, std::uint32_t group) -> Result<void> {
      if (group_of.size() <= index) group_of.resize(index + 1, 0);
      group_of[index] = group;
      return {};
    });
    if (!mapped) return mapped.error();
    extmem::SortedRuns<GroupTree> sorted({}, {}, "paa-group-locales");
    auto joined = locales_.for_each([&](const QuestionTree& t) -> Result<void> {
      return sorted.add({group_of.at(t.index), t.locale, t.tree});
    });
    if (!joined) return joined.error();
    std::vector<std::uint32_t>().swap(group_of);
    std::vector<GroupLocale> out;
    GroupTree last{~0u, ~0u, 0};
    auto counted = sorted.for_each([&](const GroupTree& t) -> Result<void> {
      if (t.group != last.group || t.locale != last.locale) {
        out.push_back({t.group, t.locale, 0});
      } else if (t.tree == last.tree) {
        return {};  // two questions of the group in one tree: one tree
      }
      ++out.back().trees;
      last = t;
      return {};
    });
    if (!counted) return counted.error();
    return out;
  }

  Result<void> write_groups(QuestionViews& views, const std::vector<GroupLocale>& counts) {
    const auto& all = locales_.locales();
    // The locales' names (a city may hold a comma) through the CSV's own field encoder.
    StringSink names;
    {
      BufferedOutput cells(names);
      for (const std::uint32_t l : order_) {
        cells.put(',');
        append_csv_field(cells, all[l].name(), csv_text(options_.raw));
      }
      (void)cells.flush();  // a StringSink cannot fail
    }
    begin_csv(out_, options_.excel, std::string(kLocalesHeader) + names.data);
    std::size_t at = 0;
    std::vector<std::uint64_t> row(all.size());
    return for_each_group(views, [&](const topics::GroupRecord& g) -> Result<void> {
      std::fill(row.begin(), row.end(), 0);
      std::uint64_t shown = 0;
      for (; at < counts.size() && counts[at].group == g.number; ++at) {
        row[column_[counts[at].locale]] = counts[at].trees;
        ++shown;
      }
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
        if (row[c] > 0 || all[order_[c]].hl == g.hl) append_decimal(out_, row[c]);
      }
      end_csv_row(out_, options_.excel);
      ++records_;
      if (out_.failed()) return *out_.error();
      return {};
    });
  }

  Result<void> write_pairs(QuestionViews& views, const std::vector<GroupLocale>& counts) {
    const auto& all = locales_.locales();
    // (column a, column b) -> both, only a, only b; a < b, the same language.
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::array<std::uint64_t, 3>> pairs;
    for (std::uint32_t a = 0; a < order_.size(); ++a) {
      for (std::uint32_t b = a + 1; b < order_.size() && all[order_[b]].hl == all[order_[a]].hl; ++b) pairs[{a, b}] = {};
    }
    std::vector<bool> shown(all.size());
    std::size_t at = 0;
    auto visited = for_each_group(views, [&](const topics::GroupRecord& g) -> Result<void> {
      std::fill(shown.begin(), shown.end(), false);
      for (; at < counts.size() && counts[at].group == g.number; ++at) shown[column_[counts[at].locale]] = true;
      for (auto& [ab, n] : pairs) {
        const bool in_a = shown[ab.first], in_b = shown[ab.second];
        if (in_a && in_b) ++n[0];
        else if (in_a) ++n[1];
        else if (in_b) ++n[2];
      }
      return {};
    });
    if (!visited) return visited.error();
    begin_csv(out_, options_.excel, kLocalePairsHeader);
    char overlap[32];
    for (const auto& [ab, n] : pairs) {
      const Market& a = all[order_[ab.first]];
      append_csv_fields(out_, csv_text(options_.raw), {a.hl, a.name(), all[order_[ab.second]].name()});
      for (const std::uint64_t v : n) {
        out_.put(',');
        append_decimal(out_, v);
      }
      const std::uint64_t any = n[0] + n[1] + n[2];
      std::snprintf(overlap, sizeof overlap, ",%.4f", any == 0 ? 0.0 : static_cast<double>(n[0]) / static_cast<double>(any));
      out_.append(overlap);
      end_csv_row(out_, options_.excel);
      ++records_;
      if (out_.failed()) return *out_.error();
    }
    return {};
  }

  bool pairs_;
  QuestionLocales locales_;
  analysis::QuestionReducer* reducer_ = &locales_;
  std::vector<std::uint32_t> order_;   // column -> locale id
  std::vector<std::uint32_t> column_;  // locale id -> column
};

}  // namespace

std::unique_ptr<FormatWriter> make_locales_writer(const FormatOptions& options, BufferedOutput& out) {
  return std::make_unique<LocalesWriter>(options, out, false);
}

std::unique_ptr<FormatWriter> make_locale_pairs_writer(const FormatOptions& options, BufferedOutput& out) {
  return std::make_unique<LocalesWriter>(options, out, true);
}

}  // namespace paa::exporting
