#include "paa/export/topics/topics_summary.hpp"

#include "paa/model/clock.hpp"
#include "paa/model/top_k.hpp"
#include "paa/output/text.hpp"
#include "paa/topics/topic_map.hpp"
#include "paa/question/question_type.hpp"

#include "paa/export/pipeline/pass_writer.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <cstdlib>
#include <cstdio>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace paa::exporting {

namespace {

std::string with_commas(std::uint64_t v) {
  std::string digits = std::to_string(v), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

std::string percent(std::uint64_t part, std::uint64_t whole) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.0f%%", whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole));
  return buf;
}

// A cell cut to `width` characters (UTF-8 aware), padded when `pad`.
std::string cell(std::string_view text, std::size_t width, bool pad = true) {
  std::string out;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size();) {
    std::size_t len = 1;
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0xf0) len = 4;
    else if (c >= 0xe0) len = 3;
    else if (c >= 0xc0) len = 2;
    if (chars + 1 == width && i + len < text.size()) {
      out += "…";
      ++chars;
      break;
    }
    out.append(text.substr(i, len));
    ++chars;
    i += len;
    if (chars == width) break;
  }
  if (pad) out.append(width > chars ? width - chars : 0, ' ');
  return out;
}

// Each question type's (or intent's) share of the questions, the kinds no question has left out.
template <typename Kind, std::size_t N>
std::string shares(const std::array<Kind, N>& kinds, const std::array<std::uint64_t, N>& counts,
                   std::uint64_t questions) {
  std::string out;
  for (Kind kind : kinds) {
    const auto n = counts[static_cast<std::size_t>(kind)];
    if (n == 0) continue;
    out += " ";
    out += question::name(kind);
    out += " ";
    out += percent(n, questions);
  }
  return out;
}

struct Hub {
  std::uint64_t trees, seeds, id, volume;
  std::string question;
};

class TopicsSummaryWriter final : public detail::PassWriter {
 public:
  TopicsSummaryWriter(const FormatOptions& options, BufferedOutput& out, const TopicsSummaryOptions& summary)
      : PassWriter(options, out), summary_(summary) {}
  void begin() override {}

 private:
  Result<void> write(QuestionViews& views) override {
    // The summary is for the terminal the bar is drawn on: the bar ends first.
    if (options_.progress != nullptr) options_.progress->end();
    auto counted = count_questions(views);
    if (!counted) return counted.error();
    const QuestionCounts& sh = *counted;
    auto hubs = biggest_hubs(views);
    if (!hubs) return hubs.error();

    auto& map = *views.topics;
    char resolution[32];
    std::snprintf(resolution, sizeof resolution, "%g", options_.topics.resolution);
    out_.append("paa topics: " + with_commas(map.size()) + " topics from " + with_commas(group_count(views)) +
                " variant groups of " + with_commas(sh.questions) + " questions (resolution " + resolution + ")\n\n");
    if (map.size() == 0) {
      out_.append("No questions in the selection.\n");
      return {};
    }
    if (auto listed = write_topics(map); !listed) return listed;
    if (auto trend = write_trend(map); !trend) return trend;
    out_.append("\nQuestion types:" + shares(question::kQuestionTypes, sh.types, sh.questions));
    out_.append("\nIntents:       " + shares(question::kIntents, sh.intents, sh.questions) + "\n");
    write_hubs(*hubs);
    write_graph(map.stats());
    records_ = map.size();
    if (out_.failed()) return *out_.error();
    return {};
  }

  // The groups in the most trees (then seeds, then id), at most summary_.hubs of them.
  Result<std::vector<Hub>> biggest_hubs(const QuestionViews& views) const {
    std::vector<Hub> hubs;
    auto hubbed = for_each_group(views, [&](const topics::GroupRecord& g) -> Result<void> {
      if (g.trees < 2) return {};
      Hub h{g.trees, g.seeds, g.id, g.volume, std::string(g.representative)};
      auto before = [](const Hub& a, const Hub& b) {
        return a.trees != b.trees ? a.trees > b.trees : (a.seeds != b.seeds ? a.seeds > b.seeds : a.id < b.id);
      };
      const auto at = std::upper_bound(hubs.begin(), hubs.end(), h, before);
      if (static_cast<std::size_t>(at - hubs.begin()) < summary_.hubs) {
        hubs.insert(at, std::move(h));
        if (hubs.size() > summary_.hubs) hubs.pop_back();
      }
      return {};
    });
    if (!hubbed) return hubbed.error();
    return hubs;
  }

