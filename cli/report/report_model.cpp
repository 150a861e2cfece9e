#include "cli/report/report_model.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "cli/game_catalogue.hpp"
#include "cli/text_table.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::report {
namespace {

// One point per completed turn when the game counts turns, else one per change of the totals.
std::vector<const ProgressPoint*> chart_points(const GameRecord& record) {
  std::vector<const ProgressPoint*> points;
  for (const ProgressPoint& point : record.progress) {
    if (points.empty()) {
      points.push_back(&point);
      continue;
    }
    const ProgressPoint& last = *points.back();
    const bool counts_turns = point.turn >= 0;
    const bool new_point = counts_turns ? point.turn > last.turn : (point.totals != last.totals || point.out != last.out);
    if (new_point) {
      points.push_back(&point);
    } else if (counts_turns && points.size() > 1) {
      points.back() = &point;  // the latest standings within the same turn count
    }
  }
  // The end of a game that does not close a turn (a cancelled last round, a final tally).
  if (!record.progress.empty() && points.back() != &record.progress.back() &&
      (record.progress.back().totals != points.back()->totals || record.progress.back().out != points.back()->out))
    points.push_back(&record.progress.back());
  return points;
}

// The teams of a team game, as seats, from its options ({"teams": [["Ann", "Bob"], ...]}, as
// Loot records them); none when the game is played alone or the option names no player of it.
std::vector<std::vector<std::size_t>> teams_of(const GameTable& table) {
  const nlohmann::json options = table.options();
  if (!options.is_object() || !options.contains("teams") || !options["teams"].is_array()) return {};
  const std::vector<std::string>& players = table.players();
  std::vector<std::vector<std::size_t>> teams;
  for (const nlohmann::json& team : options["teams"]) {
    if (!team.is_array() || team.empty()) return {};
    std::vector<std::size_t> seats;
    for (const nlohmann::json& member : team) {
      const auto seat = member.is_string() ? std::find(players.begin(), players.end(), member.get<std::string>()) : players.end();
      if (seat == players.end()) return {};
      seats.push_back(static_cast<std::size_t>(seat - players.begin()));
    }
    teams.push_back(std::move(seats));
  }
  return teams;
}

// A team scores the sum of its partners' totals (RULINGS.md, Loot: team score is the sum), so
// its chart draws one line per team, in its first player's colour.
GameSeries as_teams(const GameSeries& players, const std::vector<std::vector<std::size_t>>& teams) {
  GameSeries sides = players;
  sides.players.clear();
  sides.styles.clear();
  sides.out_at.clear();
  sides.winners.clear();
  for (std::vector<double>& point : sides.totals) point.assign(teams.size(), 0);
  for (std::size_t t = 0; t < teams.size(); ++t) {
    std::string name;
    bool won = true;
    int out_at = 0;
    for (const std::size_t seat : teams[t]) {
      name += (name.empty() ? "" : "+") + players.players[seat];
      won = won && std::find(players.winners.begin(), players.winners.end(), players.players[seat]) != players.winners.end();
      out_at = players.out_at[seat] < 0 || out_at < 0 ? -1 : std::max(out_at, players.out_at[seat]);  // out when all are
      for (std::size_t point = 0; point < sides.totals.size(); ++point) sides.totals[point][t] += players.totals[point][seat];
    }
    sides.players.push_back(name);
    sides.styles.push_back(players.styles[teams[t].front()]);
    sides.out_at.push_back(out_at);
    if (won) sides.winners.push_back(name);
  }
  return sides;
}

}  // namespace

std::string outcome(const GameSeries& game) {
  if (game.winners.empty()) return game.over ? "Nobody won." : "No winner yet.";
  return and_list(game.winners) + " won.";
}

std::string shared_wins_note(const ReportModel& model) {
  const bool shared = std::any_of(model.players.begin(), model.players.end(),
                                  [](const PlayerSummary& player) { return player.games_won != std::floor(player.games_won); });
  return shared ? "won: a win shared by k players counts 1/k for each" : "";
}

