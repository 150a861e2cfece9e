// Fuzz target: DIR/labels.json, the calibration photos' labels (`calibrate DIR`,
// `calibrate-cards DIR`; vision/labels_file). The input is the file; its labels are also read
// as card labels, as calibrate-cards reads them to tell the game.
#include <string>

#include "vision/card_calibration.hpp"
#include "vision/labels_file.hpp"
#include "tests/fuzz/fuzz_target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace qm;
  const std::filesystem::path file = fuzz::scratch_file("labels_file", vision::kLabelsFile, data, size);
  fuzz::expecting_input_errors([&] {
    for (const vision::LabelledPhoto& photo : vision::read_labels_file(file.parent_path()))
      for (const vision::LabelledItem& item : photo.items) {
        (void)vision::canonical_card_label(vision::CardGame::corsari, item.label);
        (void)vision::canonical_card_label(vision::CardGame::loot, item.label);
      }
  });
  fuzz::expecting_input_errors([&] { (void)vision::card_game_of_labels(file.parent_path()); });
  return 0;
}
