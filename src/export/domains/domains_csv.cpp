#include "paa/export/domains/domains_csv.hpp"

#include "paa/export/csv_rows.hpp"
#include "paa/output/text.hpp"
#include "paa/watch/domain_answers.hpp"
#include "paa/watch/domain_moves.hpp"
#include "paa/watch/own_domains.hpp"

#include "../topics/pass_writer.hpp"

#include <algorithm>
#include <cstdio>
#include <unordered_set>

namespace paa::exporting {

namespace {

class DomainsCsvWriter final : public detail::PassWriter {
 public:
  DomainsCsvWriter(const FormatOptions& options, BufferedOutput& out) : PassWriter(options, out) {
    // plan_export has checked them; a library caller's mistake shows as no marks.
    if (auto own = watch::OwnDomains::parse(options.own_domains)) own_ = std::move(*own);
  }
  void begin() override {
    std::string header(kDomainsHeader);
    if (!own_.empty()) header += ",yours";
    begin_csv(out_, options_.excel, header);
  }

 private:
  std::span<analysis::QuestionReducer* const> more_reducers() override { return {&reducer_, 1}; }

  Result<void> write(QuestionViews& views) override {
    auto domains_ = &answers_;
    if (auto counted = domains_->finish(); !counted) return counted;
    // Each question's topic, by question index (4 bytes a question).
    std::vector<std::uint32_t> topic_of;
    auto mapped = views.groups->for_each_question([&](std::uint64_t index, std::uint32_t group) -> Result<void> {
      if (topic_of.size() <= index) topic_of.resize(index + 1, 0);
      topic_of[index] = views.topics->topic_of(group);
      return {};
    });
    if (!mapped) return mapped;
    // Distinct topics per domain: the pairs come by domain, so one set at a time.
    std::vector<std::uint64_t> topics(domains_->domains().size(), 0);
    std::unordered_set<std::uint32_t> seen;
    std::uint32_t current = 0;
    bool any = false;
    auto joined = domains_->for_each_question([&](std::uint32_t domain, std::uint64_t index) -> Result<void> {
      if (!any || domain != current) {
        if (any) topics[current] = seen.size();
        seen.clear();
        current = domain;
        any = true;
      }
      if (index < topic_of.size()) seen.insert(topic_of[index]);
      return {};
    });
    if (!joined) return joined;
    if (any) topics[current] = seen.size();
    topic_of = {};

    std::vector<std::uint32_t> order(domains_->domains().size());
    for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    const auto& all = domains_->domains();
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
      return watch::domain_row_before(all[a].domain, all[a].answers, all[b].domain, all[b].answers);
    });
    char share[32];
    for (const std::uint32_t i : order) {
      const auto& d = all[i];
      append_csv_fields(out_, {d.domain});
      out_.put(',');
      append_decimal(out_, d.answers);
      out_.put(',');
      if (d.kind != watch::SourceKind::no_source && domains_->sourced() > 0) {
        std::snprintf(share, sizeof share, "%.4f", static_cast<double>(d.answers) / static_cast<double>(domains_->sourced()));
        out_.append(share);
      }
      for (const std::uint64_t v : {d.questions, d.keys, topics[i]}) {
        out_.put(',');
        append_decimal(out_, v);
      }
      if (!own_.empty()) {
        out_.put(',');
        out_.append(d.kind == watch::SourceKind::domain && own_.owns_domain(d.domain) ? "true" : "false");
      }
      end_csv_row(out_, options_.excel);
      ++records_;
      if (out_.failed()) return *out_.error();
    }
    return {};
  }

  watch::DomainAnswers answers_;
  analysis::QuestionReducer* reducer_ = &answers_;
  watch::OwnDomains own_;
};

}  // namespace

std::unique_ptr<FormatWriter> make_domains_writer(const FormatOptions& options, BufferedOutput& out) {
  return std::make_unique<DomainsCsvWriter>(options, out);
}

}  // namespace paa::exporting
