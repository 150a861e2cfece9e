// Fuzz target: the round's table given to `score meuterer --state FILE` (schema:
// data/meuterer/STATE_SCHEMA.md), read against the game's own components and scored as the
// command scores it: the round's VP and, for every seat, the sales helper's options. The same
// document is also read as a components file (`--data DIR`), the other JSON Meuterer reads.
#include <fstream>
#include <string>

#include "rules/meuterer/components.hpp"
#include "rules/meuterer/round_json.hpp"
#include "scoring/meuterer/round_score.hpp"
#include "tests/fuzz/fuzz_target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace qm;
  static const meuterer::Components components = meuterer::load_components(meuterer::default_data_dir());
  const std::filesystem::path file = fuzz::scratch_file("meuterer_state", meuterer::kComponentsFile, data, size);
  fuzz::expecting_input_errors([&] {
    const meuterer::RoundTable table = meuterer::load_round_table(file, components);
    (void)meuterer::round_score_json(table, meuterer::score_round(table)).dump();
    for (int seat = 0; seat < static_cast<int>(table.seats.size()); ++seat)
      (void)meuterer::sale_options_json(table, seat, meuterer::sale_options(table, seat)).dump();
  });
  fuzz::expecting_input_errors([&] { (void)meuterer::load_components(file.parent_path()); });
  return 0;
}
