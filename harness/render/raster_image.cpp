#include "harness/render/raster_image.h"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace pathbench {
namespace {

// The classic 5x7 LCD font (the public-domain "glcdfont" layout): five column bytes per glyph,
// bit 0 the top row, for ASCII 0x20..0x7E.
constexpr std::array<std::uint8_t, 95 * 5> kFont = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x5F, 0x00, 0x00, 0x00, 0x07, 0x00, 0x07, 0x00, 0x14,
    0x7F, 0x14, 0x7F, 0x14, 0x24, 0x2A, 0x7F, 0x2A, 0x12, 0x23, 0x13, 0x08, 0x64, 0x62, 0x36, 0x49,
    0x56, 0x20, 0x50, 0x00, 0x08, 0x07, 0x03, 0x00, 0x00, 0x1C, 0x22, 0x41, 0x00, 0x00, 0x41, 0x22,
    0x1C, 0x00, 0x2A, 0x1C, 0x7F, 0x1C, 0x2A, 0x08, 0x08, 0x3E, 0x08, 0x08, 0x00, 0x80, 0x70, 0x30,
    0x00, 0x08, 0x08, 0x08, 0x08, 0x08, 0x00, 0x00, 0x60, 0x60, 0x00, 0x20, 0x10, 0x08, 0x04, 0x02,
    0x3E, 0x51, 0x49, 0x45, 0x3E, 0x00, 0x42, 0x7F, 0x40, 0x00, 0x72, 0x49, 0x49, 0x49, 0x46, 0x21,
    0x41, 0x49, 0x4D, 0x33, 0x18, 0x14, 0x12, 0x7F, 0x10, 0x27, 0x45, 0x45, 0x45, 0x39, 0x3C, 0x4A,
    0x49, 0x49, 0x31, 0x41, 0x21, 0x11, 0x09, 0x07, 0x36, 0x49, 0x49, 0x49, 0x36, 0x46, 0x49, 0x49,
    0x29, 0x1E, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x40, 0x34, 0x00, 0x00, 0x00, 0x08, 0x14, 0x22,
    0x41, 0x14, 0x14, 0x14, 0x14, 0x14, 0x00, 0x41, 0x22, 0x14, 0x08, 0x02, 0x01, 0x59, 0x09, 0x06,
    0x3E, 0x41, 0x5D, 0x59, 0x4E, 0x7C, 0x12, 0x11, 0x12, 0x7C, 0x7F, 0x49, 0x49, 0x49, 0x36, 0x3E,
    0x41, 0x41, 0x41, 0x22, 0x7F, 0x41, 0x41, 0x41, 0x3E, 0x7F, 0x49, 0x49, 0x49, 0x41, 0x7F, 0x09,
    0x09, 0x09, 0x01, 0x3E, 0x41, 0x41, 0x51, 0x73, 0x7F, 0x08, 0x08, 0x08, 0x7F, 0x00, 0x41, 0x7F,
    0x41, 0x00, 0x20, 0x40, 0x41, 0x3F, 0x01, 0x7F, 0x08, 0x14, 0x22, 0x41, 0x7F, 0x40, 0x40, 0x40,
    0x40, 0x7F, 0x02, 0x1C, 0x02, 0x7F, 0x7F, 0x04, 0x08, 0x10, 0x7F, 0x3E, 0x41, 0x41, 0x41, 0x3E,
    0x7F, 0x09, 0x09, 0x09, 0x06, 0x3E, 0x41, 0x51, 0x21, 0x5E, 0x7F, 0x09, 0x19, 0x29, 0x46, 0x26,
    0x49, 0x49, 0x49, 0x32, 0x03, 0x01, 0x7F, 0x01, 0x03, 0x3F, 0x40, 0x40, 0x40, 0x3F, 0x1F, 0x20,
    0x40, 0x20, 0x1F, 0x3F, 0x40, 0x38, 0x40, 0x3F, 0x63, 0x14, 0x08, 0x14, 0x63, 0x03, 0x04, 0x78,
    0x04, 0x03, 0x61, 0x59, 0x49, 0x4D, 0x43, 0x00, 0x7F, 0x41, 0x41, 0x41, 0x02, 0x04, 0x08, 0x10,
    0x20, 0x00, 0x41, 0x41, 0x41, 0x7F, 0x04, 0x02, 0x01, 0x02, 0x04, 0x40, 0x40, 0x40, 0x40, 0x40,
    0x00, 0x03, 0x07, 0x08, 0x00, 0x20, 0x54, 0x54, 0x78, 0x40, 0x7F, 0x28, 0x44, 0x44, 0x38, 0x38,
    0x44, 0x44, 0x44, 0x28, 0x38, 0x44, 0x44, 0x28, 0x7F, 0x38, 0x54, 0x54, 0x54, 0x18, 0x00, 0x08,
    0x7E, 0x09, 0x02, 0x18, 0xA4, 0xA4, 0x9C, 0x78, 0x7F, 0x08, 0x04, 0x04, 0x78, 0x00, 0x44, 0x7D,
    0x40, 0x00, 0x20, 0x40, 0x40, 0x3D, 0x00, 0x7F, 0x10, 0x28, 0x44, 0x00, 0x00, 0x41, 0x7F, 0x40,
    0x00, 0x7C, 0x04, 0x78, 0x04, 0x78, 0x7C, 0x08, 0x04, 0x04, 0x78, 0x38, 0x44, 0x44, 0x44, 0x38,
    0xFC, 0x18, 0x24, 0x24, 0x18, 0x18, 0x24, 0x24, 0x18, 0xFC, 0x7C, 0x08, 0x04, 0x04, 0x08, 0x48,
    0x54, 0x54, 0x54, 0x24, 0x04, 0x04, 0x3F, 0x44, 0x24, 0x3C, 0x40, 0x40, 0x20, 0x7C, 0x1C, 0x20,
    0x40, 0x20, 0x1C, 0x3C, 0x40, 0x30, 0x40, 0x3C, 0x44, 0x28, 0x10, 0x28, 0x44, 0x4C, 0x90, 0x90,
    0x90, 0x7C, 0x44, 0x64, 0x54, 0x4C, 0x44, 0x00, 0x08, 0x36, 0x41, 0x00, 0x00, 0x00, 0x77, 0x00,
    0x00, 0x00, 0x41, 0x36, 0x08, 0x00, 0x02, 0x01, 0x02, 0x04, 0x02,
};

