// The notation of CLI.md: every token round-trips, every alias, every malformed form.
#include <catch2/catch.hpp>

#include "scoring/notation.hpp"

using namespace qm;
using namespace qm::notation;

TEST_CASE("every die face round-trips and aliases map to their face", "[notation]") {
  for (const std::string& token : all_faces()) CHECK(to_string(parse_face(token)) == token);
  CHECK(parse_face("sword") == piraten::Face::sabre);
  CHECK(parse_face("saber") == piraten::Face::sabre);
  CHECK(parse_face("gold") == piraten::Face::coin);
  CHECK(parse_face("SKULL") == piraten::Face::skull);
  CHECK(parse_face("Parrot") == piraten::Face::parrot);
}

TEST_CASE("dice lists take counts and spaces or commas", "[notation]") {
  const auto counts = parse_dice_counts({"3coin 2skull,sabre", "Monkey,parrot"});
  CHECK(counts == piraten::FaceCounts{2, 3, 0, 1, 1, 1});
  CHECK(format_dice(counts) == "2skull 3coin sabre monkey parrot");
  CHECK(parse_dice({"8coin"}).size() == 8);
  CHECK(parse_dice({""}).empty());
  CHECK(parse_dice({"2gold"}) == std::vector<piraten::Face>{piraten::Face::coin, piraten::Face::coin});
}

TEST_CASE("malformed dice are rejected naming the token", "[notation]") {
  for (const std::string bad : {"coins3", "3", "0coin", "100coin", "3coyn", "-1coin", "co in1", "banana"}) {
    INFO(bad);
    CHECK_THROWS_AS(parse_dice({bad}), NotationError);
  }
  try {
    parse_dice({"2coin", "parot"});
    FAIL("no error");
  } catch (const NotationError& error) {
    CHECK(error.token() == "parot");
    CHECK(std::string(error.what()) == "unknown die face 'parot' (did you mean parrot?)");
  }
}

TEST_CASE("every fortune card round-trips", "[notation]") {
  CHECK(all_fortune_cards().size() == 13);
  for (const std::string& token : all_fortune_cards()) CHECK(to_string(parse_fortune_card(token)) == token);
  CHECK(parse_fortune_card("Sea-Battle-3") == piraten::FortuneCard::sea_battle_3);
  try {
    parse_fortune_card("captian");
    FAIL("no error");
  } catch (const NotationError& error) {
    CHECK(std::string(error.what()) == "unknown fortune card 'captian' (did you mean captain?)");
  }
  CHECK_THROWS_AS(parse_fortune_card("sea-battle-5"), NotationError);
  CHECK_THROWS_AS(parse_fortune_card(""), NotationError);
}

TEST_CASE("all 110 Corsari cards round-trip and colour aliases work", "[notation]") {
  const auto cards = all_corsari_cards();
  REQUIRE(cards.size() == 110);
  for (int index = 0; index < 110; ++index) {
    const corsari::Card card = parse_corsari_card(cards[static_cast<std::size_t>(index)]);
    CHECK(card.index() == index);
    CHECK(to_string(card) == cards[static_cast<std::size_t>(index)]);
  }
  CHECK(to_string(parse_corsari_card("LightBlue11")) == "lightblue11");
  CHECK(to_string(parse_corsari_card("violet3")) == "purple3");
  CHECK(to_string(parse_corsari_card("azure4")) == "lightblue4");
  CHECK(to_string(parse_corsari_card("skyblue5")) == "lightblue5");
  CHECK(to_string(parse_corsari_card("gray6")) == "grey6");
  CHECK(parse_corsari_colour("GREY") == corsari::Colour::grey);
}

TEST_CASE("malformed Corsari cards are rejected", "[notation]") {
  for (const std::string bad : {"red0", "red12", "red", "7red", "reed7", "red7x", "red007", "blue-3"}) {
    INFO(bad);
    CHECK_THROWS_AS(parse_corsari_card(bad), NotationError);
  }
  CHECK_THROWS_WITH(parse_corsari_cards({"red7 red7 blue3"}), Catch::Contains("red7"));
  CHECK(parse_corsari_cards({"red7,blue3 green11"}).size() == 3);
}

TEST_CASE("every Loot card round-trips", "[notation]") {
  const auto tokens = all_loot_cards();
  CHECK(tokens.size() == 7 + 16 + 4 + 1);
  for (const std::string& token : tokens) CHECK(to_string(parse_loot_card(token)) == token);
  CHECK(parse_loot_card("M5") == loot::Card::merchant(5));
  CHECK(parse_loot_card("Gold4") == loot::Card::pirate(loot::Colour::gold, 4));
  CHECK(parse_loot_card("captain-purple") == loot::Card::captain(loot::Colour::purple));
  CHECK(parse_loot_card("ADMIRAL") == loot::Card::admiral());
}

TEST_CASE("malformed Loot cards are rejected", "[notation]") {
  for (const std::string bad : {"m1", "m9", "m", "blue0", "blue5", "red1", "captain-red", "captain", "admirals", "mx"}) {
    INFO(bad);
    CHECK_THROWS_AS(parse_loot_card(bad), NotationError);
  }
}

TEST_CASE("every Meuterer good round-trips with counts and aliases", "[notation]") {
  for (const std::string& token : all_goods()) CHECK(to_string(parse_good(token)) == token);
  CHECK(parse_good("silk") == meuterer::Good::cloth);
  CHECK(parse_good("wheat") == meuterer::Good::grain);
  CHECK(parse_good("conflict") == meuterer::Good::combat);
  CHECK(parse_good("sabre") == meuterer::Good::combat);
  const auto goods = parse_goods({"3grain,ruby"});
  CHECK(goods.size() == 4);
  CHECK(goods.front() == meuterer::Good::grain);
  CHECK_THROWS_AS(parse_goods({"3gold"}), NotationError);
  CHECK_THROWS_AS(parse_goods({"grain3"}), NotationError);
}

TEST_CASE("lists split on spaces and commas", "[notation]") {
  CHECK(split_list(" a, b ,,c\td ") == std::vector<std::string>{"a", "b", "c", "d"});
  CHECK(split_list("").empty());
}

TEST_CASE("suggestions only for near misses", "[notation]") {
  CHECK(closest("captian", all_fortune_cards()) == "captain");
  CHECK(closest("zzzzzzzz", all_fortune_cards()).empty());
}
