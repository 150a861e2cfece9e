// Session reports: the model holds every player, game and final total of a recorded session;
// the SVG is well-formed XML; the PNG has the drawing's size and is not blank.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "cli/commands.hpp"
#include "cli/report/chart_layout.hpp"
#include "cli/report/report_files.hpp"
#include "cli/report/report_model.hpp"
#include "cli/report/svg_writer.hpp"
#include "cli/words.hpp"
#include "tests/common/tally_table.hpp"
#include "tests/common/temp_home.hpp"

namespace fs = std::filesystem;
using namespace qm::cli;
using qm::testing::run_test_line;

namespace {

std::unique_ptr<Session> recorded_session() {
  // The session's journal goes to a folder of this test's own.
  static const qm::tests::TempHome home("report-test");
  auto session = Session::open_unnamed(run_test_line);
  std::ostringstream out;
  Context ctx;
  ctx.out = &out;
  for (const std::string line : {"new tally Ann Bob Cy", "add Ann 5", "add Bob 7", "add Cy 2", "add Ann 9", "end",
                                 "new tally Bob Dee", "add Dee 4", "add Bob 4", "end"})
    session->run(split_words(line), ctx);
  return session;
}

// A small checker of XML well-formedness: balanced tags, quoted attributes, known entities.
std::string xml_problem(const std::string& xml) {
  std::vector<std::string> open;
  for (std::size_t i = 0; i < xml.size(); ++i) {
    if (xml[i] == '&') {
      const std::size_t semi = xml.find(';', i);
      const std::string entity = xml.substr(i, semi == std::string::npos ? 0 : semi - i + 1);
      if (entity != "&amp;" && entity != "&lt;" && entity != "&gt;" && entity != "&quot;" && entity != "&apos;")
        return "bad entity at " + std::to_string(i);
    }
    if (xml[i] != '<') continue;
    const std::size_t close = xml.find('>', i);
    if (close == std::string::npos) return "unclosed tag";
    std::string tag = xml.substr(i + 1, close - i - 1);
    if (tag.find('<') != std::string::npos) return "'<' inside a tag";
    if (std::count(tag.begin(), tag.end(), '"') % 2 != 0) return "unbalanced quotes in <" + tag + ">";
    const bool self_closing = !tag.empty() && tag.back() == '/';
    if (tag[0] == '/') {
      const std::string name = tag.substr(1);
      if (open.empty() || open.back() != name) return "</" + name + "> does not close the open tag";
      open.pop_back();
    } else if (!self_closing) {
      open.push_back(tag.substr(0, tag.find_first_of(" \n")));
    }
    i = close;
  }
  return open.empty() ? "" : "<" + open.back() + "> never closed";
}

}  // namespace

TEST_CASE("the report model holds every player, every game and the final totals", "[report]") {
  const auto session = recorded_session();
  const report::ReportModel model = report::build_report_model(*session);
  REQUIRE(model.games.size() == 2);
  REQUIRE(model.players.size() == 4);
  const report::GameSeries& first = model.games[0];
  CHECK(first.players == std::vector<std::string>{"Ann", "Bob", "Cy"});
  CHECK(first.totals.back() == std::vector<double>{14, 7, 2});
  CHECK(first.totals.size() == 5);  // the start and one point per turn
  CHECK(first.winners == std::vector<std::string>{"Ann"});
  CHECK(first.target == 20);
  const report::GameSeries& second = model.games[1];
  CHECK(second.winners == std::vector<std::string>{"Bob", "Dee"});
  CHECK(second.styles == std::vector<int>{1, 3});  // Bob keeps his colour from game 1
  CHECK(model.players[1].player == "Bob");
  CHECK(model.players[1].games_played == 2);
  CHECK(model.players[1].games_won == Approx(0.5));
  CHECK(model.players[0].finals == std::vector<std::string>{"14", ""});
}

