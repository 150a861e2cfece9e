#include "scoring/corsari/settlement.hpp"

#include <algorithm>
#include <set>

#include "scoring/corsari/additions.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::corsari {

SailingScore score_sailing(Colour tavern, int sailor, std::span<const CardSet> hands,
                           std::span<const CardSet> additions) {
  SailingScore score;
  score.sailor = sailor;
  score.players = static_cast<int>(hands.size());
  const auto seat = [](int i) { return static_cast<std::size_t>(i); };

  const GroupedHand sailed = best_grouped_hand(tavern, hands[seat(sailor)]);
  score.groups[seat(sailor)] = sailed;
  const int sailor_total = sailed.stowaway_total;

  // Sweep: the match is won at once and this sailing is not scored, so nobody adds cards.
  if (sailor_total == 0) {
    score.sweep = true;
    for (int i = 0; i < score.players; ++i) {
      if (i != sailor) score.groups[seat(i)] = best_grouped_hand(tavern, hands[seat(i)]);
      score.cases[seat(i)] = i == sailor ? SettlementCase::sweep_winner : SettlementCase::swept;
    }
    return score;
  }

  bool handed_over = false;
  for (int i = 0; i < score.players; ++i) {
    if (i == sailor) continue;
    score.additions[seat(i)] = additions[seat(i)];
    const GroupedHand grouped = best_grouped_hand(tavern, hands[seat(i)] - additions[seat(i)]);
    score.groups[seat(i)] = grouped;
    if (grouped.stowaway_total > sailor_total) {  // case 1
      score.delta[seat(i)] = grouped.stowaway_total;
      score.cases[seat(i)] = SettlementCase::opponent_pays;
    } else {  // case 2
      score.delta[seat(i)] = -kHandOverBonus;
      score.cases[seat(i)] = SettlementCase::opponent_hands_over;
      score.received_total += grouped.stowaway_total;
      handed_over = true;
    }
  }
  // Case 3: handing over counts even when the stowaways handed over are worth nothing.
  if (handed_over) {
    score.delta[seat(sailor)] = kSailorSurcharge + sailor_total + score.received_total;
    score.cases[seat(sailor)] = SettlementCase::sailor_pays;
  } else {
    score.cases[seat(sailor)] = SettlementCase::sailor_clear;
  }
  return score;
}

SailingScore score_sailing(Colour tavern, int sailor, std::span<const CardSet> hands) {
  std::array<CardSet, kMaxPlayers> additions{};
  const CardSet crew = best_grouped_hand(tavern, hands[static_cast<std::size_t>(sailor)]).crew;
  for (std::size_t i = 0; i < hands.size(); ++i)
    if (static_cast<int>(i) != sailor) additions[i] = best_additions(tavern, crew, hands[i]);
  return score_sailing(tavern, sailor, hands, std::span<const CardSet>(additions.data(), hands.size()));
}

std::vector<std::size_t> match_winners(std::span<const int> penalties, int limit) {
  std::vector<std::size_t> under;
  for (std::size_t i = 0; i < penalties.size(); ++i)
    if (penalties[i] < limit) under.push_back(i);
  if (under.size() == 1) return under;
  if (!under.empty() || penalties.empty()) return {};
  const int lowest = *std::min_element(penalties.begin(), penalties.end());
  std::vector<std::size_t> winners;
  for (std::size_t i = 0; i < penalties.size(); ++i)
    if (penalties[i] == lowest) winners.push_back(i);
  return winners;
}

namespace {

void check_table(const Sailing& sailing) {
  const std::size_t count = sailing.players.size();
  if (count < kMinPlayers || count > kMaxPlayers)
    throw InputError("Corsari is played by 2 to 4 players, not " + std::to_string(count));
  if (sailing.sailor >= count) throw InputError("the sailor is not one of the players");
  if (sailing.limit < 1) throw InputError("the penalty limit must be at least 1");
  std::set<std::string> names;
  for (const SailingHand& player : sailing.players) {
    if (player.name.empty()) throw InputError("every player needs a name");
    if (!names.insert(player.name).second) throw InputError("player " + player.name + " is named twice");
    if (player.penalty >= sailing.limit)
      throw InputError(player.name + " is already out (penalty " + std::to_string(player.penalty) + ", limit " +
                       std::to_string(sailing.limit) + ")");
  }
  const SailingHand& sailor = sailing.players[sailing.sailor];
  if (static_cast<int>(sailor.hand.size()) != kHandSize)
    throw InputError("the sailor " + sailor.name + " groups 12 cards (after the face-down discard), not " +
                     std::to_string(sailor.hand.size()));
  std::array<int, kDeckSize> holder{};
  holder.fill(-1);
  for (std::size_t i = 0; i < count; ++i) {
    const SailingHand& player = sailing.players[i];
    if (static_cast<int>(player.hand.size()) > kMaxScoredHand)
      throw InputError(player.name + " holds " + counted(static_cast<long long>(player.hand.size()), "card") + " (at most 13)");
    for (const Card card : player.hand) {
      int& who = holder[static_cast<std::size_t>(card.index())];
      const std::string name = notation::to_string(card);
      if (who == static_cast<int>(i)) throw InputError(name + " appears twice in " + player.name + "'s hand");
      if (who >= 0)
        throw InputError(name + " is in both " + sailing.players[static_cast<std::size_t>(who)].name + "'s and " +
                         player.name + "'s hands (every card is unique)");
      who = static_cast<int>(i);
    }
  }
}

}  // namespace

