#include "paa/history/diff_report.hpp"

#include "paa/model/query_key.hpp"
#include "paa/model/top_k.hpp"

#include "paa/output/text.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <system_error>
#include <utility>

namespace paa {

std::optional<DiffFormat> parse_diff_format(std::string_view name) {
  if (name == "text") return DiffFormat::text;
  if (name == "csv") return DiffFormat::csv;
  if (name == "jsonl") return DiffFormat::jsonl;
  return std::nullopt;
}

std::string_view diff_format_name(DiffFormat format) {
  switch (format) {
    case DiffFormat::text: return "text";
    case DiffFormat::csv: return "csv";
    case DiffFormat::jsonl: return "jsonl";
  }
  return "?";
}

std::optional<double> DiffTotals::mean_churn() const {
  if (keys_compared == 0) return std::nullopt;
  return churn_sum / static_cast<double>(keys_compared);
}

// What text prints of a changed key, and where it ranks.
struct DiffReport::Detail {
  std::string q, hl, gl, city;
  double churn = 0;
  std::size_t questions_before = 0;
  std::size_t questions_after = 0;
  std::vector<TreeChange> changes;
  std::uint64_t sequence = 0;
};

struct DiffReport::OneSide {
  std::string q, hl, gl, city;
};

namespace {

// Whether a is shown before b: churn descending, then more changes, then arrival order.
bool ranks_before(const auto& a, const auto& b) {
  if (a.churn != b.churn) return a.churn > b.churn;
  if (a.changes.size() != b.changes.size()) return a.changes.size() > b.changes.size();
  return a.sequence < b.sequence;
}

// Machine form: up to 4 decimals, trailing zeros dropped ("0.6667", "0.5", "0", "1").
std::string machine_number(double value) {
  char digits[32];
  const auto r = std::to_chars(digits, digits + sizeof digits, value, std::chars_format::fixed, 4);
  std::string s(digits, r.ptr);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

// People's form: a percentage with one decimal ("66.7%").
std::string percent(double fraction) {
  char digits[32];
  const auto r = std::to_chars(digits, digits + sizeof digits, fraction * 100.0, std::chars_format::fixed, 1);
  return std::string(digits, r.ptr) + "%";
}

// 1234567 -> "1,234,567".
std::string grouped(std::uint64_t n) {
  std::string plain = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < plain.size(); ++i) {
    if (i != 0 && (plain.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(plain[i]);
  }
  return out;
}

// Text is line-based: a line break or tab inside a question would break the layout.
std::string one_line(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  return out;
}

std::string locale_label(std::string_view hl, std::string_view gl, std::string_view city) {
  std::string s = std::string(hl) + "-" + std::string(gl);
  if (!city.empty()) s += ", " + one_line(city);
  return s;
}

std::string key_label(std::string_view q, std::string_view hl, std::string_view gl, std::string_view city) {
  return one_line(q) + " (" + locale_label(hl, gl, city) + ")";
}

// The distinct questions of a tree, counted as diff_trees counts them.
std::size_t distinct_questions(const SearchResult& result) {
  static const SearchResult kEmpty;
  return diff_trees(kEmpty, result).questions_after;
}

void count(DiffTotals& t, const TreeDiff& d) {
  ++t.keys_compared;
  if (d.changed()) ++t.keys_changed;
  t.churn_sum += d.churn;
  for (const auto& c : d.changes) {
    switch (c.kind) {
      case TreeChangeKind::added: ++t.added; break;
      case TreeChangeKind::removed: ++t.removed; break;
      case TreeChangeKind::moved: ++t.moved; break;
      case TreeChangeKind::source_changed: ++t.source_changed; break;
      case TreeChangeKind::related_added: ++t.related_added; break;
      case TreeChangeKind::related_removed: ++t.related_removed; break;
    }
  }
}

void append_csv_row(BufferedOutput& out, CsvText text, const KeyComparison& key, std::string_view change,
                    std::string_view question, std::string_view old_value, std::string_view new_value) {
  append_csv_key_columns(out, text, key.q, key.hl, key.gl, key.city);
  append_csv_fields(out, text, {change, question, old_value, new_value});
  out.put('\n');
}

bool is_related(TreeChangeKind kind) {
  return kind == TreeChangeKind::related_added || kind == TreeChangeKind::related_removed;
}

}  // namespace

DiffReport::DiffReport(DiffOptions options, DiffHeader header, BufferedOutput& out)
    : options_(options), header_(std::move(header)), out_(out) {
  if (options_.format == DiffFormat::csv) {
    out_.append(kDiffCsvHeader);
    out_.put('\n');
  }
}

DiffReport::~DiffReport() = default;

void DiffReport::add(const KeyComparison& key) {
  if (key.before == nullptr && key.after == nullptr) {
    throw std::invalid_argument("DiffReport::add: a key with no version at either side");
  }
  const std::uint64_t sequence = sequence_++;
  DiffTotals& locale = locales_[DiffLocale{key.hl, key.gl, key.city}];
  std::optional<TreeDiff> diff;
  if (key.before != nullptr && key.after != nullptr) {
    diff = diff_trees(*key.before, *key.after);
    if (key.only != nullptr) {
      std::erase_if(diff->changes, [&](const TreeChange& c) {
        return c.kind == TreeChangeKind::related_added || c.kind == TreeChangeKind::related_removed ||
               !key.only->contains(fold_or_raw(c.question));
      });
    }
    count(totals_, *diff);
    count(locale, *diff);
  } else if (key.before != nullptr) {
    ++totals_.keys_only_from;
    ++locale.keys_only_from;
  } else {
    ++totals_.keys_only_to;
    ++locale.keys_only_to;
  }

  switch (options_.format) {
    case DiffFormat::csv: write_csv(key, diff ? &*diff : nullptr); return;
    case DiffFormat::jsonl: write_jsonl(key, diff ? &*diff : nullptr); return;
    case DiffFormat::text: break;
  }
  if (diff) {
    if (diff->changed()) {
      Detail d{key.q, key.hl, key.gl, key.city, diff->churn, diff->questions_before, diff->questions_after,
               std::move(diff->changes), sequence};
      // Keep the detail_limit best: the heap's front is the one shown last, evicted first.
      keep_top_k(changed_, options_.detail_limit, std::move(d),
                 [](const Detail& a, const Detail& b) { return ranks_before(a, b); });
    }
    return;
  }
  auto& side = key.before != nullptr ? only_from_ : only_to_;
  if (side.size() < options_.detail_limit) side.push_back(OneSide{key.q, key.hl, key.gl, key.city});
}

void DiffReport::write_csv(const KeyComparison& key, const TreeDiff* diff) {
  if (diff == nullptr) {
    append_csv_row(out_, csv_text(options_.raw), key, key.before != nullptr ? "key_removed" : "key_added", "", "", "");
    return;
  }
  for (const auto& c : diff->changes) {
    append_csv_row(out_, csv_text(options_.raw), key, tree_change_name(c.kind), c.question, c.old_value, c.new_value);
  }
}

// One object per key, members in this order:
//   q, hl, gl: the key; city: string, or null when none;
//   status: "changed" | "unchanged" (present at both sides) | "added" (only at --to) |
//           "removed" (only at --from);
//   churn: 1 - Jaccard similarity of the two question sets (0..1, up to 4 decimals), null
//          unless present at both sides;
//   questions_before, questions_after: distinct questions at each side, null for a missing side;
//   changes: [{change, question, old, new}] for added, removed, moved, source_changed in
//            tree_diff's order; old/new are null for added and removed;
//   related_added, related_removed: arrays of related searches.
// A key at one side only has empty changes and related arrays.
void DiffReport::write_jsonl(const KeyComparison& key, const TreeDiff* diff) {
  auto& out = out_;
  out.put('{');
  append_key_members(out, key.q, key.hl, key.gl, key.city);
  out.append(",\"status\":");
  if (diff == nullptr) {
    out.append(key.before != nullptr ? "\"removed\"" : "\"added\"");
    out.append(",\"churn\":null,\"questions_before\":");
    if (key.before != nullptr) {
      append_decimal(out, distinct_questions(*key.before));
      out.append(",\"questions_after\":null");
    } else {
      out.append("null,\"questions_after\":");
      append_decimal(out, distinct_questions(*key.after));
    }
    out.append(",\"changes\":[],\"related_added\":[],\"related_removed\":[]}\n");
    return;
  }
  out.append(diff->changed() ? "\"changed\"" : "\"unchanged\"");
  out.append(",\"churn\":");
  out.append(machine_number(diff->churn));
  out.append(",\"questions_before\":");
  append_decimal(out, diff->questions_before);
  out.append(",\"questions_after\":");
  append_decimal(out, diff->questions_after);
  out.append(",\"changes\":[");
  bool first = true;
  for (const auto& c : diff->changes) {
    if (is_related(c.kind)) continue;
    if (!first) out.put(',');
    first = false;
    out.append("{\"change\":\"");
    out.append(tree_change_name(c.kind));
    out.append("\",\"question\":");
    append_json_string(out, c.question);
    const bool has_values = c.kind == TreeChangeKind::moved || c.kind == TreeChangeKind::source_changed;
    out.append(",\"old\":");
    if (has_values) {
      append_json_string(out, c.old_value);
    } else {
      out.append("null");
    }
    out.append(",\"new\":");
    if (has_values) {
      append_json_string(out, c.new_value);
    } else {
      out.append("null");
    }
    out.put('}');
  }
  for (TreeChangeKind kind : {TreeChangeKind::related_added, TreeChangeKind::related_removed}) {
    out.append("],\"");
    out.append(tree_change_name(kind));
    out.append("\":[");
    first = true;
    for (const auto& c : diff->changes) {
      if (c.kind != kind) continue;
      if (!first) out.put(',');
      first = false;
      append_json_string(out, c.question);
    }
  }
  out.append("]}\n");
}

Result<void> DiffReport::finish() {
  if (options_.format == DiffFormat::text) write_text();
  return out_.flush();
}

namespace {

// Columns are aligned by code points, so that "Zürich" lines up (wide CJK glyphs still do not).
std::size_t display_width(std::string_view utf8) {
  return static_cast<std::size_t>(
      std::count_if(utf8.begin(), utf8.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

// The summary table: one row for the whole selection, then one per locale.
void append_summary(BufferedOutput& out, const DiffTotals& all, const std::map<DiffLocale, DiffTotals>& locales) {
  static constexpr std::string_view kHeads[] = {"keys compared", "changed", "only at from", "only at to",
                                                "added", "removed", "moved", "source changed",
                                                "related +", "related -", "mean churn"};
  constexpr std::size_t kColumns = std::size(kHeads);
  struct Row {
    std::string label;
    std::vector<std::string> cells;
  };
  auto row_of = [](std::string label, const DiffTotals& t) {
    const auto mean = t.mean_churn();
    return Row{std::move(label),
               {grouped(t.keys_compared), grouped(t.keys_changed), grouped(t.keys_only_from), grouped(t.keys_only_to),
                grouped(t.added), grouped(t.removed), grouped(t.moved), grouped(t.source_changed),
                grouped(t.related_added), grouped(t.related_removed), mean ? percent(*mean) : "-"}};
  };
  std::vector<Row> rows;
  rows.push_back(row_of("all", all));
  for (const auto& [locale, t] : locales) {
    rows.push_back(row_of(locale_label(std::get<0>(locale), std::get<1>(locale), std::get<2>(locale)), t));
  }

  std::size_t label_width = std::string_view("locale").size();
  std::vector<std::size_t> widths(kColumns);
  for (std::size_t i = 0; i < kColumns; ++i) widths[i] = kHeads[i].size();
  for (const auto& row : rows) {
    label_width = std::max(label_width, display_width(row.label));
    for (std::size_t i = 0; i < kColumns; ++i) widths[i] = std::max(widths[i], row.cells[i].size());
  }
  auto pad_right = [&](std::string_view s, std::size_t width) {
    out.append(s);
    for (std::size_t n = display_width(s); n < width; ++n) out.put(' ');
  };
  auto pad_left = [&](std::string_view s, std::size_t width) {
    for (std::size_t n = s.size(); n < width; ++n) out.put(' ');
    out.append(s);
  };
  out.append("  ");
  pad_right("locale", label_width);
  for (std::size_t i = 0; i < kColumns; ++i) {
    out.append("  ");
    pad_left(kHeads[i], widths[i]);
  }
  out.put('\n');
  for (const auto& row : rows) {
    out.append("  ");
    pad_right(row.label, label_width);
    for (std::size_t i = 0; i < kColumns; ++i) {
      out.append("  ");
      pad_left(row.cells[i], widths[i]);
    }
    out.put('\n');
  }
}

}  // namespace

void DiffReport::write_text() {
  auto& out = out_;
  out.append("paa diff\n  from:      ");
  out.append(one_line(header_.from));
  out.append("\n  to:        ");
  out.append(one_line(header_.to));
  out.append("\n  selection: ");
  out.append(header_.selection.empty() ? std::string("all keys") : one_line(header_.selection));
  out.append("\n\nSummary\n");
  append_summary(out, totals_, locales_);

  const auto cmp = [](const Detail& a, const Detail& b) { return ranks_before(a, b); };
  std::sort_heap(changed_.begin(), changed_.end(), cmp);  // ascending by cmp: most changed first
  out.append("\nChanged keys: ");
  out.append(grouped(totals_.keys_changed));
  if (totals_.keys_changed != 0) out.append(", most changed first");
  out.put('\n');
  for (const auto& d : changed_) {
    out.put('\n');
    out.append(key_label(d.q, d.hl, d.gl, d.city));
    out.append(": churn ");
    out.append(percent(d.churn));
    out.append(", questions ");
    out.append(grouped(d.questions_before));
    out.append(" \xE2\x86\x92 ");  // →
    out.append(grouped(d.questions_after));
    out.append(", ");
    out.append(grouped(d.changes.size()));
    out.append(d.changes.size() == 1 ? " change\n" : " changes\n");
    const TreeChange* previous = nullptr;
    for (const auto& c : d.changes) {
      const std::string question = one_line(c.question);
      switch (c.kind) {
        case TreeChangeKind::added: out.append("  + "); out.append(question); out.put('\n'); break;
        case TreeChangeKind::removed: out.append("  - "); out.append(question); out.put('\n'); break;
        case TreeChangeKind::moved:
        case TreeChangeKind::source_changed: {
          // A question both moved and re-sourced comes twice in a row: name it once.
          const bool same = previous != nullptr &&
                            (previous->kind == TreeChangeKind::moved ||
                             previous->kind == TreeChangeKind::source_changed) &&
                            previous->question == c.question;
          if (!same) {
            out.append("  ~ ");
            out.append(question);
            out.put('\n');
          }
          out.append(c.kind == TreeChangeKind::moved ? "      moved:  " : "      source: ");
          out.append(one_line(c.old_value));
          out.append(" \xE2\x86\x92 ");
          out.append(one_line(c.new_value));
          out.put('\n');
          break;
        }
        case TreeChangeKind::related_added: out.append("  related + "); out.append(question); out.put('\n'); break;
        case TreeChangeKind::related_removed: out.append("  related - "); out.append(question); out.put('\n'); break;
      }
      previous = &c;
    }
  }
  if (totals_.keys_changed > changed_.size()) {
    out.append("\n... and ");
    out.append(grouped(totals_.keys_changed - changed_.size()));
    out.append(" more changed keys; use --format csv or jsonl to see them all.\n");
  }

  auto list = [&](std::string_view title, const std::vector<OneSide>& keys, std::uint64_t total) {
    out.append("\n");
    out.append(title);
    out.append(grouped(total));
    out.put('\n');
    for (const auto& k : keys) {
      out.append("  ");
      out.append(key_label(k.q, k.hl, k.gl, k.city));
      out.put('\n');
    }
    if (total > keys.size()) {
      out.append("  ... and ");
      out.append(grouped(total - keys.size()));
      out.append(" more; use --format csv or jsonl to see them all.\n");
    }
  };
  if (totals_.keys_only_from != 0) list("Keys only at from (no version at to): ", only_from_, totals_.keys_only_from);
  if (totals_.keys_only_to != 0) list("Keys only at to (no version at from): ", only_to_, totals_.keys_only_to);
}

}  // namespace paa
