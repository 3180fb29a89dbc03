#pragma once
// A laid-out mind map drawn with cairo and pango (Debian's libcairo2-dev, libpango1.0-dev) as a
// PNG picture or a PDF page: the same layout the SVG has (mind_map_layout.hpp: no second
// layout), the same colours, boxes, curves and wrapped lines, in DejaVu Sans (fonts-dejavu-core;
// fontconfig falls back to another installed font for a script it lacks). The PDF links each
// question with an http(s) source to it, as the SVG does.
#include "paa/error.hpp"
#include "paa/export/mind_map/mind_map_layout.hpp"
#include "paa/output/buffered_output.hpp"

#include <optional>
#include <string_view>

namespace paa::exporting {

enum class MapFormat { svg, png, pdf };
// "svg", "png" or "pdf".
std::optional<MapFormat> parse_map_format(std::string_view name);
// By a file name's extension (.svg, .png, .pdf; any case); nullopt for another.
std::optional<MapFormat> map_format_of_file(std::string_view file);

// Pixels per layout unit in a PNG: sharp on high-density screens and when a slide scales it.
inline constexpr double kMapPngScale = 2;
// The margin around the layout, in layout units, in every format.
inline constexpr double kMapMargin = 16;

// The picture's size in layout units, margins included (a PDF page's size in points).
double map_picture_width(const MindMapLayout& map);
double map_picture_height(const MindMapLayout& map);

// io errors name cairo's status; a map too large for one PNG (cairo's 32,767 pixels a side, or
// more than 120 million pixels: 480 MB while drawn) is invalid_input naming the PDF and SVG.
Result<void> write_mind_map_png(const MindMapLayout& map, BufferedOutput& out);
Result<void> write_mind_map_pdf(const MindMapLayout& map, BufferedOutput& out);

}  // namespace paa::exporting
