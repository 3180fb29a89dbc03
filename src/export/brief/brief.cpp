#include "paa/export/brief/brief.hpp"

#include "paa/watch/domain_moves.hpp"

#include <algorithm>
#include <cstddef>
#include <tuple>
#include <unordered_map>

namespace paa::exporting {

namespace {

// Where an entry stands in its tree: lower is more prominent.
std::tuple<std::uint32_t, std::uint32_t> place(const BriefEntry& e) { return {e.depth, e.position}; }

}  // namespace

std::vector<BriefEntry> order_brief_entries(std::vector<BriefEntry> questions) {
  // Members of each group in input order; the group's first member fixes its input rank.
  std::vector<std::vector<std::size_t>> groups;
  std::unordered_map<std::uint64_t, std::size_t> group_of;
  for (std::size_t i = 0; i < questions.size(); ++i) {
    const auto [it, added] = group_of.try_emplace(questions[i].group, groups.size());
    if (added) groups.emplace_back();
    groups[it->second].push_back(i);
  }
  std::vector<BriefEntry> folded;
  folded.reserve(groups.size());
  for (auto& members : groups) {
    // Most prominent first (stable: input order breaks ties), then the representative to the front.
    std::stable_sort(members.begin(), members.end(),
                     [&](std::size_t a, std::size_t b) { return place(questions[a]) < place(questions[b]); });
    const auto head_at = std::find_if(members.begin(), members.end(),
                                      [&](std::size_t i) { return questions[i].representative; });
    const std::size_t head = head_at == members.end() ? members.front() : *head_at;
    BriefEntry entry = std::move(questions[head]);
    entry.variants.clear();
    const BriefEntry& first = questions[members.front()];  // moved-from only when it is the head
    if (members.front() != head) {
      entry.depth = first.depth;
      entry.position = first.position;
    }
    for (const std::size_t i : members) {
      if (i == head) continue;
      entry.variants.push_back(std::move(questions[i].question));
      entry.group_count = std::max(entry.group_count, questions[i].group_count);
      entry.volume = std::max(entry.volume, questions[i].volume);
    }
    folded.push_back(std::move(entry));
  }
  // `folded` is in input order of each group's first member: a stable sort keeps it for ties.
  std::stable_sort(folded.begin(), folded.end(), [](const BriefEntry& a, const BriefEntry& b) {
    if (a.volume != b.volume) return a.volume > b.volume;
    if (a.group_count != b.group_count) return a.group_count > b.group_count;
    return place(a) < place(b);
  });
  return folded;
}

std::vector<BriefDomain> rank_brief_domains(std::vector<BriefDomain> domains) {
  std::stable_sort(domains.begin(), domains.end(), [](const BriefDomain& a, const BriefDomain& b) {
    return watch::domain_row_before(a.domain, a.answers, b.domain, b.answers);
  });
  return domains;
}

bool brief_entry_has_answer(const BriefEntry& entry) {
  return std::any_of(entry.answer.begin(), entry.answer.end(), [](char c) {
    return c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v';
  });
}

std::string_view brief_faq_name(const BriefEntry& entry) {
  return entry.group_spelling.empty() ? std::string_view(entry.question) : std::string_view(entry.group_spelling);
}

std::size_t brief_answered(const Brief& brief) {
  return static_cast<std::size_t>(std::count_if(brief.entries.begin(), brief.entries.end(), brief_entry_has_answer));
}

std::optional<BriefFormat> parse_brief_format(std::string_view name) {
  if (name == "md") return BriefFormat::markdown;
  if (name == "html") return BriefFormat::html;
  if (name == "jsonld") return BriefFormat::jsonld;
  return std::nullopt;
}

void write_brief(const Brief& brief, BriefFormat format, BufferedOutput& out) {
  switch (format) {
    case BriefFormat::markdown: write_brief_markdown(brief, out); return;
    case BriefFormat::html: write_brief_html(brief, out); return;
    case BriefFormat::jsonld: write_brief_jsonld(brief, out); return;
  }
}

}  // namespace paa::exporting