void put_u32(std::string& out, std::uint32_t v) {
  out.push_back(static_cast<char>(v >> 24));
  out.push_back(static_cast<char>(v >> 16));
  out.push_back(static_cast<char>(v >> 8));
  out.push_back(static_cast<char>(v));
}

std::uint32_t get_u32(std::string_view b, std::size_t at) {
  if (at + 4 > b.size()) throw std::runtime_error("PNG: truncated");
  return (std::uint32_t{static_cast<std::uint8_t>(b[at])} << 24) |
         (std::uint32_t{static_cast<std::uint8_t>(b[at + 1])} << 16) |
         (std::uint32_t{static_cast<std::uint8_t>(b[at + 2])} << 8) |
         std::uint32_t{static_cast<std::uint8_t>(b[at + 3])};
}

void put_chunk(std::string& out, const char* type, std::string_view data) {
  put_u32(out, static_cast<std::uint32_t>(data.size()));
  const std::size_t start = out.size();
  out.append(type, 4);
  out.append(data);
  const uLong crc = crc32(0L, reinterpret_cast<const Bytef*>(out.data() + start),
                          static_cast<uInt>(out.size() - start));
  put_u32(out, static_cast<std::uint32_t>(crc));
}

constexpr std::string_view kSignature("\x89PNG\r\n\x1a\n", 8);

}  // namespace

