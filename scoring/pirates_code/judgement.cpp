#include "scoring/pirates_code/judgement.hpp"

namespace qm::pirates_code {

Answers judge(std::span<const NumberSet> hands, int guesser, NumberSet declared, int start_position) {
  const int players = static_cast<int>(hands.size());
  Answers answers;
  answers.next_position = players;
  for (int position = start_position; position < players; ++position) {
    const int seat = judge_seat(players, guesser, position);
    const bool has = !(hands[static_cast<std::size_t>(seat)] & declared).empty();
    answers.seat[static_cast<std::size_t>(answers.count)] = seat;
    answers.has[static_cast<std::size_t>(answers.count)] = has;
    ++answers.count;
    if (has) {
      answers.holder = seat;
      answers.next_position = position + 1;
      break;
    }
  }
  return answers;
}

}  // namespace qm::pirates_code
