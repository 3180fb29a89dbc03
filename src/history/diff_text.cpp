#include "paa/history/diff_text.hpp"

#include <algorithm>
#include <charconv>
#include <string>
#include <string_view>

namespace paa {
namespace {

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

// One changed key: its label, churn and counts, then each change on its own line.
void append_changed_key(BufferedOutput& out, const ChangedKey& d) {
  out.put('\n');
  out.append(key_label(d.key.q, d.key.hl, d.key.gl, d.key.city));
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

// A list of keys at one side only, capped, with the count of the rest.
void append_one_side(BufferedOutput& out, std::string_view title, const std::vector<DiffKeyName>& keys,
                     std::uint64_t total) {
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
}

}  // namespace

void append_diff_text(BufferedOutput& out, const DiffSummary& summary) {
  const DiffHeader& header = summary.header;
  const DiffTotals& totals = summary.totals;
  out.append("paa diff\n  from:      ");
  out.append(one_line(header.from));
  out.append("\n  to:        ");
  out.append(one_line(header.to));
  out.append("\n  selection: ");
  out.append(header.selection.empty() ? std::string("all keys") : one_line(header.selection));
  out.append("\n\nSummary\n");
  append_summary(out, totals, summary.locales);

  out.append("\nChanged keys: ");
  out.append(grouped(totals.keys_changed));
  if (totals.keys_changed != 0) out.append(", most changed first");
  out.put('\n');
  for (const auto& d : summary.changed) append_changed_key(out, d);
  if (totals.keys_changed > summary.changed.size()) {
    out.append("\n... and ");
    out.append(grouped(totals.keys_changed - summary.changed.size()));
    out.append(" more changed keys; use --format csv or jsonl to see them all.\n");
  }

  if (totals.keys_only_from != 0) {
    append_one_side(out, "Keys only at from (no version at to): ", summary.only_from, totals.keys_only_from);
  }
  if (totals.keys_only_to != 0) {
    append_one_side(out, "Keys only at to (no version at from): ", summary.only_to, totals.keys_only_to);
  }
}

}  // namespace paa