RasterImage::RasterImage(int width, int height, Rgb fill)
    : width_(width), height_(height), pixels_(3 * static_cast<std::size_t>(width) * height) {
  for (std::size_t i = 0; i < pixels_.size(); i += 3) {
    pixels_[i] = fill.r;
    pixels_[i + 1] = fill.g;
    pixels_[i + 2] = fill.b;
  }
}

Rgb RasterImage::at(int x, int y) const {
  const std::uint8_t* p = &pixels_[3 * (static_cast<std::size_t>(y) * width_ + x)];
  return {p[0], p[1], p[2]};
}

void RasterImage::fill_rect(int x, int y, int w, int h, Rgb c) {
  const int x0 = std::max(x, 0), y0 = std::max(y, 0);
  const int x1 = std::min(x + w, width_), y1 = std::min(y + h, height_);
  for (int yy = y0; yy < y1; ++yy)
    for (int xx = x0; xx < x1; ++xx) set(xx, yy, c);
}

void RasterImage::outline_rect(int x, int y, int w, int h, Rgb c) {
  fill_rect(x, y, w, 1, c);
  fill_rect(x, y + h - 1, w, 1, c);
  fill_rect(x, y, 1, h, c);
  fill_rect(x + w - 1, y, 1, h, c);
}

void RasterImage::fill_disc(double cx, double cy, double radius, Rgb c) {
  const int x0 = static_cast<int>(std::floor(cx - radius)),
            x1 = static_cast<int>(std::ceil(cx + radius));
  const int y0 = static_cast<int>(std::floor(cy - radius)),
            y1 = static_cast<int>(std::ceil(cy + radius));
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) {
      const double dx = x - cx, dy = y - cy;
      if (dx * dx + dy * dy <= radius * radius) set(x, y, c);
    }
}

void RasterImage::draw_line(double x0, double y0, double x1, double y1, double thickness, Rgb c) {
  const double len = std::hypot(x1 - x0, y1 - y0);
  const int steps = std::max(1, static_cast<int>(std::ceil(len * 2)));
  const double r = std::max(0.5, thickness / 2);
  for (int i = 0; i <= steps; ++i) {
    const double t = static_cast<double>(i) / steps;
    fill_disc(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, r, c);
  }
}

void RasterImage::draw_text(int x, int y, std::string_view text, int scale, Rgb c) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    int ch = static_cast<unsigned char>(text[i]);
    if (ch < 0x20 || ch > 0x7E) ch = '?';
    const std::uint8_t* glyph = &kFont[static_cast<std::size_t>(ch - 0x20) * 5];
    const int gx = x + static_cast<int>(i) * 6 * scale;
    for (int col = 0; col < 5; ++col)
      for (int row = 0; row < 8; ++row)
        if ((glyph[col] >> row) & 1) fill_rect(gx + col * scale, y + row * scale, scale, scale, c);
  }
}

void RasterImage::blit(const RasterImage& src, int x, int y) {
  for (int yy = 0; yy < src.height(); ++yy)
    for (int xx = 0; xx < src.width(); ++xx) set(x + xx, y + yy, src.at(xx, yy));
}

std::string encode_png(const RasterImage& img) {
  const std::size_t row_bytes = 3 * static_cast<std::size_t>(img.width());
  std::string raw;
  raw.reserve((row_bytes + 1) * img.height());
  const auto* px = reinterpret_cast<const char*>(img.pixels().data());
  for (int y = 0; y < img.height(); ++y) {
    raw.push_back('\0');  // filter type None: the picture is mostly flat runs, zlib does the rest
    raw.append(px + y * row_bytes, row_bytes);
  }
  uLongf packed_size = compressBound(static_cast<uLong>(raw.size()));
  std::string packed(packed_size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(packed.data()), &packed_size,
                reinterpret_cast<const Bytef*>(raw.data()), static_cast<uLong>(raw.size()),
                6) != Z_OK)
    throw std::runtime_error("PNG: zlib compression failed");
  packed.resize(packed_size);

  std::string out(kSignature);
  std::string ihdr;
  put_u32(ihdr, static_cast<std::uint32_t>(img.width()));
  put_u32(ihdr, static_cast<std::uint32_t>(img.height()));
  ihdr += std::string("\x08\x02\x00\x00\x00", 5);  // 8-bit, RGB, deflate, adaptive, no interlace
  put_chunk(out, "IHDR", ihdr);
  put_chunk(out, "IDAT", packed);
  put_chunk(out, "IEND", "");
  return out;
}

