#include "paa/export/topics/topics_export.hpp"

#include "paa/export/csv_rows.hpp"
#include "paa/extmem/keyed_sort.hpp"
#include "paa/output/text.hpp"
#include "paa/question/question_type.hpp"
#include "paa/topics/topic_identity.hpp"
#include "paa/topics/topic_map.hpp"

#include "paa/export/pipeline/pass_writer.hpp"

#include <cstring>
#include <initializer_list>
#include <string>

namespace paa::exporting {

namespace {

void big_endian(std::string& out, std::uint64_t v, int bytes) {
  for (int shift = 8 * (bytes - 1); shift >= 0; shift -= 8) out.push_back(static_cast<char>((v >> shift) & 0xff));
}

void put(std::string& out, std::uint64_t v) { out.append(reinterpret_cast<const char*>(&v), 8); }
std::uint64_t get(std::string_view s, std::size_t at) {
  std::uint64_t v = 0;
  std::memcpy(&v, s.data() + at * 8, 8);
  return v;
}

// `,n` for each of `figures`: a row's numbers after its texts.
void append_figures(BufferedOutput& out, std::initializer_list<std::uint64_t> figures) {
  for (const std::uint64_t figure : figures) {
    out.put(',');
    append_decimal(out, figure);
  }
}

class TopicsCsvWriter final : public detail::PassWriter {
 public:
  using PassWriter::PassWriter;
  void begin() override {
    // --since: each topic's questions new and gone since then, after the other columns.
    std::string header(options_.volumes ? kTopicsVolumeHeader : kTopicsHeader);
    if (options_.since) header += ",new,gone";
    begin_csv(out_, options_.excel, header);
  }

 private:
  Result<void> write(QuestionViews& views) override {
    std::string top;
    for (std::uint32_t n = 0; n < views.topics->size(); ++n) {
      auto t = views.topics->topic(n);
      if (!t) return t.error();
      top.clear();
      for (const auto q : t->top_questions) {
        if (!top.empty()) top += " | ";
        top += q;
      }
      append_csv_fields(out_, csv_text(options_.raw), {topics::topic_hex(t->id), t->label, t->hl});
      append_figures(out_, {t->questions, t->groups, t->trees});
      if (options_.volumes) append_figures(out_, {t->volume});
      out_.put(',');
      append_csv_fields(out_, csv_text(options_.raw), {t->representative, top});
      if (const auto* c = changes()) append_figures(out_, {c->added(n), c->gone(n)});
      end_csv_row(out_, options_.excel);
      ++records_;
      if (out_.failed()) return *out_.error();
    }
    return {};
  }
};

class TopicsJsonlWriter final : public detail::PassWriter {
 public:
  using PassWriter::PassWriter;
  void begin() override {}

