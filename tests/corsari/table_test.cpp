// Corsari's table mode (rules/corsari/table.hpp): a deal entered step by step, stated additions,
// sweeps, players out of the match, void deals, and steps refused without a trace.
#include <catch2/catch.hpp>

#include "rules/corsari/table.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "tests/corsari/hands.hpp"

using namespace qm::corsari;
using namespace qm::corsari::testing;

namespace {

using qm::corsari::testing::cards;

// What the steps could change, to check that a refused one changed nothing.
struct Snapshot {
  std::vector<int> waiting;
  std::vector<bool> entered;
  std::size_t deals = 0;
  bool open = false;
  std::vector<std::vector<Card>> additions;  // per seat in the sailing
  friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

Snapshot snapshot(const Table& table) {
  Snapshot shot{table.waiting_for(), table.hands_entered(), table.deal_log().size(), table.open_sailing().has_value(), {}};
  for (const int seat : table.sailing_order()) shot.additions.push_back(table.seat_view(seat).additions);
  return shot;
}

template <typename Error, typename Step>
void refused(Table& table, Step step, const std::string& reason) {
  const Snapshot before = snapshot(table);
  CHECK_THROWS_AS(step(table), Error);
  CHECK_THROWS_WITH(step(table), Catch::Contains(reason));
  CHECK(snapshot(table) == before);
}

Table three(int limit = kDefaultLimit) { return Table({"Ann", "Bob", "Cy"}, limit, 0); }

}  // namespace

TEST_CASE("corsari table: a sailing is entered hand by hand and confirm records its settlement", "[corsari][table]") {
  Table table = three();
  CHECK(table.awaited_hand() == -1);
  table.sail(0, Colour::lightblue);
  CHECK(table.sailing_order() == std::vector<int>{0, 1, 2});
  CHECK(table.awaited_hand() == 0);
  CHECK_FALSE(table.enter_hand(1, cards(kExampleBob)));
  CHECK(table.awaited_hand() == 0);
  CHECK_FALSE(table.seat_view(1).additions_known);  // not before the sailor's crew is known
  table.enter_hand(0, cards(kExampleAnn));
  const SeatView bob = table.seat_view(1);
  CHECK(bob.additions_known);
  CHECK(bob.additions_proposed);
  CHECK(bob.additions == cards("orange9"));
  CHECK(bob.grouping->stowaway_total == 33);
  CHECK(table.waiting_for() == std::vector<int>{2});
  CHECK_FALSE(table.ready());
  CHECK_THROWS_WITH(table.preview(), Catch::Contains("waiting for the hands of Cy"));
  table.enter_hand(2, cards(kExampleCy));
  CHECK(table.ready());
  CHECK(table.awaited_hand() == -1);

  const DealEntry& deal = table.confirm();
  CHECK(deal.number == 1);
  CHECK(deal.dealer == 0);
  CHECK(deal.tavern == Colour::lightblue);
  REQUIRE(deal.settlement.has_value());
  CHECK(deal.settlement->players[0].delta == 18);  // 10 + 5 + 3 received from Cy
  CHECK(deal.settlement->players[1].delta == 33);
  CHECK(deal.settlement->players[2].delta == -10);
  CHECK(deal.hand_entered == std::vector<bool>{true, true, true});
  CHECK_FALSE(table.open_sailing().has_value());
  CHECK(table.match().penalty(0) == 18);
  CHECK(table.match().dealer() == 1);
  CHECK(table.deal_number() == 2);
}

TEST_CASE("corsari table: stated additions are checked against the sailor's crew", "[corsari][table]") {
  Table table = three();
  table.sail(0, Colour::lightblue);
  table.enter_hand(1, cards(kExampleBob));
  refused<qm::InputError>(table, [](Table& t) { t.state_additions(1, cards("orange9")); }, "Ann's hand first");
  table.enter_hand(0, cards(kExampleAnn));
  refused<qm::RuleViolation>(table, [](Table& t) { t.state_additions(0, cards("purple4")); }, "Ann is the sailor");
  refused<qm::RuleViolation>(table, [](Table& t) { t.state_additions(1, cards("purple7")); }, "purple7");
  refused<qm::InputError>(table, [](Table& t) { t.state_additions(2, std::vector<Card>{}); }, "Cy's hand first");
  table.state_additions(1, std::vector<Card>{});
  CHECK_FALSE(table.seat_view(1).additions_proposed);
  CHECK(table.seat_view(1).grouping->stowaway_total == 42);
  table.state_additions(1, std::nullopt);  // back to the proposal
  CHECK(table.seat_view(1).additions_proposed);
  // Additions were checked against the sailor's crew: typing its hand again drops them.
  table.state_additions(1, std::vector<Card>{});
  CHECK(table.enter_hand(0, cards(kExampleAnn)));
  CHECK(table.seat_view(1).additions_proposed);
  // An opponent's own hand typed again drops only its own.
  table.state_additions(1, std::vector<Card>{});
  CHECK(table.enter_hand(1, cards(kExampleBob)));
  CHECK_FALSE(table.enter_hand(1, cards(kExampleBob)));
}

TEST_CASE("corsari table: refused steps change nothing", "[corsari][table]") {
  Table table = three();
  refused<qm::InputError>(table, [](Table& t) { t.enter_hand(0, cards(kExampleAnn)); }, "nobody is sailing");
  refused<qm::InputError>(table, [](Table& t) { t.cancel(); }, "nobody is sailing");
  refused<qm::InputError>(table, [](Table& t) { t.confirm(); }, "nobody is sailing");
  CHECK_THROWS_WITH(table.seat_of("Zed"), Catch::Contains("no player 'Zed' at this table (Ann, Bob, Cy)"));
  CHECK(table.seat_of("cY") == 2);
  table.sail(0, Colour::lightblue);
  refused<qm::InputError>(table, [](Table& t) { t.sail(1, Colour::red); }, "Ann's sailing is still open");
  refused<qm::InputError>(table, [](Table& t) { t.void_deal(); }, "'cancel' that sailing first");
  refused<qm::InputError>(table, [](Table& t) { t.enter_hand(0, cards("red1 red2")); }, "2 cards, not 12 (the sailor's 12");
  table.enter_hand(0, cards(kExampleAnn));
  refused<qm::InputError>(
      table, [](Table& t) { t.enter_hand(1, cards("lightblue11 purple7 red1 red2 red3 blue4 blue5 yellow6 yellow8 pink9 pink10 brown11")); },
      "lightblue11 is already in Ann's hand");
  refused<qm::InputError>(table, [](Table& t) { t.confirm(); }, "Bob, Cy");
  const OpenSailing dropped = table.cancel();
  CHECK(dropped.sailor == 0);
  CHECK(dropped.hands[0].has_value());
  CHECK_FALSE(table.open_sailing().has_value());
  CHECK(table.deal_log().empty());
}

TEST_CASE("corsari table: a sweep is settled with the sailor's hand alone and ends the match", "[corsari][table]") {
  Table table = three();
  table.sail(1, Colour::red);
  CHECK_FALSE(table.is_sweep());
  table.enter_hand(1, cards("red1 red2 red3 red4 red5 red6 blue1 blue2 blue3 green4 green5 green6"));
  CHECK(table.is_sweep());
  CHECK(table.ready());
  CHECK(table.waiting_for() == std::vector<int>{2, 0});  // the others' hands never need typing
  CHECK(table.hands_entered() == std::vector<bool>{false, true, false});
  const DealEntry& deal = table.confirm();
  CHECK(deal.settlement->sweep);
  CHECK(deal.hand_entered == std::vector<bool>{false, true, false});
  CHECK(table.match().is_over());
  CHECK(table.winners() == std::vector<std::string>{"Bob"});
  refused<qm::RuleViolation>(table, [](Table& t) { t.sail(0, Colour::red); }, "the match is over (Bob won)");
  refused<qm::RuleViolation>(table, [](Table& t) { t.void_deal(); }, "the match is over");
}

TEST_CASE("corsari table: a player out of the match takes no part in the sailings", "[corsari][table]") {
  Table table = three(30);
  table.sail(0, Colour::lightblue);
  table.enter_hand(0, cards(kExampleAnn));
  table.enter_hand(1, cards(kExampleBob));
  table.enter_hand(2, cards(kExampleCy));
  table.confirm();
  REQUIRE(table.match().is_out(1));  // 33 >= 30
  refused<qm::RuleViolation>(table, [](Table& t) { t.sail(1, Colour::red); }, "Bob is out of the match");
  CHECK(table.match().dealer() == 2);  // Bob is out, so Cy deals
  const DealEntry& voided = table.void_deal();
  CHECK(voided.number == 2);
  CHECK(voided.dealer == 2);
  CHECK_FALSE(voided.settlement.has_value());
  CHECK(table.match().dealer() == 0);
  table.sail(2, Colour::lightblue);
  CHECK(table.sailing_order() == std::vector<int>{2, 0});
  refused<qm::RuleViolation>(table, [](Table& t) { t.enter_hand(1, cards(kExampleBob)); }, "Bob is out of the match");
  CHECK(table.hand_to_scan("") == 2);
  CHECK(table.hand_to_scan("ann") == 0);
  CHECK_THROWS_AS(table.hand_to_scan("Bob"), qm::RuleViolation);
  CHECK_THROWS_WITH(table.hand_to_scan("Bob"), Catch::Contains("Bob takes no part in this sailing"));
  table.enter_hand(2, cards(kExampleAnn));
  table.enter_hand(0, cards(kExampleBob));
  CHECK_THROWS_WITH(table.hand_to_scan(""), Catch::Contains("every hand is in"));
  CHECK(table.hands_entered() == std::vector<bool>{true, true});  // Ann and Cy: Bob is no line
  const DealEntry& last = table.confirm();
  CHECK(last.settlement->players.size() == 2);
  CHECK(table.winners() == std::vector<std::string>{"Cy"});
}
