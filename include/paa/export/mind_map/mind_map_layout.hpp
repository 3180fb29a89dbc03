#pragma once
// The mind map's layout, shared by `paa map` (SVG) and the HTML report (report.js does the
// same arithmetic): the query at the root on the left, questions to the right by depth.
// Every subtree owns a horizontal band as tall as its node or as its children's bands stacked
// (with a gap), whichever is taller; each node is centred in its band. Sibling bands never
// overlap, so no two nodes do. Text wraps at kWrapChars characters, at most kMaxLines lines.
#include "paa/model/envelope.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace paa::exporting {

struct MindMapNode {
  std::string text;
  const Question* question = nullptr;  // null for the root (the query)
  int depth = 0;                        // 0 = root
  std::size_t parent = 0;               // index into nodes (the root is its own parent)
  bool repeat = false;                  // its folded text appeared earlier in pre-order
  std::vector<std::string> lines;       // wrapped text
  double x = 0, y = 0, width = 0, height = 0;
};

struct MindMapLayout {
  std::vector<MindMapNode> nodes;  // pre-order, nodes[0] is the root
  double width = 0, height = 0;    // the bounding box (from 0,0)
};

inline constexpr double kMapNodeWidth = 230;
inline constexpr double kMapGapX = 60;
inline constexpr double kMapGapY = 10;
inline constexpr double kMapLineHeight = 15;
inline constexpr std::size_t kMapWrapChars = 32;
inline constexpr std::size_t kMapMaxLines = 4;

// Words wrapped at `chars` characters (code points); a longer word is split; at most
// `max_lines` lines, the last one ending in "…" when text was cut.
std::vector<std::string> wrap_text(std::string_view text, std::size_t chars = kMapWrapChars,
                                   std::size_t max_lines = kMapMaxLines);

// `roots` must outlive the layout (nodes point at them).
MindMapLayout layout_mind_map(std::string_view query, const std::vector<Question>& roots);

}  // namespace paa::exporting