  // The changes' line (with --since), the table's head and its first summary_.topics topics.
  Result<void> write_topics(topics::TopicMap& map) {
    const topics::TopicChanges* changes = this->changes();
    if (changes != nullptr) {
      out_.append("Since " + options_.since_label + ": " + with_commas(changes->added_total()) + " new and " +
                  with_commas(changes->gone_total()) + " gone questions over the " + with_commas(changes->keys()) +
                  " keys stored then and now");
      if (changes->gone_elsewhere() > 0) {
        out_.append(" (" + with_commas(changes->gone_elsewhere()) + " gone questions belong to no topic now)");
      }
      out_.append("\n\n");
    }
    // With the seeds' volumes the topics come most demand first: the volume leads.
    const bool volumes = options_.volumes;
    // The id leads: `paa brief --topic` takes it (or a prefix of it).
    char titles[96];
    if (volumes) {
      std::snprintf(titles, sizeof titles, "%-16s %9s %7s %10s  ", "topic", "volume", "trees", "questions");
    } else {
      std::snprintf(titles, sizeof titles, "%-16s %7s %10s  ", "topic", "trees", "questions");
    }
    out_.append(titles);
    out_.append(changes != nullptr ? "  new   gone  label                          representative question\n"
                                   : "label                          representative question\n");
    const std::size_t shown = std::min<std::size_t>(summary_.topics, map.size());
    for (std::uint32_t n = 0; n < shown; ++n) {
      auto t = map.topic(n);
      if (!t) return t.error();
      char head[64];
      out_.append(topics::topic_hex(t->id));
      out_.append(" ");
      if (volumes) {
        std::snprintf(head, sizeof head, "%9s ", with_commas(t->volume).c_str());
        out_.append(head);
      }
      std::snprintf(head, sizeof head, "%7s %10s  ", with_commas(t->trees).c_str(), with_commas(t->questions).c_str());
      out_.append(head);
      if (changes != nullptr) {
        std::snprintf(head, sizeof head, "%5s %6s  ", with_commas(changes->added(n)).c_str(),
                      with_commas(changes->gone(n)).c_str());
        out_.append(head);
      }
      out_.append(cell(t->label.empty() ? std::string_view("(no words)") : t->label, 30));
      out_.append(" ");
      out_.append(cell(t->representative, 60, false));
      out_.append("\n");
      for (std::size_t i = 1; i < t->top_questions.size() && i < 3; ++i) {
        out_.append(std::string((changes != nullptr ? 82 : 68) + (volumes ? 10 : 0), ' '));
        out_.append(cell(t->top_questions[i], 60, false));
        out_.append("\n");
      }
    }
    if (map.size() > shown) {
      out_.append("  ... and " + with_commas(map.size() - shown) + " more (all of them: paa export --format topics)\n");
    }
    return {};
  }

