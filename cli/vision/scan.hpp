#pragma once
// `quartermaster scan dice PHOTO [--profile FILE] [--annotate OUT.png] [--json]` and
// `quartermaster calibrate dice DIR --out FILE [--json]` (CLI.md, Vision; issue 8), and the same
// two for cards (`scan cards PHOTO --game corsari|loot`, `calibrate cards DIR`; issue 9). The
// pipeline and the profiles are vision/; these files only parse, call it and format.
//
// `scan` and `calibrate` are shared by every kind of component: dice here, cards in another
// file. Each setup function asks vision_command() for the parent command, which creates it the
// first time and hands back the same one after, so the setup functions may run in any order:
//   CLI::App* scan = vision_command(app, "scan", kScanDescription);
//   scan->add_subcommand("cards", "...");
#include <string>

#include <CLI/CLI.hpp>

#include "cli/context.hpp"

namespace qm::cli {

inline constexpr const char* kScanDescription = "Recognise dice or cards in a photo";
inline constexpr const char* kCalibrateDescription = "Learn a profile from photos of your own dice or cards";

// The top-level command `name` ("scan", "calibrate"): the existing one, or a new one (with
// `description`) that requires one of its subcommands.
CLI::App* vision_command(CLI::App& app, const std::string& name, const std::string& description);

// Adds `scan dice` (creating `scan` if needed).
void setup_scan(CLI::App& app, Context& ctx);
// Adds `calibrate dice` (creating `calibrate` if needed).
void setup_calibrate(CLI::App& app, Context& ctx);
// Lets `scan` take a photo of its own at the table (`scan PHOTO [PLAYER]`, CLI.md Table commands)
// and adds `yes` / `no` while a scan waits for confirmation (cmd_scan_table.cpp).
void setup_table_scan(CLI::App& app, Context& ctx);
// Adds `scan cards` (cmd_scan_cards.cpp).
void setup_scan_cards(CLI::App& app, Context& ctx);
// Adds `calibrate cards` (cmd_calibrate_cards.cpp).
void setup_calibrate_cards(CLI::App& app, Context& ctx);

}  // namespace qm::cli