 private:
  // The variants sorted by topic, group (most demand, then most trees first) and spelling (the
  // representative, then the most frequent): one external sort, then one object per topic.
  Result<void> write(QuestionViews& views) override {
    extmem::KeyedSort sorted(extmem::KeyedSort::kDefaultRunBytes / 2, "paa-topics-jsonl");
    std::string key, numbers;
    auto listed = for_each_question_row(views, [&](const analysis::UniqueQuestion& row, const topics::QuestionGroup& g,
                                                   const topics::Topic& topic) -> Result<void> {
      key.clear();
      big_endian(key, topic.number, 4);
      big_endian(key, ~g.volume, 8);
      big_endian(key, ~g.trees, 8);
      big_endian(key, g.number, 4);
      numbers.clear();
      for (std::uint64_t v : {g.trees, g.seeds, g.locales, static_cast<std::uint64_t>(g.type),
                              static_cast<std::uint64_t>(g.intent), g.volume}) {
        put(numbers, v);
      }
      return sorted.add(key, g.is_representative ? 0 : 1, ~row.count, {numbers, row.question, std::to_string(row.count)});
    });
    if (!listed) return listed;
    std::uint64_t topic = UINT64_MAX, group = UINT64_MAX;
    auto close_group = [&] { out_.append("]}"); };
    auto close_topic = [&] {
      close_group();
      out_.append("]}\n");
      ++records_;
    };
    auto written = sorted.for_each([&](const extmem::KeyedSort::Record& r) -> Result<void> {
      std::uint64_t t = 0, g = 0;
      for (int i = 0; i < 4; ++i) t = (t << 8) | static_cast<unsigned char>(r.key[static_cast<std::size_t>(i)]);
      for (int i = 20; i < 24; ++i) g = (g << 8) | static_cast<unsigned char>(r.key[static_cast<std::size_t>(i)]);
      if (t != topic) {
        if (topic != UINT64_MAX) close_topic();
        topic = t;
        group = UINT64_MAX;
        auto tp = views.topics->topic(static_cast<std::uint32_t>(t));
        if (!tp) return tp.error();
        out_.append("{\"topic\":");
        append_json_string(out_, topics::topic_hex(tp->id));
        out_.append(",\"label\":");
        append_json_string(out_, tp->label);
        out_.append(",\"hl\":");
        append_json_string(out_, tp->hl);
        out_.append(",\"questions\":");
        append_decimal(out_, tp->questions);
        out_.append(",\"groups\":");
        append_decimal(out_, tp->groups);
        out_.append(",\"trees\":");
        append_decimal(out_, tp->trees);
        if (options_.volumes) {
          out_.append(",\"volume\":");
          append_decimal(out_, tp->volume);
        }
        out_.append(",\"representative\":");
        append_json_string(out_, tp->representative);
        if (const auto* c = changes()) {
          out_.append(",\"new\":");
          append_decimal(out_, c->added(static_cast<std::uint32_t>(t)));
          out_.append(",\"gone\":");
          append_decimal(out_, c->gone(static_cast<std::uint32_t>(t)));
        }
        out_.append(",\"top_questions\":[");
        for (std::size_t i = 0; i < tp->top_questions.size(); ++i) {
          if (i > 0) out_.put(',');
          append_json_string(out_, tp->top_questions[i]);
        }
        out_.append("],\"variant_groups\":[");
      }
      const std::string_view n = r.fields[0];
      if (g != group) {
        if (group != UINT64_MAX) {
          close_group();
          out_.put(',');
        }
        group = g;
        out_.append("{\"representative\":");
        append_json_string(out_, r.fields[1]);  // the representative sorts first
        out_.append(",\"type\":");
        append_json_string(out_, question::name(static_cast<question::QuestionType>(get(n, 3))));
        out_.append(",\"intent\":");
        append_json_string(out_, question::name(static_cast<question::Intent>(get(n, 4))));
        out_.append(",\"group_count\":");
        append_decimal(out_, get(n, 0));
        out_.append(",\"seeds\":");
        append_decimal(out_, get(n, 1));
        out_.append(",\"locales\":");
        append_decimal(out_, get(n, 2));
        if (options_.volumes) {
          out_.append(",\"group_volume\":");
          append_decimal(out_, get(n, 5));
        }
        out_.append(",\"variants\":[");
      } else {
        out_.put(',');
      }
      out_.append("{\"question\":");
      append_json_string(out_, r.fields[1]);
      out_.append(",\"count\":");
      out_.append(r.fields[2]);
      out_.put('}');
      if (out_.failed()) return *out_.error();
      return {};
    });
    if (!written) return written;
    if (topic != UINT64_MAX) close_topic();
    return {};
  }
};

class TopicChangesCsvWriter final : public detail::PassWriter {
 public:
  using PassWriter::PassWriter;
  void begin() override { begin_csv(out_, options_.excel, kTopicChangesHeader); }

 private:
  Result<void> write(QuestionViews& views) override {
    auto trend = views.topics->for_each_change([&](const topics::TopicChange& c) -> Result<void> {
      const bool split = c.kind == topics::TopicChangeKind::split, merged = c.kind == topics::TopicChangeKind::merged;
      append_csv_fields(out_, csv_text(options_.raw),
                        {topics::trend_word(c), topics::topic_hex(c.id), views.topics->change_label(c),
                         split ? topics::topic_hex(c.other) : "",
                         merged ? topics::topic_hex(c.other) : ""});
      append_figures(out_, {c.before.trees, c.after.trees, c.before.questions, c.after.questions, c.before.groups,
                            c.after.groups, c.before.volume, c.after.volume});
      end_csv_row(out_, options_.excel);
      ++records_;
      if (out_.failed()) return *out_.error();
      return {};
    });
    if (!trend) return trend.error();
    return {};
  }
};

}  // namespace

std::unique_ptr<FormatWriter> make_topic_changes_writer(const FormatOptions& options, BufferedOutput& out) {
  return std::make_unique<TopicChangesCsvWriter>(options, out);
}

std::unique_ptr<FormatWriter> make_topics_writer(const FormatOptions& options, BufferedOutput& out) {
  if (options.format == ExportFormat::topics_jsonl) return std::make_unique<TopicsJsonlWriter>(options, out);
  return std::make_unique<TopicsCsvWriter>(options, out);
}

}  // namespace paa::exporting
