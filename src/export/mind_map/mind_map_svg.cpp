#include "paa/export/mind_map/mind_map_svg.hpp"

#include "paa/export/export_format.hpp"
#include "paa/export/stored_tree.hpp"
#include "paa/export/web_url.hpp"
#include "paa/output/atomic_file.hpp"
#include "paa/output/text.hpp"

#include <cstdio>
#include <string>

namespace paa::exporting {

namespace {

std::string num(double v) {
  char buf[32];
  const int n = std::snprintf(buf, sizeof buf, "%.1f", v);
  std::string s(buf, static_cast<std::size_t>(n));
  if (s.ends_with(".0")) s.resize(s.size() - 2);
  return s;
}


constexpr std::string_view kFont = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif";

}  // namespace

void write_mind_map_svg(const MindMapLayout& map, BufferedOutput& out) {
  constexpr double kMargin = 16;
  const double w = map.width + 2 * kMargin;
  const double h = map.height + 2 * kMargin;
  out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"");
  out.append(num(w));
  out.append("\" height=\"");
  out.append(num(h));
  out.append("\" viewBox=\"0 0 ");
  out.append(num(w) + " " + num(h));
  out.append("\" font-family=\"");
  out.append(kFont);
  out.append("\" font-size=\"12\">\n<title>");
  append_xml_escaped(out, map.nodes.empty() ? std::string_view() : std::string_view(map.nodes[0].text));
  out.append("</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n<g transform=\"translate(");
  out.append(num(kMargin) + "," + num(kMargin) + ")\">\n");
  // Edges first, so boxes cover their ends.
  for (std::size_t i = 1; i < map.nodes.size(); ++i) {
    const auto& n = map.nodes[i];
    const auto& p = map.nodes[n.parent];
    const double x1 = p.x + p.width, y1 = p.y + p.height / 2, x2 = n.x, y2 = n.y + n.height / 2;
    const double mx = (x1 + x2) / 2;
    out.append("<path fill=\"none\" stroke=\"#b6c3d9\" stroke-width=\"1.3\" d=\"M" + num(x1) + "," + num(y1) + " C" +
               num(mx) + "," + num(y1) + " " + num(mx) + "," + num(y2) + " " + num(x2) + "," + num(y2) + "\"/>\n");
  }
  for (std::size_t i = 0; i < map.nodes.size(); ++i) {
    const auto& n = map.nodes[i];
    const bool root = i == 0;
    const bool link = n.question != nullptr && is_web_url(n.question->url);
    if (link) {
      // href for SVG 2 viewers, xlink:href for older ones (Inkscape, office suites).
      out.append("<a href=\"");
      append_xml_escaped(out, n.question->url);
      out.append("\" xlink:href=\"");
      append_xml_escaped(out, n.question->url);
      out.append("\" target=\"_blank\">");
    }
    out.append("<g transform=\"translate(" + num(n.x) + "," + num(n.y) + ")\"><title>");
    append_xml_escaped(out, n.text);
    if (n.question != nullptr && n.question->answer && !n.question->answer->empty()) {
      out.append("&#10;");
      append_xml_escaped(out, *n.question->answer);
    }
    out.append("</title><rect width=\"" + num(n.width) + "\" height=\"" + num(n.height) + "\" rx=\"6\" fill=\"");
    out.append(root ? "#1f5fbf" : n.repeat ? "#fff8ef" : "#ffffff");
    out.append("\" stroke=\"");
    out.append(root ? "#1f5fbf" : n.repeat ? "#a35a00" : "#9fb3d1");
    out.append(n.repeat ? "\" stroke-dasharray=\"4 3\"/>" : "\"/>");
    out.append(root ? "<text x=\"8\" y=\"4\" fill=\"#ffffff\" font-weight=\"600\">" : "<text x=\"8\" y=\"4\" fill=\"#1d2330\">");
    for (const auto& line : n.lines) {
      out.append("<tspan x=\"8\" dy=\"" + num(kMapLineHeight) + "\">");
      append_xml_escaped(out, line);
      out.append("</tspan>");
    }
    out.append("</text>");
    if (n.repeat) {
      out.append("<text x=\"8\" y=\"" + num(static_cast<double>(n.lines.size()) * kMapLineHeight + 16) +
                 "\" fill=\"#a35a00\" font-size=\"11\">\xE2\x86\xBA repeated in this tree</text>");
    }
    out.append("</g>");
    if (link) out.append("</a>");
    out.put('\n');
  }
  out.append("</g>\n</svg>\n");
}

Result<std::size_t> write_mind_map(const StoredResult& result, const std::optional<std::filesystem::path>& output,
                                   bool force, MapFormat format) {
  auto env = parse_stored_result(result, FormatOptions{}.max_question_depth);
  if (!env) return env.error();
  const auto map = layout_mind_map(result.q, env->result.children);
  auto written = write_output(output, force, [&](ByteSink& sink) -> Result<void> {
    BufferedOutput out(sink);
    if (format == MapFormat::png) {
      if (auto drawn = write_mind_map_png(map, out); !drawn) return drawn;
    } else if (format == MapFormat::pdf) {
      if (auto drawn = write_mind_map_pdf(map, out); !drawn) return drawn;
    } else {
      write_mind_map_svg(map, out);
    }
    return out.flush();
  });
  if (!written) return written.error();
  return map.nodes.size() - 1;
}

}  // namespace paa::exporting
