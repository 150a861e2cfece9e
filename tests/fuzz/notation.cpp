// Fuzz target: the notation players type (CLI.md, Notation), every game's, and the words of the
// messages that repeat a typed token. The first byte chooses the reader, the rest is the line:
// each token of it for the readers of one token, all of them for the readers of a list, the
// whole line for the rules' own action words (Piraten Kapern, Loot) and the message wording.
// (One reader per input rather than all of them: the same coverage at many more inputs a second.)
#include <array>
#include <string>
#include <vector>

#include "rules/loot/action.hpp"
#include "rules/piraten/action.hpp"
#include "scoring/meuterer/role.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"
#include "tests/fuzz/fuzz_target.hpp"

namespace {

using namespace qm;

enum class Reader : std::uint8_t {
  face, fortune_card, corsari_colour, corsari_card, loot_colour, loot_card, good, role,
  dice, corsari_cards, loot_cards, goods, piraten_action, loot_action, wording, count
};

void read_each(const std::vector<std::string>& tokens, Reader reader) {
  for (const std::string& token : tokens) {
    fuzz::expecting_input_errors([&] {
      switch (reader) {
        case Reader::face: (void)notation::to_string(notation::parse_face(token)); break;
        case Reader::fortune_card: (void)notation::to_string(notation::parse_fortune_card(token)); break;
        case Reader::corsari_colour: (void)notation::to_string(notation::parse_corsari_colour(token)); break;
        case Reader::corsari_card: (void)notation::to_string(notation::parse_corsari_card(token)); break;
        case Reader::loot_colour: (void)notation::to_string(notation::parse_loot_colour(token)); break;
        case Reader::loot_card: (void)notation::to_string(notation::parse_loot_card(token)); break;
        case Reader::good: (void)notation::to_string(notation::parse_good(token)); break;
        default: (void)meuterer::parse_role(token); break;
      }
    });
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto reader = static_cast<Reader>(data[0] % static_cast<std::uint8_t>(Reader::count));
  const std::string line = fuzz::text_of(data + 1, size - 1);
  const std::vector<std::string> tokens = notation::split_list(line);
  const std::array<std::string, 3> names = {"Ann", "Bob", "Cy"};
  fuzz::expecting_input_errors([&] {
    switch (reader) {
      case Reader::dice: (void)notation::format_dice(notation::parse_dice_counts(tokens)); break;
      case Reader::corsari_cards: (void)notation::parse_corsari_cards(tokens); break;
      case Reader::loot_cards: (void)notation::parse_loot_cards(tokens); break;
      case Reader::goods: (void)notation::parse_goods(tokens); break;
      case Reader::piraten_action: (void)piraten::describe(piraten::parse_action(line)); break;
      case Reader::loot_action: (void)loot::describe(loot::parse_action(line, names), names); break;
      case Reader::wording:
        // Messages repeat tokens cut short, never inside a UTF-8 character, whatever the bytes.
        (void)quoted_token(line);
        (void)quoted_line(line);
        for (const std::string& token : tokens) (void)notation::folded(token);
        break;
      default: read_each(tokens, reader); break;
    }
  });
  return 0;
}
