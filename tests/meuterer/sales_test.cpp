#include <catch2/catch.hpp>

#include <array>

#include "scoring/meuterer/sales.hpp"
#include "scoring/notation.hpp"

using namespace qm::meuterer;

namespace {

// Grünland and Hochland as in RULINGS.md.
const Island kGrunland{"Grünland", Good::salt, {5, 3, 2}, 4};
const Island kHochland{"Hochland", std::nullopt, {4, 3, 2}, 5};
const Island kKargeZunge{"Karge Zunge", Good::grain, {6, 3, 2}, 4};
const Island kAffeninsel{"Affeninsel", Good::grain, {2, 1, 1}, 2};

GoodCounts goods(const std::string& text) { return count_goods(qm::notation::parse_goods({text})); }

std::array<int, 4> island_vp(const Island& island, std::array<int, 4> sold, int merchant, SaleRules rules = {}) {
  std::array<int, 4> vp{};
  score_island(island, sold, merchant, rules, vp);
  return vp;
}

}  // namespace

TEST_CASE("A sole majority takes the first column and the others nothing", "[meuterer][sales]") {
  CHECK(island_vp(kGrunland, {3, 2, 0, 1}, -1) == std::array<int, 4>{5, 0, 0, 0});
}

TEST_CASE("Two and three tied take the second and third columns", "[meuterer][sales]") {
  CHECK(island_vp(kGrunland, {2, 2, 1, 0}, -1) == std::array<int, 4>{3, 3, 0, 0});
  CHECK(island_vp(kGrunland, {2, 2, 2, 1}, -1) == std::array<int, 4>{2, 2, 2, 0});
}

TEST_CASE("A four-way tie scores nothing", "[meuterer][sales]") {
  CHECK(island_vp(kGrunland, {1, 1, 1, 1}, -1) == std::array<int, 4>{0, 0, 0, 0});
}

TEST_CASE("The merchant always scores the sole price when among the winners", "[meuterer][sales][merchant]") {
  CHECK(island_vp(kGrunland, {2, 2, 0, 0}, 1) == std::array<int, 4>{3, 5, 0, 0});
  CHECK(island_vp(kGrunland, {2, 2, 2, 0}, 2) == std::array<int, 4>{2, 2, 5, 0});
  // Not among the winners: no privilege.
  CHECK(island_vp(kGrunland, {3, 1, 0, 0}, 1) == std::array<int, 4>{5, 0, 0, 0});
  // Four tied: by default only the merchant scores; the option takes that away too.
  CHECK(island_vp(kGrunland, {1, 1, 1, 1}, 3) == std::array<int, 4>{0, 0, 0, 5});
  SaleRules strict;
  strict.merchant_paid_in_four_way_tie = false;
  CHECK(island_vp(kGrunland, {1, 1, 1, 1}, 3, strict) == std::array<int, 4>{0, 0, 0, 0});
}

TEST_CASE("Nobody selling on an island scores nothing there", "[meuterer][sales]") {
  CHECK(island_vp(kHochland, {0, 0, 0, 0}, 0) == std::array<int, 4>{0, 0, 0, 0});
}

TEST_CASE("Only the goods an island names sell there and a wild island buys any good", "[meuterer][sales]") {
  CHECK(kGrunland.buys(Good::salt));
  CHECK_FALSE(kGrunland.buys(Good::wine));
  CHECK(kHochland.buys(Good::wine));
  CHECK(kHochland.buys(Good::ruby));
  CHECK_FALSE(kHochland.buys(Good::combat));
  CHECK_FALSE(kHochland.buys(Good::pirate));
}

TEST_CASE("With one island buying one displayed good there is exactly one allocation", "[meuterer][sales]") {
  const std::array<const Island*, 1> active{&kGrunland};
  const auto options = legal_allocations(goods("3salt wine combat"), active);
  REQUIRE(options.size() == 1);
  CHECK(options[0].good[0] == Good::salt);
  CHECK(options[0].count[0] == 3);
}

TEST_CASE("Nothing saleable leaves only the empty allocation", "[meuterer][sales]") {
  const std::array<const Island*, 1> active{&kGrunland};
  const auto options = legal_allocations(goods("2wine combat"), active);
  REQUIRE(options.size() == 1);
  CHECK(options[0].sold() == 0);
}

TEST_CASE("The rule text's example splits four grain two and two over two grain islands", "[meuterer][sales]") {
  const std::array<const Island*, 2> active{&kKargeZunge, &kAffeninsel};
  const auto options = legal_allocations(goods("4grain"), active);
  // All on one island (two ways) or split 1+3, 2+2, 3+1.
  CHECK(options.size() == 5);
  Allocation split;
  split.good = {Good::grain, Good::grain};
  split.count = {2, 2};
  CHECK(std::find(options.begin(), options.end(), split) != options.end());
  CHECK(allocation_problem(goods("4grain"), active, split).empty());
}

TEST_CASE("One kind of good per player per island on a wild island", "[meuterer][sales]") {
  const std::array<const Island*, 2> active{&kHochland, &kGrunland};
  const auto options = legal_allocations(goods("2salt 2wine"), active);
  // Wine on Hochland with salt on Grünland sells both. Salt alone on Hochland is also complete:
  // the wine stays unsold, but Grünland does not buy wine. Wine and salt together on Hochland is
  // impossible (one kind per player per island).
  for (const Allocation& allocation : options) CHECK(allocation_problem(goods("2salt 2wine"), active, allocation).empty());
  Allocation both;
  both.good = {Good::wine, Good::salt};
  both.count = {2, 2};
  CHECK(std::find(options.begin(), options.end(), both) != options.end());
  Allocation salt_on_hochland;
  salt_on_hochland.good = {Good::salt, Good::ruby};
  salt_on_hochland.count = {2, 0};
  CHECK(std::find(options.begin(), options.end(), salt_on_hochland) != options.end());
  Allocation split_salt;
  split_salt.good = {Good::salt, Good::salt};
  split_salt.count = {1, 1};
  CHECK(std::find(options.begin(), options.end(), split_salt) != options.end());
  CHECK(options.size() == 3);
}

TEST_CASE("Illegal allocations are refused naming the island and the good", "[meuterer][sales]") {
  const std::array<const Island*, 2> active{&kHochland, &kGrunland};
  Allocation allocation;
  allocation.good = {Good::wine, Good::ruby};
  allocation.count = {3, 0};
  CHECK(allocation_problem(goods("2wine"), active, allocation) == "3 wine sold, but only 2 displayed");
  allocation.good = {Good::ruby, Good::wine};
  allocation.count = {0, 2};
  CHECK(allocation_problem(goods("2wine"), active, allocation) == "Grünland does not buy wine");
  allocation.good = {Good::combat, Good::ruby};
  allocation.count = {1, 0};
  CHECK(allocation_problem(goods("combat"), active, allocation) == "combat cards are never sold");
  allocation.good = {Good::salt, Good::ruby};
  allocation.count = {1, 0};
  CHECK(allocation_problem(goods("2salt"), active, allocation) ==
        "1 of 2 salt sold: every displayed salt is sold (it may be split over two islands)");
  allocation.good = {Good::ruby, Good::salt};
  allocation.count = {0, 2};
  // Hochland stays unused although it would buy the unsold wine.
  CHECK(allocation_problem(goods("2salt wine"), active, allocation) == "Hochland is left unused, but it buys the wine that stays unsold");
}
