#include "paa/export/mind_map/mind_map_layout.hpp"

#include "paa/model/query_key.hpp"

#include <algorithm>
#include <unordered_set>

namespace paa::exporting {

namespace {

std::size_t char_count(std::string_view s) {
  std::size_t n = 0;
  for (const char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// The first `chars` characters of `s` (byte length).
std::size_t prefix_bytes(std::string_view s, std::size_t chars) {
  std::size_t seen = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
      if (seen == chars) return i;
      ++seen;
    }
  }
  return s.size();
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

}  // namespace

std::vector<std::string> wrap_text(std::string_view text, std::size_t chars, std::size_t max_lines) {
  std::vector<std::string> lines;
  std::string line;
  bool cut = false;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_space(text[i])) ++i;
    std::size_t j = i;
    while (j < text.size() && !is_space(text[j])) ++j;
    if (j == i) break;
    std::string_view word = text.substr(i, j - i);
    i = j;
    if (!line.empty() && char_count(line) + 1 + char_count(word) > chars) {
      lines.push_back(std::move(line));
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += word;
    while (char_count(line) > chars) {
      const std::size_t head = prefix_bytes(line, chars);
      lines.push_back(line.substr(0, head));
      line.erase(0, head);
    }
  }
  if (!line.empty()) lines.push_back(std::move(line));
  if (lines.size() > max_lines) {
    lines.resize(max_lines);
    cut = true;
  }
  if (cut) {
    std::string& last = lines.back();
    last.resize(prefix_bytes(last, chars - 1));
    last += "…";
  }
  if (lines.empty()) lines.emplace_back();
  return lines;
}

MindMapLayout layout_mind_map(std::string_view query, const std::vector<Question>& roots) {
  MindMapLayout map;
  map.nodes.push_back({std::string(query), nullptr, 0, 0, false, {}, 0, 0, 0, 0});
  // Pre-order, so "repeated" means "seen earlier in pre-order" as in `csv --dedupe`.
  std::unordered_set<std::string> seen;
  struct Frame {
    const Question* q;
    std::size_t parent;
  };
  std::vector<Frame> stack;
  for (auto it = roots.rbegin(); it != roots.rend(); ++it) stack.push_back({&*it, 0});
  while (!stack.empty()) {
    const Frame f = stack.back();
    stack.pop_back();
    const bool repeat = !seen.insert(fold_or_raw(f.q->question)).second;
    const std::size_t index = map.nodes.size();
    map.nodes.push_back({f.q->question, f.q, map.nodes[f.parent].depth + 1, f.parent, repeat, {}, 0, 0, 0, 0});
    for (auto it = f.q->children.rbegin(); it != f.q->children.rend(); ++it) stack.push_back({&*it, index});
  }

  const std::size_t n = map.nodes.size();
  std::vector<std::vector<std::size_t>> kids(n);
  for (std::size_t i = 1; i < n; ++i) kids[map.nodes[i].parent].push_back(i);
  for (auto& node : map.nodes) {
    node.lines = wrap_text(node.text);
    node.width = kMapNodeWidth;
    node.height = static_cast<double>(node.lines.size()) * kMapLineHeight + 12 + (node.repeat ? kMapLineHeight : 0);
    node.x = node.depth * (kMapNodeWidth + kMapGapX);
  }
  // Bands, children before parents (reverse pre-order).
  std::vector<double> band(n), kids_band(n), top(n);
  for (std::size_t i = n; i-- > 0;) {
    double sum = kids[i].empty() ? 0 : kMapGapY * static_cast<double>(kids[i].size() - 1);
    for (const std::size_t k : kids[i]) sum += band[k];
    kids_band[i] = sum;
    band[i] = std::max(map.nodes[i].height, sum);
  }
  top[0] = 0;
  for (std::size_t i = 0; i < n; ++i) {
    MindMapNode& node = map.nodes[i];
    node.y = top[i] + (band[i] - node.height) / 2;
    double t = top[i] + (band[i] - kids_band[i]) / 2;
    for (const std::size_t k : kids[i]) {
      top[k] = t;
      t += band[k] + kMapGapY;
    }
    map.width = std::max(map.width, node.x + node.width);
  }
  map.height = band[0];
  return map;
}

}  // namespace paa::exporting
