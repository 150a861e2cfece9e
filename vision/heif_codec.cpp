#include "vision/heif_codec.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <memory>
#include <string_view>

#include <fmt/format.h>
#include <libheif/heif.h>
#include <opencv2/imgproc.hpp>

#include "scoring/input_error.hpp"

namespace qm::vision {
namespace {

// QM_HEIF_LIBRARY is libheif's soname for API version 1, the one heif.h declares.
static_assert(LIBHEIF_NUMERIC_VERSION >= LIBHEIF_MAKE_VERSION(1, 12, 0) && LIBHEIF_NUMERIC_VERSION < LIBHEIF_MAKE_VERSION(2, 0, 0));

// The functions used, typed as heif.h declares them (decltype is unevaluated: nothing is linked).
struct Heif {
  decltype(&heif_context_alloc) context_alloc = nullptr;
  decltype(&heif_context_free) context_free = nullptr;
  decltype(&heif_context_read_from_memory_without_copy) read_from_memory = nullptr;
  decltype(&heif_context_get_primary_image_handle) primary_image = nullptr;
  decltype(&heif_image_handle_release) handle_release = nullptr;
  decltype(&heif_image_handle_get_width) handle_width = nullptr;
  decltype(&heif_image_handle_get_height) handle_height = nullptr;
  decltype(&heif_decode_image) decode = nullptr;
  decltype(&heif_image_get_width) image_width = nullptr;
  decltype(&heif_image_get_height) image_height = nullptr;
  decltype(&heif_image_get_plane_readonly) plane = nullptr;
  decltype(&heif_image_release) image_release = nullptr;
};

template <class Function>
void bind(void* library, Function& function, const char* symbol) {
  function = reinterpret_cast<Function>(dlsym(library, symbol));
  if (function == nullptr) {
    throw InputError(fmt::format("cannot read HEIC photos: {} has no {} (libheif 1.12 or later is needed)", QM_HEIF_LIBRARY, symbol));
  }
}

Heif load_heif() {
  // RTLD_NODELETE: the functions stay valid for the life of the process; never unloaded.
  void* library = dlopen(QM_HEIF_LIBRARY, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (library == nullptr) {
    throw InputError(fmt::format("cannot read HEIC photos: {} (package libheif1) cannot be loaded", QM_HEIF_LIBRARY));
  }
  Heif heif;
  bind(library, heif.context_alloc, "heif_context_alloc");
  bind(library, heif.context_free, "heif_context_free");
  bind(library, heif.read_from_memory, "heif_context_read_from_memory_without_copy");
  bind(library, heif.primary_image, "heif_context_get_primary_image_handle");
  bind(library, heif.handle_release, "heif_image_handle_release");
  bind(library, heif.handle_width, "heif_image_handle_get_width");
  bind(library, heif.handle_height, "heif_image_handle_get_height");
  bind(library, heif.decode, "heif_decode_image");
  bind(library, heif.image_width, "heif_image_get_width");
  bind(library, heif.image_height, "heif_image_get_height");
  bind(library, heif.plane, "heif_image_get_plane_readonly");
  bind(library, heif.image_release, "heif_image_release");
  return heif;
}

const Heif& heif() {
  // Loaded once per process, on the first HEIF photo; a failed load throws and is tried again.
  static const Heif loaded = load_heif();
  return loaded;
}

InputError unreadable(const std::string& name, const heif_error& error) {
  std::string why = error.message != nullptr ? error.message : "";
  std::replace(why.begin(), why.end(), '\n', ' ');
  return InputError(fmt::format("{}: the HEIF file cannot be read{}", name, why.empty() ? "" : " (" + why + ")"));
}

// An opened file and its primary image; both released with it.
struct Opened {
  std::unique_ptr<heif_context, void (*)(heif_context*)> context;
  std::unique_ptr<const heif_image_handle, void (*)(const heif_image_handle*)> image;
};

// `bytes` must outlive the result: libheif reads them in place.
Opened open_heif(const std::vector<std::uint8_t>& bytes, const std::string& name) {
  const Heif& h = heif();
  Opened opened{{h.context_alloc(), h.context_free}, {nullptr, h.handle_release}};
  if (!opened.context) throw InputError(fmt::format("{}: no memory to read the HEIF file", name));
  heif_error error = h.read_from_memory(opened.context.get(), bytes.data(), bytes.size(), nullptr);
  if (error.code != heif_error_Ok) throw unreadable(name, error);
  heif_image_handle* image = nullptr;
  error = h.primary_image(opened.context.get(), &image);
  if (error.code != heif_error_Ok || image == nullptr) throw unreadable(name, error);
  opened.image.reset(image);
  return opened;
}

bool is_heif_brand(std::string_view brand) {
  static constexpr std::array<std::string_view, 12> kBrands = {"heic", "heix", "heim", "heis", "hevc", "hevx",
                                                               "hevm", "hevs", "mif1", "msf1", "avif", "avis"};
  return std::find(kBrands.begin(), kBrands.end(), brand) != kBrands.end();
}

}  // namespace

bool looks_like_heif(const std::vector<std::uint8_t>& bytes) {
  if (bytes.size() < 16) return false;
  const auto text = [&](std::size_t at) { return std::string_view(reinterpret_cast<const char*>(bytes.data()) + at, 4); };
  if (text(4) != "ftyp") return false;
  // ftyp: size, "ftyp", major brand, minor version, then compatible brands to the box's end.
  const std::size_t box_size = static_cast<std::size_t>(bytes[0]) << 24 | static_cast<std::size_t>(bytes[1]) << 16 |
                               static_cast<std::size_t>(bytes[2]) << 8 | bytes[3];
  if (is_heif_brand(text(8))) return true;
  const std::size_t end = std::min(box_size, bytes.size());
  for (std::size_t at = 16; at + 4 <= end; at += 4)
    if (is_heif_brand(text(at))) return true;
  return false;
}

cv::Size heif_upright_size(const std::vector<std::uint8_t>& bytes, const std::string& name) {
  const Opened opened = open_heif(bytes, name);
  const Heif& h = heif();
  return {h.handle_width(opened.image.get()), h.handle_height(opened.image.get())};
}

cv::Mat decode_heif(const std::vector<std::uint8_t>& bytes, const std::string& name) {
  const Opened opened = open_heif(bytes, name);
  const Heif& h = heif();
  heif_image* decoded = nullptr;
  // libheif carries out the file's rotation, mirroring and crop while decoding.
  const heif_error error = h.decode(opened.image.get(), &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nullptr);
  const std::unique_ptr<const heif_image, void (*)(const heif_image*)> image(decoded, h.image_release);
  if (error.code != heif_error_Ok || !image) throw unreadable(name, error);
  int stride = 0;
  const std::uint8_t* plane = h.plane(image.get(), heif_channel_interleaved, &stride);
  const int width = h.image_width(image.get(), heif_channel_interleaved);
  const int height = h.image_height(image.get(), heif_channel_interleaved);
  if (plane == nullptr || width <= 0 || height <= 0 || stride < 3 * width) {
    throw InputError(fmt::format("{}: the HEIF file holds no colour image", name));
  }
  const cv::Mat rgb(height, width, CV_8UC3, const_cast<std::uint8_t*>(plane), static_cast<std::size_t>(stride));
  cv::Mat bgr;
  cv::cvtColor(rgb, bgr, cv::COLOR_RGB2BGR);  // a copy: the plane is released with the image
  return bgr;
}

}  // namespace qm::vision
