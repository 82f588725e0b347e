// encode_png / decode_png (raster_image.h) over libpng. Decoding uses the simplified API, which
// reports errors through png_image::message. Encoding needs the full API, to pick filter "None"
// (renders are flat runs of one colour, which zlib packs best unfiltered: the simplified API's
// adaptive filters make files about 30% larger); its errors longjmp, so write_png keeps only
// plain locals between setjmp and the libpng calls.
#include <png.h>

#include <stdexcept>
#include <string>

#include "harness/render/raster_image.h"

namespace pathbench {
namespace {

void append_bytes(png_structp png, png_bytep data, png_size_t length) {
  static_cast<std::string*>(png_get_io_ptr(png))
      ->append(reinterpret_cast<const char*>(data), length);
}

// Appends img's PNG to out; returns nullptr on success, else what failed.
const char* write_png(const RasterImage& img, std::string& out) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  if (!png) return "PNG: out of memory";
  png_infop info = png_create_info_struct(png);
  if (!info || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return "PNG: libpng could not encode the picture";
  }
  png_set_write_fn(png, &out, append_bytes, nullptr);
  png_set_IHDR(png, info, static_cast<png_uint_32>(img.width()),
               static_cast<png_uint_32>(img.height()), 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_set_compression_level(png, 6);
  png_write_info(png, info);
  const std::size_t stride = 3 * static_cast<std::size_t>(img.width());
  for (int y = 0; y < img.height(); ++y)
    png_write_row(png, img.pixels().data() + static_cast<std::size_t>(y) * stride);
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return nullptr;
}

std::runtime_error png_error(const char* what, const png_image& img) {
  return std::runtime_error(std::string("PNG: ") + what + ": " + img.message);
}

}  // namespace

std::string encode_png(const RasterImage& img) {
  std::string out;
  if (const char* problem = write_png(img, out)) throw std::runtime_error(problem);
  return out;
}

RasterImage decode_png(std::string_view bytes) {
  png_image header{};
  header.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&header, bytes.data(), bytes.size()))
    throw png_error("cannot read", header);
  // RGBA, not RGB: libpng would composite an alpha channel; the alpha byte is dropped below.
  header.format = PNG_FORMAT_RGBA;
  std::string rgba(PNG_IMAGE_SIZE(header), '\0');
  if (!png_image_finish_read(&header, nullptr, rgba.data(), 0, nullptr))
    throw png_error("cannot decode", header);
  const int width = static_cast<int>(header.width), height = static_cast<int>(header.height);
  RasterImage img(width, height);
  const auto* p = reinterpret_cast<const std::uint8_t*>(rgba.data());
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x, p += 4) img.set(x, y, {p[0], p[1], p[2]});
  return img;
}

}  // namespace pathbench
