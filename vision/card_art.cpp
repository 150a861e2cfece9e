#include "vision/card_art.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

#include <fmt/format.h>
#include <opencv2/imgproc.hpp>

#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::vision {

const std::array<CardColour, kCorsariColours>& corsari_colours() {
  // Close pairs on purpose: blue/lightblue, red/orange/pink, purple/pink, brown/grey.
  static const std::array<CardColour, kCorsariColours> colours{{
      {"pink", {240, 110, 180}},
      {"purple", {125, 50, 160}},
      {"blue", {30, 70, 200}},
      {"lightblue", {100, 185, 235}},
      {"grey", {135, 135, 135}},
      {"brown", {125, 75, 35}},
      {"red", {210, 35, 35}},
      {"orange", {245, 140, 25}},
      {"yellow", {245, 220, 45}},
      {"green", {40, 150, 65}},
  }};
  return colours;
}

const std::vector<CardColour>& loot_colours() {
  // The merchants' sand is kept away from the pirates' gold (its chroma is far lower).
  static const std::vector<CardColour> colours{
      {"m", {200, 165, 115}}, {"blue", {35, 85, 190}}, {"green", {40, 150, 70}},
      {"purple", {120, 55, 160}}, {"gold", {240, 190, 30}},
  };
  return colours;
}

int corsari_colour_index(const std::string& name) {
  const auto& colours = corsari_colours();
  for (int i = 0; i < kCorsariColours; ++i) {
    if (name == colours[static_cast<std::size_t>(i)].name) return i;
  }
  return -1;
}

std::optional<LabelParts> split_label(const std::string& label) {
  std::size_t digits = label.size();
  while (digits > 0 && label[digits - 1] >= '0' && label[digits - 1] <= '9') --digits;
  if (digits == 0 || digits == label.size() || label.size() - digits > 2) return std::nullopt;
  return LabelParts{label.substr(0, digits), label.substr(digits)};
}

std::pair<int, int> split_card_label(const std::string& label) {
  const auto parts = split_label(label);
  if (!parts) return {-1, 0};
  const int colour = corsari_colour_index(parts->colour);
  const int number = std::stoi(parts->number);
  if (colour < 0 || number < 1 || number > kCorsariMaxNumber) return {-1, 0};
  return {colour, number};
}

std::string card_label(int colour, int number) {
  return std::string(corsari_colours()[static_cast<std::size_t>(colour)].name) + std::to_string(number);
}

std::vector<std::string> deck_labels(CardGame game) {
  return game == CardGame::corsari ? notation::all_corsari_cards() : notation::all_loot_cards();
}

std::vector<std::string> deck_colours(CardGame game) {
  std::vector<std::string> names;
  if (game == CardGame::corsari) {
    for (const CardColour& colour : corsari_colours()) names.emplace_back(colour.name);
  } else {
    for (const CardColour& colour : loot_colours()) names.emplace_back(colour.name);
  }
  return names;
}

std::vector<std::string> deck_numbers(CardGame game) {
  std::vector<std::string> numbers;
  for (int n = 1; n <= (game == CardGame::corsari ? kCorsariMaxNumber : kLootMaxNumber); ++n) numbers.push_back(std::to_string(n));
  return numbers;
}

std::vector<std::string> deck_wholes(CardGame game) {
  std::vector<std::string> wholes;
  for (const std::string& label : deck_labels(game))
    if (!split_label(label)) wholes.push_back(label);
  return wholes;
}

cv::Rect card_border_strip_top() { return {20, 2, kCardWidth - 40, 4}; }
cv::Rect card_border_strip_bottom() { return {20, kCardHeight - 6, kCardWidth - 40, 4}; }
cv::Rect card_border_strip_left() { return {3, 24, 5, kCardHeight - 48}; }
std::array<cv::Rect, 2> card_panel_strips() {
  return {cv::Rect(40, 22, kCardWidth - 80, 22), cv::Rect(40, kCardHeight - 44, kCardWidth - 80, 22)};
}
std::array<cv::Rect, 2> card_panel_sides() { return {cv::Rect(12, 72, 8, 36), cv::Rect(kCardWidth - 20, 72, 8, 36)}; }
cv::Point card_number_centre() { return {kCardWidth / 2, kCardHeight / 2}; }
int card_number_radius() { return 38; }
std::array<double, 2> card_panel_round_disc() { return {1.08, 1.25}; }
double card_disc_share() { return std::numbers::pi * card_number_radius() * card_number_radius() / (kCardWidth * kCardHeight); }
cv::Rect card_corner_index() { return {14, 13, 25, 25}; }
cv::Rect card_panel_left_strip() { return {12, 45, 8, 120}; }
cv::Rect card_panel() { return {10, 10, kCardWidth - 20, kCardHeight - 20}; }