RasterImage decode_png(std::string_view b) {
  if (b.substr(0, 8) != kSignature) throw std::runtime_error("PNG: bad signature");
  std::size_t at = 8;
  int width = 0, height = 0, channels = 0;
  std::string idat;
  bool ended = false;
  while (!ended) {
    const std::uint32_t len = get_u32(b, at);
    if (at + 12 + len > b.size()) throw std::runtime_error("PNG: truncated chunk");
    const std::string_view type = b.substr(at + 4, 4);
    const std::string_view data = b.substr(at + 8, len);
    const uLong crc = crc32(0L, reinterpret_cast<const Bytef*>(b.data() + at + 4), len + 4);
    if (crc != get_u32(b, at + 8 + len)) throw std::runtime_error("PNG: CRC mismatch");
    if (type == "IHDR") {
      width = static_cast<int>(get_u32(data, 0));
      height = static_cast<int>(get_u32(data, 4));
      if (data.size() != 13 || data[8] != 8 || (data[9] != 2 && data[9] != 6) || data[12] != 0)
        throw std::runtime_error("PNG: only 8-bit RGB/RGBA non-interlaced is supported");
      channels = data[9] == 2 ? 3 : 4;
    } else if (type == "IDAT") {
      idat.append(data);
    } else if (type == "IEND") {
      ended = true;
    }
    at += 12 + len;
  }
  if (width <= 0 || height <= 0) throw std::runtime_error("PNG: missing IHDR");
  const std::size_t stride = static_cast<std::size_t>(width) * channels;
  uLongf raw_size = static_cast<uLongf>((stride + 1) * height);
  std::string raw(raw_size, '\0');
  if (uncompress(reinterpret_cast<Bytef*>(raw.data()), &raw_size,
                 reinterpret_cast<const Bytef*>(idat.data()),
                 static_cast<uLong>(idat.size())) != Z_OK ||
      raw_size != raw.size())
    throw std::runtime_error("PNG: bad image data");

  std::vector<std::uint8_t> cur(stride), prev(stride, 0);
  RasterImage img(width, height);
  for (int y = 0; y < height; ++y) {
    const auto* line = reinterpret_cast<const std::uint8_t*>(raw.data()) + y * (stride + 1);
    const int filter = line[0];
    for (std::size_t i = 0; i < stride; ++i) {
      const int a = i >= static_cast<std::size_t>(channels) ? cur[i - channels] : 0;
      const int up = prev[i];
      const int c = i >= static_cast<std::size_t>(channels) ? prev[i - channels] : 0;
      int pred = 0;
      switch (filter) {
        case 0:
          pred = 0;
          break;
        case 1:
          pred = a;
          break;
        case 2:
          pred = up;
          break;
        case 3:
          pred = (a + up) / 2;
          break;
        case 4: {
          const int p = a + up - c, pa = std::abs(p - a), pb = std::abs(p - up),
                    pc = std::abs(p - c);
          pred = pa <= pb && pa <= pc ? a : pb <= pc ? up : c;
          break;
        }
        default:
          throw std::runtime_error("PNG: bad filter type");
      }
      cur[i] = static_cast<std::uint8_t>(line[1 + i] + pred);
    }
    for (int x = 0; x < width; ++x) {
      const std::uint8_t* p = &cur[static_cast<std::size_t>(x) * channels];
      img.set(x, y, {p[0], p[1], p[2]});
    }
    std::swap(cur, prev);
  }
  return img;
}

void write_file(const std::filesystem::path& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace pathbench