Settlement settle(const Sailing& sailing) {
  check_table(sailing);
  const std::size_t count = sailing.players.size();
  const int sailor = static_cast<int>(sailing.sailor);

  std::array<CardSet, kMaxPlayers> hands{};
  for (std::size_t i = 0; i < count; ++i) hands[i] = CardSet(sailing.players[i].hand);
  const CardSet crew = best_grouped_hand(sailing.tavern, hands[sailing.sailor]).crew;

  std::array<CardSet, kMaxPlayers> additions{};
  std::array<bool, kMaxPlayers> proposed{};
  for (std::size_t i = 0; i < count; ++i) {
    const SailingHand& player = sailing.players[i];
    if (i == sailing.sailor) {
      if (player.additions && !player.additions->empty())
        throw RuleViolation(player.name + " is the sailor and cannot add cards to its own crew");
      continue;
    }
    if (player.additions) {
      check_additions(player.name, crew, hands[i], *player.additions);
      additions[i] = CardSet(*player.additions);
    } else {
      additions[i] = best_additions(sailing.tavern, crew, hands[i]);
      proposed[i] = true;
    }
  }

  const SailingScore score = score_sailing(sailing.tavern, sailor, std::span<const CardSet>(hands.data(), count),
                                           std::span<const CardSet>(additions.data(), count));
  Settlement settlement;
  settlement.sweep = score.sweep;
  settlement.sailor = sailing.sailor;
  settlement.sailor_total = score.groups[sailing.sailor].stowaway_total;
  settlement.received_total = score.received_total;
  std::vector<int> penalties;
  for (std::size_t i = 0; i < count; ++i) {
    PlayerSettlement line;
    line.name = sailing.players[i].name;
    line.additions = score.additions[i].cards();
    line.additions_proposed = proposed[i] && !score.sweep;
    line.grouping = to_grouping(score.groups[i]);
    line.delta = score.delta[i];
    line.penalty = sailing.players[i].penalty + score.delta[i];
    line.out = score.sweep ? i != sailing.sailor : line.penalty >= sailing.limit;
    line.settlement_case = score.cases[i];
    penalties.push_back(line.penalty);
    settlement.players.push_back(std::move(line));
  }
  if (score.sweep) {
    settlement.winners = {sailing.sailor};
  } else {
    settlement.winners = match_winners(penalties, sailing.limit);
  }
  settlement.match_over = !settlement.winners.empty();
  return settlement;
}

std::string explain(const Settlement& settlement, std::size_t player, int limit) {
  const PlayerSettlement& line = settlement.players.at(player);
  const std::string total = std::to_string(line.grouping.stowaway_total);
  const std::string points = counted(line.grouping.stowaway_total, "stowaway point");
  const std::string sailor_total = std::to_string(settlement.sailor_total);
  const std::string sailor = settlement.players.at(settlement.sailor).name;
  std::string text;
  switch (line.settlement_case) {
    case SettlementCase::opponent_pays:
      text = line.name + " has " + points + ", more than " + sailor + "'s " + sailor_total +
             ": adds " + total;
      break;
    case SettlementCase::opponent_hands_over:
      text = line.name + " has " + points + ", no more than " + sailor + "'s " + sailor_total +
             ": subtracts 10 and hands its stowaways to " + sailor;
      break;
    case SettlementCase::sailor_clear:
      text = line.name + " sailed with " + points + " and every opponent had more: adds nothing";
      break;
    case SettlementCase::sailor_pays:
      text = line.name + " sailed with " + points + " and received " +
             std::to_string(settlement.received_total) + ": adds 10 + " + total + " + " +
             std::to_string(settlement.received_total) + " = " + std::to_string(line.delta);
      break;
    case SettlementCase::sweep_winner:
      return line.name + " sailed with no stowaways: a sweep, " + line.name + " wins the match";
    case SettlementCase::swept:
      return line.name + " is swept out of the match by " + sailor;
  }
  text += " (penalty " + std::to_string(line.penalty) + ")";
  if (line.out) text += ", out at the limit of " + std::to_string(limit);
  return text;
}

}  // namespace qm::corsari