ReportModel build_report_model(const Session& session) {
  ReportModel model;
  model.session = session.name();
  const std::vector<std::string> everyone = session.players();
  auto style_of = [&everyone](const std::string& player) {
    return static_cast<int>(std::find(everyone.begin(), everyone.end(), player) - everyone.begin());
  };
  for (const std::string& player : everyone) model.players.push_back({player, style_of(player), 0, 0, {}});

  int index = 0;
  for (const GameRecord& record : session.games()) {
    ++index;
    const GameTable& table = *record.table;
    const GameEntry* entry = find_game(table.game());
    GameSeries series;
    series.title = fmt::format("Game {}: {}", index, entry ? entry->title : table.game());
    series.score_name = table.score_name();
    series.x_label = table.turn_name();
    series.not_charted = table.no_running_score();
    series.players = table.players();
    series.target = table.target();
    series.over = table.is_over();
    series.winners = table.winners();
    for (const std::string& player : series.players) series.styles.push_back(style_of(player));
    series.out_at.assign(series.players.size(), -1);
    for (const ProgressPoint* point : chart_points(record)) {
      series.totals.push_back(point->totals);
      for (std::size_t p = 0; p < point->out.size() && p < series.out_at.size(); ++p)
        if (point->out[p] && series.out_at[p] < 0) series.out_at[p] = static_cast<int>(series.totals.size()) - 1;
    }
    model.game_titles.push_back(series.title);
    for (PlayerSummary& summary : model.players) {
      const auto seat = std::find(series.players.begin(), series.players.end(), summary.player);
      if (seat == series.players.end() || series.totals.empty()) {
        summary.finals.push_back("");
        continue;
      }
      ++summary.games_played;
      const bool won = std::find(series.winners.begin(), series.winners.end(), summary.player) != series.winners.end();
      if (!series.not_charted.empty())
        summary.finals.push_back(won ? "won" : series.over ? "lost" : "playing");
      else
        summary.finals.push_back(
            format_number(series.totals.back()[static_cast<std::size_t>(seat - series.players.begin())], 1));
      if (won) summary.games_won += 1.0 / static_cast<double>(series.winners.size());
    }
    if (!series.not_charted.empty()) {
      series.totals.clear();  // what standings() gives is no score (cards in hand, for Pirate's Code)
      series.out_at.assign(series.players.size(), -1);
    }
    if (const auto teams = teams_of(table); !teams.empty()) series = as_teams(series, teams);
    model.games.push_back(std::move(series));
  }
  return model;
}

std::string sparklines(const GameSeries& game) {
  if (!game.not_charted.empty()) return game.not_charted + ": not charted. " + outcome(game) + "\n";
  static const char* const kBars[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
  double low = 0, high = 0;
  for (const auto& point : game.totals)
    for (double value : point) {
      low = std::min(low, value);
      high = std::max(high, value);
    }
  std::size_t name_width = 0;
  for (const std::string& player : game.players) name_width = std::max(name_width, player.size());
  std::string out;
  for (std::size_t p = 0; p < game.players.size(); ++p) {
    std::string line = game.players[p] + std::string(name_width - game.players[p].size() + 2, ' ');
    // At most 60 columns: long games are sampled evenly, the last point always kept.
    const std::size_t count = game.totals.size();
    const std::size_t columns = std::min<std::size_t>(count, 60);
    for (std::size_t c = 0; c < columns; ++c) {
      const std::size_t i = columns == 1 ? count - 1 : c * (count - 1) / (columns - 1);
      const double value = game.totals[i][p];
      const int bar = high > low ? static_cast<int>(std::lround((value - low) / (high - low) * 7)) : 0;
      line += kBars[std::clamp(bar, 0, 7)];
    }
    const double final_total = count ? game.totals.back()[p] : 0;
    line += "  " + format_number(final_total, 1);
    if (game.out_at[p] >= 0) line += " (out)";
    if (std::find(game.winners.begin(), game.winners.end(), game.players[p]) != game.winners.end()) line += " ★";
    out += line + "\n";
  }
  return out;
}

}  // namespace qm::cli::report
