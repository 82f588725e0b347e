// The few drawing primitives a picture needs, drawn into a raster (PNG) or written as SVG
// elements, so one layout routine (panel_painting.cpp) serves both formats.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "harness/render/raster_image.h"

namespace pathbench::render_detail {

class Painter {
 public:
  virtual ~Painter() = default;
  virtual void rect(int x, int y, int w, int h, Rgb c) = 0;
  virtual void disc(double cx, double cy, double r, Rgb c) = 0;
  virtual void polyline(const std::vector<std::pair<double, double>>& pts, double width, Rgb c) = 0;
  virtual void text(int x, int y, const std::string& s, int scale, Rgb c) = 0;
};

class RasterPainter final : public Painter {
 public:
  explicit RasterPainter(RasterImage& img) : img_(img) {}
  void rect(int x, int y, int w, int h, Rgb c) override { img_.fill_rect(x, y, w, h, c); }
  void disc(double cx, double cy, double r, Rgb c) override { img_.fill_disc(cx, cy, r, c); }
  void polyline(const std::vector<std::pair<double, double>>& pts, double width, Rgb c) override;
  void text(int x, int y, const std::string& s, int scale, Rgb c) override {
    img_.draw_text(x, y, s, scale, c);
  }

 private:
  RasterImage& img_;
};

class SvgPainter final : public Painter {
 public:
  explicit SvgPainter(std::string& out) : out_(out) {}
  void rect(int x, int y, int w, int h, Rgb c) override;
  void disc(double cx, double cy, double r, Rgb c) override;
  void polyline(const std::vector<std::pair<double, double>>& pts, double width, Rgb c) override;
  void text(int x, int y, const std::string& s, int scale, Rgb c) override;

 private:
  std::string& out_;
};

// Text clipped to `width` pixels at the largest scale <= `scale` that fits, else truncated.
void fitted_text(Painter& pt, int x, int y, std::string s, int scale, int width, Rgb c);

}  // namespace pathbench::render_detail