  // What the topics did since the analysis their ids were kept from (docs/topics.md "A topic's
  // identity"): a line of counts, then the largest changes of each kind. The changes are
  // streamed (a million keys' analysis has millions): each kind's count and its largest few
  // kept, then a second pass for the labels those name.
  Result<void> write_trend(topics::TopicMap& map) {
    enum Row { grew, shrank, added, split, merged, gone, rows };
    static constexpr const char* kRowName[rows] = {"grew", "shrank", "new", "split", "merged", "gone"};
    const auto delta = [](std::uint64_t before, std::uint64_t after) {
      return static_cast<std::int64_t>(after) - static_cast<std::int64_t>(before);
    };
    // The largest changes first (by trees, then questions; ties by id).
    const auto magnitude = [&](const topics::TopicChange& c) {
      return std::make_tuple(std::abs(delta(c.before.trees, c.after.trees)),
                             std::abs(delta(c.before.questions, c.after.questions)));
    };
    const auto shown_first = [&](const topics::TopicChange& a, const topics::TopicChange& b) {
      const auto ma = magnitude(a), mb = magnitude(b);
      return ma != mb ? ma > mb : a.id < b.id;
    };
    struct Kind {
      std::uint64_t count = 0;
      std::vector<topics::TopicChange> top;  // a heap of the largest: its front is the smallest of them
    };
    std::array<Kind, rows> kinds;
    std::uint64_t unchanged = 0, total = 0;
    const std::size_t keep = summary_.trend_rows;
    auto read = map.for_each_change([&](const topics::TopicChange& c) -> Result<void> {
      ++total;
      const std::string_view word = topics::trend_word(c);
      if (word == "same") {
        ++unchanged;
        return {};
      }
      for (int r = 0; r < rows; ++r) {
        if (word != kRowName[r]) continue;
        Kind& k = kinds[r];
        ++k.count;
        keep_top_k(k.top, keep, c, shown_first);
      }
      return {};
    });
    std::unordered_map<std::uint64_t, std::optional<std::string>> label_of;  // the topics a shown split or merge names
    for (Kind& k : kinds) std::sort_heap(k.top.begin(), k.top.end(), shown_first);
    for (int r : {split, merged}) {
      for (const auto& c : kinds[r].top) label_of.emplace(c.other, std::nullopt);
    }
    if (read && read->compared) {
      if (auto named = map.label_changes(label_of); !named) read = named.error();
    }
    if (!read) {  // the topics are whole without it: say so and go on
      out_.append("\nWhat changed since the analysis before cannot be read (" + read.error().message +
                  "): `paa analyze --full` computes it anew\n");
      return {};
    }
    const topics::TopicTrend& trend = *read;
    if (!trend.compared) return {};
    const auto signed_text = [](std::int64_t v) {
      return (v > 0 ? "+" : v < 0 ? "-" : "") + with_commas(static_cast<std::uint64_t>(v < 0 ? -v : v));
    };
    std::string head = "\nSince the analysis of " + (trend.since_ms > 0 ? format_utc(trend.since_ms, "%Y-%m-%d %H:%M UTC") : std::string("an unknown time")) +
                       " (" + with_commas(trend.since_results) + " results):";
    for (int r = 0; r < rows; ++r) {
      head += std::string(r == 0 ? " " : ", ") + with_commas(kinds[r].count) + " " + kRowName[r];
    }
    out_.append(head + ", " + with_commas(unchanged) + " the same size\n");
    if (unchanged == total) return {};
    char titles[96];
    std::snprintf(titles, sizeof titles, "  %-7s %-16s %8s %10s  label\n", "change", "topic", "trees", "questions");
    out_.append(titles);
    for (int r = 0; r < rows; ++r) {
      for (const topics::TopicChange& c : kinds[r].top) {
        char head_cells[96];
        std::snprintf(head_cells, sizeof head_cells, "  %-7s %s %8s %10s  ", kRowName[r], topics::topic_hex(c.id).c_str(),
                      signed_text(delta(c.before.trees, c.after.trees)).c_str(),
                      signed_text(delta(c.before.questions, c.after.questions)).c_str());
        std::string line = head_cells;
        const std::string_view label = map.change_label(c);
        line += cell(label.empty() ? std::string_view("(no words)") : label, 40, false);
        if (r == split || r == merged) {
          const auto other = label_of.find(c.other);
          line += std::string(r == split ? " (from: " : " (into: ") +
                  (other == label_of.end() || !other->second ? topics::topic_hex(c.other)
                                                             : cell(*other->second, 40, false)) +
                  ")";
        }
        out_.append(line + "\n");
      }
      if (kinds[r].count > kinds[r].top.size()) {
        out_.append("  " + std::string(kRowName[r]) + ": and " + with_commas(kinds[r].count - kinds[r].top.size()) +
                    " more\n");
      }
    }
    return {};
  }

  void write_hubs(const std::vector<Hub>& hubs) {
    if (hubs.empty()) return;
    const bool volumes = options_.volumes;
    out_.append(volumes ? "\nBiggest hubs (questions in the most trees):\n  trees  seeds     volume  question\n"
                        : "\nBiggest hubs (questions in the most trees):\n  trees  seeds  question\n");
    for (const Hub& h : hubs) {
      char head[40];
      std::snprintf(head, sizeof head, "%7s %6s  ", with_commas(h.trees).c_str(), with_commas(h.seeds).c_str());
      out_.append(head);
      if (volumes) {
        std::snprintf(head, sizeof head, "%9s  ", with_commas(h.volume).c_str());
        out_.append(head);
      }
      out_.append(cell(h.question, 70, false));
      out_.append("\n");
    }
  }

  void write_graph(const topics::TopicStats& st) {
    std::string graph = "\nThe graph: " + with_commas(st.edges) + " links between groups, clustered in " +
                        with_commas(st.parts) + " parts apart (the largest: " + with_commas(st.largest_part_nodes) +
                        " groups, " + with_commas(st.largest_part_edges) + " links";
    if (st.cut_parts > 0) graph += "; " + with_commas(st.cut_parts) + " parts too large, cut by stronger links";
    graph += ")";
    if (st.terms > 0) graph += "; " + with_commas(st.terms) + (st.terms == 1 ? " multi-word term" : " multi-word terms");
    out_.append(graph + "\n");
  }

  TopicsSummaryOptions summary_;
};

}  // namespace

std::unique_ptr<FormatWriter> make_topics_summary_writer(const FormatOptions& options, BufferedOutput& out,
                                                         const TopicsSummaryOptions& summary) {
  return std::make_unique<TopicsSummaryWriter>(options, out, summary);
}

}  // namespace paa::exporting
