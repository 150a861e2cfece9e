// Fuzz target: a photo given to `scan PHOTO` (vision/photo): the header is read and checked
// (a JPEG, PNG, WebP or HEIF that lies about its size, is cut short or is grey must be refused with one
// line), then the photo is decoded at its working size and balanced, and at full size.
#include <string>
#include <vector>

#include "vision/photo.hpp"
#include "tests/fuzz/fuzz_target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace qm;
  const std::filesystem::path file = fuzz::scratch_file("photo", "photo", data, size);
  fuzz::expecting_input_errors([&] { (void)vision::read_image_header(std::vector<std::uint8_t>(data, data + size), "photo"); });
  fuzz::expecting_input_errors([&] { (void)vision::load_photo(file); });
  fuzz::expecting_input_errors([&] { (void)vision::load_full_photo(file); });
  return 0;
}
