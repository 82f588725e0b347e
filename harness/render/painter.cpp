#include "harness/render/painter.h"
#include "harness/text/escape.h"

#include <fmt/format.h>

#include <algorithm>

namespace pathbench::render_detail {
namespace {

std::string hex(Rgb c) { return fmt::format("#{:02x}{:02x}{:02x}", c.r, c.g, c.b); }

}  // namespace

void RasterPainter::polyline(const std::vector<std::pair<double, double>>& pts, double width,
                             Rgb c) {
  for (std::size_t i = 1; i < pts.size(); ++i)
    img_.draw_line(pts[i - 1].first, pts[i - 1].second, pts[i].first, pts[i].second, width, c);
}

void fitted_text(Painter& pt, int x, int y, std::string s, int scale, int width, Rgb c) {
  while (scale > 1 && RasterImage::text_width(s, scale) > width) --scale;
  const std::size_t fit = static_cast<std::size_t>(std::max(0, width / (6 * scale)));
  if (s.size() > fit) s = s.substr(0, fit > 2 ? fit - 2 : fit) + (fit > 2 ? ".." : "");
  pt.text(x, y, s, scale, c);
}

void SvgPainter::rect(int x, int y, int w, int h, Rgb c) {
  out_ += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n", x, y, w,
                      h, hex(c));
}

void SvgPainter::disc(double cx, double cy, double r, Rgb c) {
  out_ += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"/>\n", cx, cy, r, hex(c));
}

void SvgPainter::polyline(const std::vector<std::pair<double, double>>& pts, double width, Rgb c) {
  out_ += "<polyline fill=\"none\" stroke-linejoin=\"round\" stroke-linecap=\"round\" points=\"";
  for (const auto& [x, y] : pts) out_ += fmt::format("{},{} ", x, y);
  out_ += fmt::format("\" stroke=\"{}\" stroke-width=\"{}\"/>\n", hex(c), width);
}

void SvgPainter::text(int x, int y, const std::string& s, int scale, Rgb c) {
  // The raster font's metrics: 8*scale high, 6*scale per character.
  out_ += fmt::format(
      "<text x=\"{}\" y=\"{}\" font-family=\"monospace\" font-size=\"{}\" textLength=\"{}\" "
      "fill=\"{}\">{}</text>\n",
      x, y + 7 * scale, 10 * scale, RasterImage::text_width(s, scale) - scale, hex(c),
      html_escape(s));
}

}  // namespace pathbench::render_detail
