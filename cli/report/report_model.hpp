#pragma once
// What a session's report shows, taken from the session: for each game the running totals turn
// by turn, the target or limit, who went out when, the winners; and a summary per player.
#include <string>
#include <vector>

#include "cli/session.hpp"

namespace qm::cli::report {

// One game's chart. Its lines are the sides that score: each player, or in a team game (Loot)
// each team, named "Ann+Bob" as teams are typed, with the partners' sum.
struct GameSeries {
  std::string title;        // "Game 2: Corsari"
  std::string score_name;   // "total" or "penalty"
  std::string x_label = "turn";  // what a point counts: "turn", "deal" (Corsari), "round" (Meuterer)
  std::string not_charted;  // why the game has no running score to chart, or "" (GameTable::no_running_score)
  std::vector<std::string> players;  // the sides
  std::vector<int> styles;  // per side: index of its colour and line style, the same in every game
  std::vector<std::vector<double>> totals;  // [point][side]; point 0 is the start; none when not charted
  std::vector<int> out_at;  // per side: the point at which it went out, or -1
  std::vector<std::string> winners;  // sides
  double target = 0;        // 0 when the game has none
  bool over = false;
};

struct PlayerSummary {
  std::string player;
  int style = 0;
  int games_played = 0;
  double games_won = 0;               // a shared win counts 1/k
  std::vector<std::string> finals;    // per game: the final total, or "" if not in that game
};

struct ReportModel {
  std::string session;
  std::vector<GameSeries> games;
  std::vector<PlayerSummary> players;
  std::vector<std::string> game_titles;
};

ReportModel build_report_model(const Session& session);

// Who won a game, for people: "Bob won.", "Ann and Cy won.", "No winner yet."
std::string outcome(const GameSeries& game);
// What the summary's "won" column counts, when some count is not whole: "won: a win shared by k
// players counts 1/k for each"; "" when every count is whole.
std::string shared_wins_note(const ReportModel& model);

// A text sparkline of each player's running totals in one game, for the terminal (`chart`).
std::string sparklines(const GameSeries& game);

}  // namespace qm::cli::report
