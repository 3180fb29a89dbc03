#include "paa/history/diff_rows.hpp"

#include <charconv>

namespace paa {
namespace {

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

void append_csv_row(BufferedOutput& out, CsvText text, const KeyComparison& key, std::string_view change,
                    std::string_view question, std::string_view old_value, std::string_view new_value) {
  append_csv_key_columns(out, text, key.q, key.hl, key.gl, key.city);
  append_csv_fields(out, text, {change, question, old_value, new_value});
  out.put('\n');
}

bool is_related(TreeChangeKind kind) {
  return kind == TreeChangeKind::related_added || kind == TreeChangeKind::related_removed;
}

std::string_view status_name(KeyDiffStatus status) {
  switch (status) {
    case KeyDiffStatus::changed: return "changed";
    case KeyDiffStatus::unchanged: return "unchanged";
    case KeyDiffStatus::added: return "added";
    case KeyDiffStatus::removed: return "removed";
  }
  return "?";
}

}  // namespace

void append_diff_csv_rows(BufferedOutput& out, CsvText text, const KeyComparison& key, const KeyDiff& diff) {
  if (!diff.both_sides()) {
    append_csv_row(out, text, key, diff.status == KeyDiffStatus::removed ? "key_removed" : "key_added", "", "", "");
    return;
  }
  for (const auto& c : diff.trees.changes) {
    append_csv_row(out, text, key, tree_change_name(c.kind), c.question, c.old_value, c.new_value);
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
void append_diff_jsonl_row(BufferedOutput& out, const KeyComparison& key, const KeyDiff& diff) {
  out.put('{');
  append_key_members(out, key.q, key.hl, key.gl, key.city);
  out.append(",\"status\":\"");
  out.append(status_name(diff.status));
  out.append("\",\"churn\":");
  if (!diff.both_sides()) {
    out.append("null,\"questions_before\":");
    if (diff.status == KeyDiffStatus::removed) {
      append_decimal(out, diff.trees.questions_before);
      out.append(",\"questions_after\":null");
    } else {
      out.append("null,\"questions_after\":");
      append_decimal(out, diff.trees.questions_after);
    }
    out.append(",\"changes\":[],\"related_added\":[],\"related_removed\":[]}\n");
    return;
  }
  out.append(machine_number(diff.trees.churn));
  out.append(",\"questions_before\":");
  append_decimal(out, diff.trees.questions_before);
  out.append(",\"questions_after\":");
  append_decimal(out, diff.trees.questions_after);
  out.append(",\"changes\":[");
  bool first = true;
  for (const auto& c : diff.trees.changes) {
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
    for (const auto& c : diff.trees.changes) {
      if (c.kind != kind) continue;
      if (!first) out.put(',');
      first = false;
      append_json_string(out, c.question);
    }
  }
  out.append("]}\n");
}

}  // namespace paa
