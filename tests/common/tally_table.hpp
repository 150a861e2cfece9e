#pragma once
// A small counting game that stands in for a real one, so that sessions, journals and reports
// are tested apart from any game's rules: `new tally A B ...`, `add NAME N`, `end`, undo, redo.
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
    app.get_subcommand("add")->callback([this, words, &ctx] {
      if (words->size() != 2) throw qm::InputError("add NAME N");
      const auto it = std::find(players_.begin(), players_.end(), (*words)[0]);
      if (it == players_.end()) throw qm::InputError("unknown player '" + (*words)[0] + "'");
      // Changes the table before it fails on a negative number, to check the session rebuilds.
      totals_[static_cast<std::size_t>(it - players_.begin())] += std::stoi((*words)[1]);
      if (std::stoi((*words)[1]) < 0) throw qm::InputError("negative");
      ++turns_;
      ctx.record_event();
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
  app.add_subcommand("undo")->callback([&] { ctx.session->undo(ctx); });
  app.add_subcommand("redo")->callback([&] { ctx.session->redo(ctx); });
  if (ctx.session && ctx.session->current_game()) ctx.session->current_game()->add_commands(app, ctx);
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  app.parse(reversed);
}

}  // namespace qm::testing