TEST_CASE("the SVG report is well-formed and names every player and game", "[report]") {
  const auto session = recorded_session();
  const report::ReportModel model = report::build_report_model(*session);
  const std::string svg = report::to_svg(report::layout_report(model), "Session <test> & co");
  CHECK(xml_problem(svg) == "");
  for (const std::string name : {"Ann", "Bob", "Cy", "Dee", "Game 1: tally", "Game 2: tally", "target 20"})
    CHECK(svg.find(name) != std::string::npos);
  CHECK(svg.find("&lt;test&gt; &amp; co") != std::string::npos);
  CHECK(xml_problem("<svg><text>a</svg>") != "");  // the checker itself can fail
  const std::string html = report::report_html(model);
  CHECK(html.find("<svg") != std::string::npos);
  CHECK(html.find("<td>14</td>") != std::string::npos);
}

TEST_CASE("the PNG report has the drawing's size and is not blank", "[report]") {
  const auto session = recorded_session();
  const report::ReportModel model = report::build_report_model(*session);
  const auto drawing = report::layout_report(model);
  const fs::path file = fs::temp_directory_path() / ("qm-report-test-" + std::to_string(::getpid()) + ".png");
  report::write_report(model, file);
  const cv::Mat image = cv::imread(file.string());
  fs::remove(file);
  REQUIRE_FALSE(image.empty());
  CHECK(image.cols == static_cast<int>(std::ceil(drawing.width)));
  CHECK(image.rows == static_cast<int>(std::ceil(drawing.height)));
  cv::Mat grey;
  cv::cvtColor(image, grey, cv::COLOR_BGR2GRAY);
  const int inked = image.rows * image.cols - cv::countNonZero(grey > 250);
  CHECK(inked > image.rows * image.cols / 100);
  CHECK_THROWS_AS(report::write_report(model, "report.txt"), qm::InputError);
}

TEST_CASE("sparklines show each player's run and final total", "[report]") {
  const auto session = recorded_session();
  const report::ReportModel model = report::build_report_model(*session);
  const std::string text = report::sparklines(model.games[0]);
  CHECK(text.find("Ann  ▁▄▄▄█  14 ★") != std::string::npos);
  CHECK(text.find("Cy ") != std::string::npos);
}

namespace {

// Runs a line in this test's current folder, then goes back.
struct InFolder {
  fs::path before = fs::current_path();
  explicit InFolder(const fs::path& folder) { fs::current_path(folder); }
  ~InFolder() { fs::current_path(before); }
};

std::string run_real_line(const std::vector<std::string>& args, Session* session = nullptr) {
  std::ostringstream out;
  Context ctx;
  ctx.out = &out;
  if (session) {
    session->run(args, ctx);
  } else {
    run_line(args, ctx);
  }
  return out.str();
}

}  // namespace

TEST_CASE("a report without --out is written next to the session's journal and says where", "[report]") {
  // Issue 20: it went into whatever folder the program was started from.
  const qm::tests::TempHome home("report-default");
  const fs::path elsewhere = home.dir / "elsewhere";
  fs::create_directories(elsewhere);
  const InFolder in(elsewhere);
  {
    auto session = Session::open_named("evening", [](const std::vector<std::string>& args, Context& ctx) { run_line(args, ctx); });
    run_real_line({"new", "piraten", "Ann", "Bob"}, session.get());
    const fs::path beside = sessions_dir() / "evening-report.html";
    const std::string said = run_real_line({"report"}, session.get());
    CHECK(fs::exists(beside));
    CHECK_THAT(said, Catch::Contains("written to " + beside.string()));
    fs::remove(beside);
  }
  const fs::path beside = sessions_dir() / "evening-report.html";
  const std::string said = run_real_line({"session", "report", "evening"});
  CHECK(fs::exists(beside));
  CHECK_THAT(said, Catch::Contains("written to " + beside.string()));
  CHECK(fs::is_empty(elsewhere));
  // A journal file named by its path: the report goes beside that file.
  fs::copy_file(sessions_dir() / "evening.jsonl", home.dir / "copy.jsonl");
  run_real_line({"session", "report", (home.dir / "copy.jsonl").string()});
  CHECK(fs::exists(home.dir / "copy-report.html"));
  CHECK(fs::is_empty(elsewhere));
  // --out still writes where it says, relative to the current folder.
  run_real_line({"session", "report", "evening", "--out", "mine.svg"});
  CHECK(fs::exists(elsewhere / "mine.svg"));
}