namespace {

struct Font {
  int face;
  int thickness;
};

Font font_of(const CardStyle& style) {
  static const std::array<Font, kFontVariants> classic{{{cv::FONT_HERSHEY_SIMPLEX, 3},
                                                        {cv::FONT_HERSHEY_DUPLEX, 3},
                                                        {cv::FONT_HERSHEY_COMPLEX, 3},
                                                        {cv::FONT_HERSHEY_TRIPLEX, 3},
                                                        {cv::FONT_HERSHEY_SIMPLEX, 4},
                                                        {cv::FONT_HERSHEY_DUPLEX, 2}}};
  static const std::array<Font, kFontVariants> alternate{{{cv::FONT_HERSHEY_COMPLEX, 2},
                                                          {cv::FONT_HERSHEY_TRIPLEX, 2},
                                                          {cv::FONT_HERSHEY_COMPLEX | cv::FONT_ITALIC, 3},
                                                          {cv::FONT_HERSHEY_SIMPLEX | cv::FONT_ITALIC, 3},
                                                          {cv::FONT_HERSHEY_PLAIN, 3},
                                                          {cv::FONT_HERSHEY_TRIPLEX | cv::FONT_ITALIC, 2}}};
  const auto& fonts = style.art == CardArt::classic ? classic : alternate;
  return fonts[static_cast<std::size_t>(std::clamp(style.font_variant, 0, kFontVariants - 1))];
}

cv::Scalar bgr(cv::Vec3b rgb) { return {double(rgb[2]), double(rgb[1]), double(rgb[0])}; }

const cv::Scalar kInk(25, 25, 25);

enum class Emblem { none, crown, star };

// An emblem filled in `colour`, `size` pixels high, centred on `centre`.
void draw_emblem(cv::Mat& card, Emblem emblem, cv::Point2d centre, double size, const cv::Scalar& colour) {
  std::vector<cv::Point2d> unit;
  if (emblem == Emblem::crown) {
    unit = {{-1, 0.7}, {1, 0.7}, {1, -0.55}, {0.5, 0.0}, {0, -0.85}, {-0.5, 0.0}, {-1, -0.55}};
  } else {
    for (int k = 0; k < 10; ++k) {
      const double angle = -CV_PI / 2 + k * CV_PI / 5;
      const double r = k % 2 ? 0.42 : 1.0;
      unit.emplace_back(r * std::cos(angle), r * std::sin(angle) + 0.1);
    }
  }
  std::vector<cv::Point> polygon;
  constexpr int kShift = 4;  // sub-pixel vertices
  for (const cv::Point2d& p : unit) {
    polygon.emplace_back(cvRound((centre.x + p.x * size / 2) * (1 << kShift)), cvRound((centre.y + p.y * size / 2) * (1 << kShift)));
  }
  cv::fillPoly(card, std::vector<std::vector<cv::Point>>{polygon}, colour, cv::LINE_AA, kShift);
}

// Text fitted into `box` (height first, then width), centred.
void draw_fitted_text(cv::Mat& card, const std::string& text, const cv::Rect& box, const Font& font, int thickness,
                      const cv::Scalar& colour) {
  int baseline = 0;
  const cv::Size unit = cv::getTextSize(text, font.face, 1.0, thickness, &baseline);
  double scale = static_cast<double>(box.height) / std::max(1, unit.height);
  cv::Size size = cv::getTextSize(text, font.face, scale, thickness, &baseline);
  if (size.width > box.width) {
    scale *= static_cast<double>(box.width) / size.width;
    size = cv::getTextSize(text, font.face, scale, thickness, &baseline);
  }
  const cv::Point origin(box.x + (box.width - size.width) / 2, box.y + (box.height + size.height) / 2);
  cv::putText(card, text, origin, font.face, scale, colour, thickness, cv::LINE_AA);
}

// What a face shows: panel ink, and a number or an emblem.
struct Face {
  cv::Vec3b ink;
  int number = 0;  // 0: the emblem instead
  Emblem emblem = Emblem::none;
};

cv::Mat draw_face(Face face, const CardStyle& style, int colour_index) {
  const bool classic = style.art == CardArt::classic;
  const cv::Scalar paper = classic ? cv::Scalar(246, 248, 248) : cv::Scalar(225, 240, 245);  // ivory
  cv::Mat card(kCardHeight, kCardWidth, CV_8UC3, paper);
  cv::Vec3b ink = face.ink;
  if (!classic) {
    // Another printer: the same colour names, inks shifted a little (the calibration's job).
    static const std::array<cv::Vec3i, 10> shift{{{-10, 10, 5},  {10, 5, -10}, {10, 10, -10}, {-20, -10, 0},
                                                  {-10, 0, 10},   {10, 5, 5},   {-15, 5, 5},   {-5, 15, 10},
                                                  {-10, -15, 20}, {-20, 10, -10}}};
    for (int c = 0; c < 3; ++c) ink[c] = cv::saturate_cast<uchar>(ink[c] + shift[static_cast<std::size_t>(colour_index % 10)][c]);
  }
  if (style.ink_jitter > 0) {
    std::mt19937 rng(style.seed);
    std::uniform_real_distribution<double> jitter(-12 * style.ink_jitter, 12 * style.ink_jitter);
    for (int c = 0; c < 3; ++c) ink[c] = cv::saturate_cast<uchar>(ink[c] + jitter(rng));
  }
  const int margin = classic ? 10 : 13;
  const cv::Rect panel(margin, margin, kCardWidth - 2 * margin, kCardHeight - 2 * margin);
  cv::rectangle(card, panel, bgr(ink), cv::FILLED);
  if (!classic) {
    // A darker frame line inside the panel and ornaments in the corners free of an index.
    cv::rectangle(card, panel, bgr(ink) * 0.6, 2);
    for (const cv::Point corner : {cv::Point(panel.br().x - 7, panel.y + 6), cv::Point(panel.x + 6, panel.br().y - 7)}) {
      cv::circle(card, corner, 3, paper, cv::FILLED);
    }
  }
  const Font font = font_of(style);
  // The corner indices: white on the panel, top-left, then the card turned and the same again.
  const cv::Rect index(16, 16, 21, classic ? 17 : 16);
  for (int side = 0; side < 2; ++side) {
    if (face.number > 0) {
      draw_fitted_text(card, std::to_string(face.number), index, font, std::max(2, font.thickness - 1), paper);
    } else {
      draw_emblem(card, face.emblem, cv::Point2d(index.x + index.width / 2.0, index.y + index.height / 2.0 + 1), 18, paper);
    }
    cv::rotate(card, card, cv::ROTATE_180);
  }
  const cv::Point centre = card_number_centre();
  cv::circle(card, centre, card_number_radius(), paper, cv::FILLED, cv::LINE_AA);
  if (face.number == 0) {
    draw_emblem(card, face.emblem, cv::Point2d(centre), classic ? 44 : 40, kInk);
    return card;
  }
  // The number, fitted to a box of fixed height, and the bar under it.
  const std::string text = std::to_string(face.number);
  int baseline = 0;
  const double target_height = classic ? 30 : 27;
  const cv::Size unit = cv::getTextSize(text, font.face, 1.0, font.thickness, &baseline);
  double scale = target_height / std::max(1, unit.height);
  cv::Size size = cv::getTextSize(text, font.face, scale, font.thickness, &baseline);
  if (size.width > 50) {
    scale *= 50.0 / size.width;
    size = cv::getTextSize(text, font.face, scale, font.thickness, &baseline);
  }
  const cv::Point origin(centre.x - size.width / 2, centre.y + size.height / 2 - 4);
  cv::putText(card, text, origin, font.face, scale, kInk, font.thickness, cv::LINE_AA);
  const int bar_y = origin.y + (classic ? 8 : 9);
  cv::rectangle(card, cv::Rect(centre.x - 20, bar_y, 40, classic ? 4 : 3), kInk, cv::FILLED);
  return card;
}

}  // namespace

