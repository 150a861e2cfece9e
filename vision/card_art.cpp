#include "vision/card_art.hpp"

#include <algorithm>
#include <random>

#include <opencv2/imgproc.hpp>

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

int corsari_colour_index(const std::string& name) {
  const auto& colours = corsari_colours();
  for (int i = 0; i < kCorsariColours; ++i) {
    if (name == colours[static_cast<std::size_t>(i)].name) return i;
  }
  return -1;
}

std::pair<int, int> split_card_label(const std::string& label) {
  std::size_t digits = label.size();
  while (digits > 0 && label[digits - 1] >= '0' && label[digits - 1] <= '9') --digits;
  if (digits == label.size() || label.size() - digits > 2) return {-1, 0};
  const int colour = corsari_colour_index(label.substr(0, digits));
  const int number = std::stoi(label.substr(digits));
  if (colour < 0 || number < 1 || number > kCorsariMaxNumber) return {-1, 0};
  return {colour, number};
}

std::string card_label(int colour, int number) {
  return std::string(corsari_colours()[static_cast<std::size_t>(colour)].name) + std::to_string(number);
}

cv::Rect card_border_strip_top() { return {20, 2, kCardWidth - 40, 4}; }
cv::Rect card_border_strip_bottom() { return {20, kCardHeight - 6, kCardWidth - 40, 4}; }
std::array<cv::Rect, 2> card_panel_strips() {
  return {cv::Rect(24, 22, kCardWidth - 48, 22), cv::Rect(24, kCardHeight - 44, kCardWidth - 48, 22)};
}
cv::Point card_number_centre() { return {kCardWidth / 2, kCardHeight / 2}; }
int card_number_radius() { return 38; }

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

}  // namespace

cv::Mat draw_corsari_card(int colour, int number, const CardStyle& style) {
  const bool classic = style.art == CardArt::classic;
  const cv::Scalar paper = classic ? cv::Scalar(246, 248, 248) : cv::Scalar(225, 240, 245);  // ivory
  cv::Mat card(kCardHeight, kCardWidth, CV_8UC3, paper);
  cv::Vec3b ink = corsari_colours()[static_cast<std::size_t>(colour)].rgb;
  if (!classic) {
    // Another printer: the same colour names, inks shifted a little (the calibration's job).
    static const std::array<cv::Vec3i, kCorsariColours> shift{{{-10, 10, 5},  {10, 5, -10}, {10, 10, -10}, {-20, -10, 0},
                                                               {-10, 0, 10},   {10, 5, 5},   {-15, 5, 5},   {-5, 15, 10},
                                                               {-10, -15, 20}, {-20, 10, -10}}};
    for (int c = 0; c < 3; ++c) ink[c] = cv::saturate_cast<uchar>(ink[c] + shift[static_cast<std::size_t>(colour)][c]);
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
    // A darker frame line inside the panel and corner ornaments: a different look.
    cv::rectangle(card, panel, bgr(ink) * 0.6, 2);
    for (const cv::Point corner : {cv::Point(panel.x + 6, panel.y + 6), cv::Point(panel.br().x - 7, panel.br().y - 7)}) {
      cv::circle(card, corner, 3, paper, cv::FILLED);
    }
  }
  const cv::Point centre = card_number_centre();
  cv::circle(card, centre, card_number_radius(), paper, cv::FILLED, cv::LINE_AA);
  // The number, fitted to a box of fixed height, and the bar under it.
  const Font font = font_of(style);
  const std::string text = std::to_string(number);
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
  cv::putText(card, text, origin, font.face, scale, cv::Scalar(25, 25, 25), font.thickness, cv::LINE_AA);
  const int bar_y = origin.y + (classic ? 8 : 9);
  cv::rectangle(card, cv::Rect(centre.x - 20, bar_y, 40, classic ? 4 : 3), cv::Scalar(25, 25, 25), cv::FILLED);
  return card;
}

}  // namespace qm::vision