namespace {

std::unique_ptr<Session> real_session(const std::string& name, const std::vector<std::string>& lines) {
  auto session = Session::open_named(name, [](const std::vector<std::string>& args, Context& ctx) { run_line(args, ctx); });
  for (const std::string& line : lines) run_real_line(split_words(line), session.get());
  return session;
}

std::vector<std::string> texts_of(const qm::drawing::Drawing& drawing) {
  std::vector<std::string> out;
  for (const qm::drawing::Shape& shape : drawing.shapes)
    if (const auto* text = std::get_if<qm::drawing::Text>(&shape)) out.push_back(text->text);
  return out;
}

bool has_text(const qm::drawing::Drawing& drawing, const std::string& wanted) {
  const auto texts = texts_of(drawing);
  return std::find(texts.begin(), texts.end(), wanted) != texts.end();
}

// A box on the page: left, top, right, bottom.
struct Box {
  double x0, y0, x1, y1;
  bool overlaps(const Box& other) const { return x0 < other.x1 && other.x0 < x1 && y0 < other.y1 && other.y0 < y1; }
};

// Where a text is drawn, from its baseline and anchor, with glyphs at most 0.62 of the size wide.
Box box_of(const qm::drawing::Text& text) {
  const double width = 0.62 * text.size * static_cast<double>(text.text.size());
  const double x0 = text.anchor == qm::drawing::Anchor::start    ? text.x
                    : text.anchor == qm::drawing::Anchor::middle ? text.x - width / 2
                                                                 : text.x - width;
  return {x0, text.y - text.size, x0 + width, text.y + 0.25 * text.size};
}

Box box_of(const qm::drawing::Marker& marker) {
  const double r = marker.size * 0.65;  // a star's points reach 1.3 times half its size
  return {marker.x - r, marker.y - r, marker.x + r, marker.y + r};
}

}  // namespace

TEST_CASE("the chart's x-axis says what the game counts: deals in Corsari, rounds in Meuterer", "[report]") {
  // Issue 20: every chart said "turn".
  const qm::tests::TempHome home("report-axis");
  const auto session = real_session("axes", {"new corsari Ann Bob", "new meuterer Ann Bob Cy", "new piraten Ann Bob"});
  const report::ReportModel model = report::build_report_model(*session);
  REQUIRE(model.games.size() == 3);
  CHECK(model.games[0].x_label == "deal");
  CHECK(model.games[1].x_label == "round");
  CHECK(model.games[2].x_label == "turn");
  const auto corsari = report::layout_game_chart(model.games[0], 960);
  CHECK(has_text(corsari, "deal"));
  CHECK_FALSE(has_text(corsari, "turn"));
}

TEST_CASE("the target's label covers no winner's star", "[report]") {
  // Issue 20: a winner who ends on the target had its star under the label "target 20".
  const qm::tests::TempHome home("report-star");
  auto session = Session::open_unnamed(run_test_line);
  std::ostringstream out;
  Context ctx;
  ctx.out = &out;
  for (const std::string line : {"new tally Ann Bob", "add Bob 5", "add Ann 20", "end"}) session->run(split_words(line), ctx);
  const report::ReportModel model = report::build_report_model(*session);
  const auto chart = report::layout_game_chart(model.games[0], 960);
  std::vector<Box> stars;
  const qm::drawing::Text* label = nullptr;
  for (const qm::drawing::Shape& shape : chart.shapes) {
    if (const auto* marker = std::get_if<qm::drawing::Marker>(&shape); marker && marker->shape == qm::drawing::MarkerShape::star)
      stars.push_back(box_of(*marker));
    if (const auto* text = std::get_if<qm::drawing::Text>(&shape); text && text->text == "target 20") label = text;
  }
  REQUIRE(stars.size() == 1);
  REQUIRE(label != nullptr);
  CHECK_FALSE(box_of(*label).overlaps(stars[0]));
  CHECK(box_of(*label).overlaps(Box{label->x - 1, label->y - 1, label->x + 1, label->y + 1}));  // the check itself can fail
}

