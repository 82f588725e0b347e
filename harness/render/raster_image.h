// A plain 8-bit RGB raster with the few drawing operations the trace renderer needs (filled
// rectangles, discs, a built-in 5x7 pixel font), and PNG files of it through libpng
// (png_codec.cpp).
//
// Invariants: pixels.size() == 3 * width * height, row-major from the top-left, RGB order.
// Drawing clips to the image. decode_png exists for round-trip tests.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace pathbench {

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  bool operator==(const Rgb&) const = default;
};

class RasterImage {
 public:
  RasterImage() = default;
  RasterImage(int width, int height, Rgb fill = {255, 255, 255});

  int width() const { return width_; }
  int height() const { return height_; }
  const std::vector<std::uint8_t>& pixels() const { return pixels_; }

  Rgb at(int x, int y) const;  // precondition: inside
  void set(int x, int y, Rgb c) {
    if (x < 0 || y < 0 || x >= width_ || y >= height_) return;
    std::uint8_t* p = &pixels_[3 * (static_cast<std::size_t>(y) * width_ + x)];
    p[0] = c.r;
    p[1] = c.g;
    p[2] = c.b;
  }
  void fill_rect(int x, int y, int w, int h, Rgb c);
  void outline_rect(int x, int y, int w, int h, Rgb c);
  void fill_disc(double cx, double cy, double radius, Rgb c);
  // Thick segment between two points (pixel centres), drawn as a chain of discs.
  void draw_line(double x0, double y0, double x1, double y1, double thickness, Rgb c);

  // Text in the built-in 5x7 font (printable ASCII; others draw as '?'), each font pixel a
  // scale x scale block, glyphs 6*scale apart. (x, y) is the top-left corner.
  void draw_text(int x, int y, std::string_view text, int scale, Rgb c);
  static int text_width(std::string_view text, int scale) {
    return static_cast<int>(text.size()) * 6 * scale;
  }
  static int text_height(int scale) { return 8 * scale; }

  // Copies `src` with its top-left corner at (x, y), clipped.
  void blit(const RasterImage& src, int x, int y);

 private:
  int width_ = 0;
  int height_ = 0;
  std::vector<std::uint8_t> pixels_;
};

// PNG file bytes (8-bit RGB).
std::string encode_png(const RasterImage& img);
// Parses PNG bytes (any format libpng reads; an alpha channel is dropped, not composited).
// Throws std::runtime_error on corrupt data.
RasterImage decode_png(std::string_view bytes);

// Writes bytes to a file; throws std::runtime_error naming it on failure.
void write_file(const std::filesystem::path& path, std::string_view bytes);

}  // namespace pathbench
