#include "paa/export/mind_map/mind_map_picture.hpp"

#include "paa/export/web_url.hpp"
#include "paa/model/ascii.hpp"

#include <cairo-pdf.h>
#include <cairo.h>
#include <pango/pangocairo.h>

#include <memory>
#include <string>

namespace paa::exporting {

namespace {

struct Rgb {
  double r, g, b;
};
constexpr Rgb rgb(unsigned hex) {
  return {((hex >> 16) & 0xFF) / 255.0, ((hex >> 8) & 0xFF) / 255.0, (hex & 0xFF) / 255.0};
}
// The SVG's colours (mind_map_svg.cpp).
constexpr Rgb kEdge = rgb(0xb6c3d9), kRoot = rgb(0x1f5fbf), kBox = rgb(0xffffff), kBoxLine = rgb(0x9fb3d1),
              kRepeatFill = rgb(0xfff8ef), kRepeatLine = rgb(0xa35a00), kText = rgb(0x1d2330), kWhite = rgb(0xffffff);
constexpr const char* kFontFamily = "DejaVu Sans";

void set(cairo_t* cr, Rgb c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }


// The link's attribute for cairo_tag_begin. cairo (1.16 here) writes the uri into the PDF's
// /URI (...) string as it is, so every byte that could end that string or mean something in it
// (parentheses, backslash), and everything outside printable ASCII, is percent-encoded first; a
// url's own % stays (it is an escape already). Then quoted for cairo's attribute parser.
std::string link_attributes(std::string_view url) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string a = "uri='";
  for (unsigned char c : url) {
    if (c <= 0x20 || c >= 0x7F || c == '(' || c == ')' || c == '\\' || c == '\'' || c == '<' || c == '>' || c == '"') {
      a += '%';
      a += kHex[c >> 4];
      a += kHex[c & 15];
    } else {
      a += static_cast<char>(c);
    }
  }
  return a + "'";
}

void rounded_rect(cairo_t* cr, double x, double y, double w, double h, double r) {
  cairo_new_sub_path(cr);
  cairo_arc(cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc(cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc(cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc(cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path(cr);
}

struct LayoutFree {
  void operator()(PangoLayout* l) const { g_object_unref(l); }
};
struct FontFree {
  void operator()(PangoFontDescription* f) const { pango_font_description_free(f); }
};

// One line of text whose baseline is at (x, baseline), as an SVG <text>/<tspan> places it.
void show_line(cairo_t* cr, PangoLayout* layout, std::string_view text, double x, double baseline) {
  pango_layout_set_text(layout, text.data(), static_cast<int>(text.size()));
  const double ascent = pango_layout_get_baseline(layout) / static_cast<double>(PANGO_SCALE);
  cairo_move_to(cr, x, baseline - ascent);
  pango_cairo_show_layout(cr, layout);
}

std::unique_ptr<PangoFontDescription, FontFree> font(double size, PangoWeight weight) {
  std::unique_ptr<PangoFontDescription, FontFree> f(pango_font_description_new());
  pango_font_description_set_family(f.get(), kFontFamily);
  pango_font_description_set_absolute_size(f.get(), size * PANGO_SCALE);
  pango_font_description_set_weight(f.get(), weight);
  return f;
}

// The map in layout units, on a white page; `links`: tag http(s) sources (PDF).
void draw(cairo_t* cr, const MindMapLayout& map, bool links) {
  set(cr, kWhite);
  cairo_paint(cr);
  cairo_translate(cr, kMapMargin, kMapMargin);
  // Edges first, so boxes cover their ends.
  set(cr, kEdge);
  cairo_set_line_width(cr, 1.3);
  for (std::size_t i = 1; i < map.nodes.size(); ++i) {
    const auto& n = map.nodes[i];
    const auto& p = map.nodes[n.parent];
    const double x1 = p.x + p.width, y1 = p.y + p.height / 2, x2 = n.x, y2 = n.y + n.height / 2;
    const double mx = (x1 + x2) / 2;
    cairo_move_to(cr, x1, y1);
    cairo_curve_to(cr, mx, y1, mx, y2, x2, y2);
    cairo_stroke(cr);
  }
  std::unique_ptr<PangoLayout, LayoutFree> layout(pango_cairo_create_layout(cr));
  const auto regular = font(12, PANGO_WEIGHT_NORMAL);
  const auto bold = font(12, PANGO_WEIGHT_SEMIBOLD);
  const auto small = font(11, PANGO_WEIGHT_NORMAL);
  const double dash[] = {4, 3};
  for (std::size_t i = 0; i < map.nodes.size(); ++i) {
    const auto& n = map.nodes[i];
    const bool root = i == 0;
    const bool link = links && n.question != nullptr && is_web_url(n.question->url);
    if (link) cairo_tag_begin(cr, CAIRO_TAG_LINK, link_attributes(n.question->url).c_str());
    rounded_rect(cr, n.x + 0.5, n.y + 0.5, n.width - 1, n.height - 1, 6);
    set(cr, root ? kRoot : n.repeat ? kRepeatFill : kBox);
    cairo_fill_preserve(cr);
    set(cr, root ? kRoot : n.repeat ? kRepeatLine : kBoxLine);
    cairo_set_line_width(cr, 1);
    cairo_set_dash(cr, dash, n.repeat ? 2 : 0, 0);
    cairo_stroke(cr);
    cairo_set_dash(cr, nullptr, 0, 0);
    pango_layout_set_font_description(layout.get(), root ? bold.get() : regular.get());
    set(cr, root ? kWhite : kText);
    for (std::size_t k = 0; k < n.lines.size(); ++k) {
      show_line(cr, layout.get(), n.lines[k], n.x + 8, n.y + 4 + static_cast<double>(k + 1) * kMapLineHeight);
    }
    if (n.repeat) {
      pango_layout_set_font_description(layout.get(), small.get());
      set(cr, kRepeatLine);
      show_line(cr, layout.get(), "\xE2\x86\xBA repeated in this tree", n.x + 8,
                n.y + static_cast<double>(n.lines.size()) * kMapLineHeight + 16);
    }
    if (link) cairo_tag_end(cr, CAIRO_TAG_LINK);
  }
}

cairo_status_t append_to(void* closure, const unsigned char* data, unsigned int length) {
  auto* out = static_cast<BufferedOutput*>(closure);
  out->append(std::string_view(reinterpret_cast<const char*>(data), length));
  return out->failed() ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}

struct SurfaceFree {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct ContextFree {
  void operator()(cairo_t* c) const { cairo_destroy(c); }
};

Result<void> check(cairo_status_t status, BufferedOutput& out, const char* what) {
  if (out.failed()) return *out.error();
  if (status != CAIRO_STATUS_SUCCESS) {
    return make_error(errc::io, std::string("cannot draw the mind map as ") + what + ": " +
                                    cairo_status_to_string(status));
  }
  return {};
}

}  // namespace

std::optional<MapFormat> parse_map_format(std::string_view name) {
  const std::string n = lower_ascii(name);
  if (n == "svg") return MapFormat::svg;
  if (n == "png") return MapFormat::png;
  if (n == "pdf") return MapFormat::pdf;
  return std::nullopt;
}

std::optional<MapFormat> map_format_of_file(std::string_view file) {
  const auto dot = file.rfind('.');
  if (dot == std::string_view::npos || file.find('/', dot) != std::string_view::npos) return std::nullopt;
  return parse_map_format(file.substr(dot + 1));
}

double map_picture_width(const MindMapLayout& map) { return map.width + 2 * kMapMargin; }
double map_picture_height(const MindMapLayout& map) { return map.height + 2 * kMapMargin; }

Result<void> write_mind_map_png(const MindMapLayout& map, BufferedOutput& out) {
  constexpr double kMaxSide = 32767;  // cairo's image surfaces
  constexpr double kMaxPixels = 120e6;  // 480 MB of picture in memory while it is drawn
  const double w = map_picture_width(map) * kMapPngScale, h = map_picture_height(map) * kMapPngScale;
  if (w > kMaxSide || h > kMaxSide || w * h > kMaxPixels) {
    return make_error(errc::invalid_input, "the mind map is " + std::to_string(static_cast<long>(w)) + " x " +
                                               std::to_string(static_cast<long>(h)) +
                                               " pixels, more than a PNG is drawn here (32,767 a side, 120 "
                                               "million in all): write it as --format pdf or svg");
  }
  std::unique_ptr<cairo_surface_t, SurfaceFree> surface(
      cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(w + 0.5), static_cast<int>(h + 0.5)));
  if (auto ok = check(cairo_surface_status(surface.get()), out, "PNG"); !ok) return ok;
  {
    std::unique_ptr<cairo_t, ContextFree> cr(cairo_create(surface.get()));
    cairo_scale(cr.get(), kMapPngScale, kMapPngScale);
    draw(cr.get(), map, false);
    if (auto ok = check(cairo_status(cr.get()), out, "PNG"); !ok) return ok;
  }
  return check(cairo_surface_write_to_png_stream(surface.get(), append_to, &out), out, "PNG");
}

Result<void> write_mind_map_pdf(const MindMapLayout& map, BufferedOutput& out) {
  std::unique_ptr<cairo_surface_t, SurfaceFree> surface(
      cairo_pdf_surface_create_for_stream(append_to, &out, map_picture_width(map), map_picture_height(map)));
  if (auto ok = check(cairo_surface_status(surface.get()), out, "PDF"); !ok) return ok;
  if (!map.nodes.empty()) {
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, map.nodes[0].text.c_str());
  }
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "paa map");
  {
    std::unique_ptr<cairo_t, ContextFree> cr(cairo_create(surface.get()));
    draw(cr.get(), map, true);
    if (auto ok = check(cairo_status(cr.get()), out, "PDF"); !ok) return ok;
  }
  cairo_surface_finish(surface.get());  // writes the file's end through append_to
  return check(cairo_surface_status(surface.get()), out, "PDF");
}

}  // namespace paa::exporting
