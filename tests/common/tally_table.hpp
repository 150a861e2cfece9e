#pragma once
// A small counting game that stands in for a real one, so that sessions, journals and reports
// are tested apart from any game's rules: `new tally A B ...`, `add NAME N`, `end`, undo, redo
// (and `shout NAME N`, an `add` that fails after it changed the table).
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/session.hpp"
#include "cli/table_commands.hpp"
#include "scoring/input_error.hpp"

namespace qm::testing {

using namespace qm::cli;

// A tally table: `add NAME N` adds N to a player's total.
class TallyTable : public GameTable {
 public:
  explicit TallyTable(std::vector<std::string> players) : players_(std::move(players)), totals_(players_.size()) {}
  std::string game() const override { return "tally"; }
  const std::vector<std::string>& players() const override { return players_; }
  void add_commands(CLI::App& app, Context& ctx) override {
    auto words = std::make_shared<std::vector<std::string>>();
    app.add_subcommand("add")->add_option("words", *words)->required();
    // As every table command: everything is checked before the table changes.
    app.get_subcommand("add")->callback([this, words, &ctx] {
      const std::size_t seat = checked_seat(*words);
      totals_[seat] += std::stoi((*words)[1]);
      ++turns_;
      ctx.record_event();
    });
    // `add`, whose announcement then fails: the table changed, but the line is not journaled, so
    // the session must give back the table the journal holds.
    auto shouted = std::make_shared<std::vector<std::string>>();
    app.add_subcommand("shout")->add_option("words", *shouted)->required();
    app.get_subcommand("shout")->callback([this, shouted, &ctx] {
      totals_[checked_seat(*shouted)] += std::stoi((*shouted)[1]);
      ++turns_;
      ctx.record_event();
      throw qm::InputError("the announcement failed");
    });
    app.add_subcommand("end")->callback([this, &ctx] {
      over_ = true;
      ctx.record_event();
    });
  }
  std::vector<Standing> standings() const override {
    std::vector<Standing> out;
    for (std::size_t i = 0; i < players_.size(); ++i) out.push_back({players_[i], totals_[i], false});
    return out;
  }
  std::string whose_turn() const override { return players_.front(); }
  bool is_over() const override { return over_; }
  std::vector<std::string> winners() const override {
    if (!over_) return {};
    const double best = *std::max_element(totals_.begin(), totals_.end());
    std::vector<std::string> out;
    for (std::size_t i = 0; i < players_.size(); ++i)
      if (totals_[i] == best) out.push_back(players_[i]);
    return out;
  }
  int completed_turns() const override { return turns_; }
  double target() const override { return 20; }
  nlohmann::json options() const override { return nlohmann::json::object(); }

 private:
  // The seat of `NAME N`, once N is known to be a whole number of 0 or more.
  std::size_t checked_seat(const std::vector<std::string>& words) const {
    if (words.size() != 2) throw qm::InputError("add NAME N");
    const auto it = std::find(players_.begin(), players_.end(), words[0]);
    if (it == players_.end()) throw qm::InputError("unknown player '" + words[0] + "'");
    if (std::stoi(words[1]) < 0) throw qm::InputError("negative");
    return static_cast<std::size_t>(it - players_.begin());
  }

  std::vector<std::string> players_;
  std::vector<double> totals_;
  int turns_ = 0;
  bool over_ = false;
};

// The command tree of these tests: `new tally A B`, undo, redo and the table's own commands.
inline void run_test_line(const std::vector<std::string>& args, Context& ctx) {
  CLI::App app("test");
  app.add_subcommand("new")->allow_extras()->callback([&] {
    begin_game(ctx, std::make_unique<TallyTable>(std::vector<std::string>(args.begin() + 2, args.end())));
  });
  app.add_subcommand("undo")->callback([&] { ctx.session->undo(); });
  app.add_subcommand("redo")->callback([&] { ctx.session->redo(); });
  if (ctx.session && ctx.session->current_game()) ctx.session->current_game()->add_commands(app, ctx);
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  app.parse(reversed);
}

}  // namespace qm::testing
