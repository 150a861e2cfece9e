// Fuzz target: a profile file given to `scan --profile FILE` or `scan-cards --profile FILE`
// (vision/profile, vision/card_profile). The input is read as a dice profile and as a card
// profile; one that loads is written back to JSON as `calibrate` would save it.
#include <string>

#include "vision/card_profile.hpp"
#include "vision/profile.hpp"
#include "tests/fuzz/fuzz_target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace qm;
  const std::filesystem::path file = fuzz::scratch_file("vision_profile", "profile.json", data, size);
  fuzz::expecting_input_errors([&] { (void)vision::to_json(vision::load_profile(file)).dump(); });
  fuzz::expecting_input_errors([&] { (void)vision::to_json(vision::load_card_profile(file)).dump(); });
  return 0;
}
