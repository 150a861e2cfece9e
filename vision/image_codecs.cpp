#include "vision/image_codecs.hpp"

#include <dlfcn.h>

#include <fstream>

#include "scoring/input_error.hpp"

namespace qm::vision {
namespace {

using Decode = cv::Mat (*)(cv::InputArray, int);
using Encode = bool (*)(const cv::String&, cv::InputArray, std::vector<uchar>&, const std::vector<int>&);
// Compile-time proof that the pointer types are those of the functions declared in
// opencv2/imgcodecs.hpp (unevaluated: no link to the library).
static_assert(sizeof(static_cast<Decode>(&cv::imdecode)) > 0);
static_assert(sizeof(static_cast<Encode>(&cv::imencode)) > 0);

// The two functions, by their C++ (Itanium ABI) names; tests/vision/image_codecs_test.cpp checks
// that they are the very functions the header declares.
constexpr const char* kDecodeSymbol = "_ZN2cv8imdecodeERKNS_11_InputArrayEi";
constexpr const char* kEncodeSymbol =
    "_ZN2cv8imencodeERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKNS_11_InputArrayERSt6vectorIhSaIhEERKSB_IiSaIiEE";

struct Codecs {
  Decode decode = nullptr;
  Encode encode = nullptr;
};

Codecs load_codecs() {
  // RTLD_NODELETE: the functions stay valid for the life of the process; never unloaded.
  void* library = dlopen(QM_IMGCODECS_LIBRARY, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (library == nullptr) {
    throw InputError(std::string("cannot read or write images: ") + QM_IMGCODECS_LIBRARY +
                     " (package libopencv-imgcodecs406) cannot be loaded");
  }
  Codecs codecs;
  codecs.decode = reinterpret_cast<Decode>(dlsym(library, kDecodeSymbol));
  codecs.encode = reinterpret_cast<Encode>(dlsym(library, kEncodeSymbol));
  if (codecs.decode == nullptr || codecs.encode == nullptr) {
    throw InputError(std::string("cannot read or write images: ") + QM_IMGCODECS_LIBRARY +
                     " is not the OpenCV this program was built with");
  }
  return codecs;
}

const Codecs& codecs() {
  // Loaded once per process, on the first image read or written; thread-safe initialisation.
  // A failed load throws and is tried again on the next call.
  static const Codecs loaded = load_codecs();
  return loaded;
}

}  // namespace

cv::Mat decode_image(const std::vector<std::uint8_t>& bytes, int flags) {
  const Decode decode = codecs().decode;
  try {
    return decode(bytes, flags);
  } catch (const cv::Exception&) {
    return {};
  }
}

std::vector<std::uint8_t> encode_image(const std::string& extension, const cv::Mat& image,
                                       const std::vector<int>& parameters) {
  const Encode encode = codecs().encode;
  std::vector<uchar> bytes;
  try {
    if (!encode(extension, image, bytes, parameters)) bytes.clear();
  } catch (const cv::Exception&) {
    bytes.clear();
  }
  return bytes;
}

bool write_image(const std::filesystem::path& file, const cv::Mat& image, const std::vector<int>& parameters) {
  const std::vector<std::uint8_t> bytes = encode_image(file.extension().string(), image, parameters);
  if (bytes.empty()) return false;
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  out.close();
  return static_cast<bool>(out);
}

}  // namespace qm::vision