cv::Mat draw_corsari_card(int colour, int number, const CardStyle& style) {
  return draw_face({corsari_colours()[static_cast<std::size_t>(colour)].rgb, number, Emblem::none}, style, colour);
}

cv::Mat draw_card(CardGame game, const std::string& label, const CardStyle& style) {
  if (game == CardGame::corsari) {
    const auto [colour, number] = split_card_label(label);
    if (colour < 0) throw InputError(fmt::format("{} is not a Corsari card", quoted_token(label)));
    return draw_corsari_card(colour, number, style);
  }
  const loot::Card card = notation::parse_loot_card(label);
  const auto& colours = loot_colours();
  switch (card.kind) {
    case loot::CardKind::merchant: return draw_face({colours[0].rgb, card.value, Emblem::none}, style, 0);
    case loot::CardKind::pirate: {
      const int index = 1 + static_cast<int>(card.colour);
      return draw_face({colours[static_cast<std::size_t>(index)].rgb, card.value, Emblem::none}, style, index);
    }
    case loot::CardKind::captain: {
      const int index = 1 + static_cast<int>(card.colour);
      return draw_face({colours[static_cast<std::size_t>(index)].rgb, 0, Emblem::crown}, style, index);
    }
    case loot::CardKind::admiral: break;
  }
  return draw_face({cv::Vec3b(150, 30, 45), 0, Emblem::star}, style, 6);
}

}  // namespace qm::vision