TEST_CASE("a Loot team game charts the teams' totals", "[report]") {
  // Issue 20: the chart drew each partner alone, though a team scores the sum.
  const qm::tests::TempHome home("report-teams");
  const auto session = real_session("teams", {"new loot Ann Bob Cy Dee --teams Ann+Bob,Cy+Dee",
                                              "final --captured Ann=m5 Bob=m3 Cy=m4 Dee=m2,m6"});
  const report::ReportModel model = report::build_report_model(*session);
  const report::GameSeries& game = model.games.at(0);
  CHECK(game.players == std::vector<std::string>{"Ann+Bob", "Cy+Dee"});
  CHECK(game.totals.front() == std::vector<double>{0, 0});
  CHECK(game.totals.back() == std::vector<double>{8, 12});
  CHECK(game.winners == std::vector<std::string>{"Cy+Dee"});
  CHECK(game.styles == std::vector<int>{0, 2});  // each team in its first player's colour
  const auto chart = report::layout_game_chart(game, 960);
  CHECK(has_text(chart, "Cy+Dee 12 ★"));
  CHECK(model.players.at(3).finals == std::vector<std::string>{"8"});  // the summary keeps each player's own
}

TEST_CASE("Pirate's Code is not charted by cards in hand: the report says who found the code", "[report]") {
  // Issue 20: the chart drew the number of cards in each hand as if it were a score.
  const qm::tests::TempHome home("report-code");
  const auto session = real_session("code", {"new pirates-code Ann Bob Cy --me Ann --hand 1,2,3,4", "guess Ann 11 13 -> nobody"});
  const report::ReportModel model = report::build_report_model(*session);
  const report::GameSeries& game = model.games.at(0);
  CHECK_FALSE(game.not_charted.empty());
  const auto chart = report::layout_game_chart(game, 960);
  for (const qm::drawing::Shape& shape : chart.shapes) CHECK_FALSE(std::holds_alternative<qm::drawing::Polyline>(shape));
  CHECK(has_text(chart, "Ann won."));
  CHECK(model.players.at(0).finals == std::vector<std::string>{"won"});
  CHECK(model.players.at(1).finals == std::vector<std::string>{"lost"});
  CHECK(report::sparklines(game).find("Ann won.") != std::string::npos);
  const auto chart_json = nlohmann::json::parse(run_real_line({"chart", "--json"}, session.get()));
  CHECK(chart_json["not_charted"] == game.not_charted);
  CHECK(chart_json["totals"].empty());
  const std::string html = report::report_html(model);
  CHECK(html.find("<th>cards</th>") == std::string::npos);
}

TEST_CASE("the summary explains a fractional count of games won", "[report]") {
  // Issue 20: "won 3.5" with no word of why.
  const auto session = recorded_session();  // game 2 is a win shared by Bob and Dee
  const report::ReportModel model = report::build_report_model(*session);
  const std::string note = "won: a win shared by k players counts 1/k for each";
  const auto texts = texts_of(report::layout_summary(model, 960));
  CHECK(std::any_of(texts.begin(), texts.end(), [&](const std::string& text) { return text.find(note) != std::string::npos; }));
  CHECK(report::report_html(model).find(note) != std::string::npos);
}
