#pragma once
// What a session's report shows, taken from the session: for each game the running totals turn
// by turn, the target or limit, who went out when, the winners; and a summary per player.
#include <string>
#include <vector>

#include "cli/session.hpp"

namespace qm::cli::report {

struct GameSeries {
  std::string title;        // "Game 2: Corsari"
  std::string score_name;   // "total" or "penalty"
  std::string x_label = "turn";  // what a point counts: "turn", "deal" (Corsari), "round" (Meuterer)
  std::vector<std::string> players;
  std::vector<int> styles;  // per player: index of its colour and line style, the same in every game
  std::vector<std::vector<double>> totals;  // [point][player]; point 0 is the start
  std::vector<int> out_at;  // per player: the point at which it went out, or -1
  std::vector<std::string> winners;
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

// A text sparkline of each player's running totals in one game, for the terminal (`chart`).
std::string sparklines(const GameSeries& game);

}  // namespace qm::cli::report
