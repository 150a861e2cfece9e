#include "vision/dice_art.hpp"

#include <array>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"

namespace qm::vision {
namespace {

constexpr int kFaces = 6;
constexpr double kRimWidth = 0.07;  // share of the side darkened by the rounded edge

// Drawing in face units: (0, 0) top-left, (1, 1) bottom-right.
struct Canvas {
  cv::Mat image;
  double size;

  cv::Point at(double u, double v) const {
    // Fixed point with 4 fractional bits: anti-aliased shapes land between pixels.
    return {static_cast<int>(std::lround(u * size * 16)), static_cast<int>(std::lround(v * size * 16))};
  }
  int length(double d) const { return static_cast<int>(std::lround(d * size * 16)); }
  int thickness(double d) const { return std::max(1, static_cast<int>(std::lround(d * size))); }

  void disc(double u, double v, double r, cv::Scalar colour) const {
    cv::circle(image, at(u, v), length(r), colour, cv::FILLED, cv::LINE_AA, 4);
  }
  void ring(double u, double v, double r, double width, cv::Scalar colour) const {
    cv::circle(image, at(u, v), length(r), colour, thickness(width), cv::LINE_AA, 4);
  }
  void oval(double u, double v, double ru, double rv, double angle, cv::Scalar colour, double width = -1) const {
    cv::ellipse(image, at(u, v), cv::Size(length(ru), length(rv)), angle, 0, 360, colour,
                width < 0 ? cv::FILLED : thickness(width), cv::LINE_AA, 4);
  }
  void polygon(std::initializer_list<std::array<double, 2>> points, cv::Scalar colour) const {
    std::vector<cv::Point> pts;
    for (const auto& p : points) pts.push_back(at(p[0], p[1]));
    cv::fillConvexPoly(image, pts, colour, cv::LINE_AA, 4);
  }
  void outline(std::initializer_list<std::array<double, 2>> points, double width, cv::Scalar colour, bool closed) const {
    std::vector<cv::Point> pts;
    for (const auto& p : points) pts.push_back(at(p[0], p[1]));
    cv::polylines(image, pts, closed, colour, thickness(width), cv::LINE_AA, 4);
  }
  void line(double u0, double v0, double u1, double v1, double width, cv::Scalar colour) const {
    cv::line(image, at(u0, v0), at(u1, v1), colour, thickness(width), cv::LINE_AA, 4);
  }
};

const cv::Scalar kIvory(214, 232, 240);
const cv::Scalar kCream(176, 222, 236);
const cv::Scalar kWhite(236, 238, 238);

void draw_classic(const Canvas& c, int face) {
  const cv::Scalar ink(32, 30, 30);
  switch (face) {
    case 0:  // skull
      c.oval(0.5, 0.43, 0.25, 0.23, 0, ink);
      c.polygon({{0.36, 0.55}, {0.64, 0.55}, {0.62, 0.77}, {0.38, 0.77}}, ink);
      c.disc(0.40, 0.43, 0.075, kIvory);
      c.disc(0.60, 0.43, 0.075, kIvory);
      c.polygon({{0.5, 0.52}, {0.46, 0.59}, {0.54, 0.59}}, kIvory);
      for (double u : {0.44, 0.5, 0.56}) c.line(u, 0.67, u, 0.77, 0.025, kIvory);
      break;
    case 1:  // coin
      c.disc(0.5, 0.5, 0.31, cv::Scalar(35, 175, 230));
      c.ring(0.5, 0.5, 0.31, 0.04, cv::Scalar(20, 115, 175));
      c.ring(0.5, 0.5, 0.19, 0.03, cv::Scalar(20, 115, 175));
      break;
    case 2:  // diamond
      c.polygon({{0.5, 0.17}, {0.80, 0.42}, {0.5, 0.85}, {0.20, 0.42}}, cv::Scalar(205, 140, 35));
      c.line(0.22, 0.42, 0.78, 0.42, 0.025, cv::Scalar(245, 215, 150));
      c.line(0.36, 0.29, 0.5, 0.42, 0.02, cv::Scalar(245, 215, 150));
      c.line(0.64, 0.29, 0.5, 0.42, 0.02, cv::Scalar(245, 215, 150));
      break;
    case 3:  // sabre: a curved blade, a guard and a grip
      c.outline({{0.30, 0.70}, {0.42, 0.50}, {0.55, 0.34}, {0.68, 0.22}, {0.80, 0.16}}, 0.075,
                cv::Scalar(95, 95, 100), false);
      c.line(0.20, 0.62, 0.40, 0.80, 0.05, cv::Scalar(30, 125, 170));
      c.line(0.30, 0.70, 0.19, 0.84, 0.07, cv::Scalar(35, 55, 85));
      break;
    case 4:  // monkey
      c.disc(0.25, 0.42, 0.10, cv::Scalar(40, 75, 125));
      c.disc(0.75, 0.42, 0.10, cv::Scalar(40, 75, 125));
      c.disc(0.5, 0.5, 0.25, cv::Scalar(40, 75, 125));
      c.oval(0.5, 0.60, 0.16, 0.11, 0, cv::Scalar(125, 170, 210));
      c.disc(0.42, 0.43, 0.035, ink);
      c.disc(0.58, 0.43, 0.035, ink);
      break;
    default:  // parrot
      c.polygon({{0.50, 0.70}, {0.66, 0.70}, {0.70, 0.88}, {0.56, 0.88}}, cv::Scalar(200, 120, 30));
      c.oval(0.55, 0.58, 0.15, 0.25, 20, cv::Scalar(50, 150, 40));
      c.disc(0.45, 0.31, 0.13, cv::Scalar(40, 40, 205));
      c.polygon({{0.34, 0.27}, {0.25, 0.37}, {0.37, 0.37}}, cv::Scalar(20, 165, 240));
      c.disc(0.47, 0.28, 0.03, ink);
      break;
  }
}

void draw_woodcut(const Canvas& c, int face) {
  const cv::Scalar ink(40, 35, 110);
  switch (face) {
    case 0:  // skull: crossed bones
      c.line(0.25, 0.25, 0.75, 0.75, 0.07, ink);
      c.line(0.75, 0.25, 0.25, 0.75, 0.07, ink);
      for (double u : {0.22, 0.78})
        for (double v : {0.22, 0.78}) c.disc(u, v, 0.06, ink);
      break;
    case 1:  // coin: two rings and a bar
      c.ring(0.5, 0.5, 0.30, 0.05, ink);
      c.ring(0.5, 0.5, 0.16, 0.05, ink);
      c.line(0.5, 0.34, 0.5, 0.66, 0.05, ink);
      break;
    case 2:  // diamond: outlined, with its girdle
      c.outline({{0.5, 0.18}, {0.78, 0.45}, {0.5, 0.82}, {0.22, 0.45}}, 0.05, ink, true);
      c.line(0.22, 0.45, 0.78, 0.45, 0.04, ink);
      break;
    case 3:  // sabre: a straight sword with a guard
      c.line(0.25, 0.75, 0.80, 0.20, 0.06, ink);
      c.line(0.22, 0.56, 0.44, 0.78, 0.06, ink);
      c.disc(0.20, 0.80, 0.05, ink);
      break;
    case 4:  // monkey: a paw print
      c.oval(0.5, 0.62, 0.17, 0.14, 0, ink);
      c.disc(0.30, 0.38, 0.07, ink);
      c.disc(0.5, 0.30, 0.07, ink);
      c.disc(0.70, 0.38, 0.07, ink);
      break;
    default:  // parrot: a feather
      c.oval(0.5, 0.5, 0.12, 0.32, 35, ink, 0.04);
      c.line(0.31, 0.77, 0.68, 0.24, 0.035, ink);
      c.line(0.45, 0.47, 0.58, 0.52, 0.03, ink);
      c.line(0.40, 0.57, 0.53, 0.62, 0.03, ink);
      break;
  }
}

void draw_pips(const Canvas& c, int face) {
  const cv::Scalar ink(25, 25, 25);
  constexpr double kLow = 0.27, kMid = 0.5, kHigh = 0.73, kRadius = 0.085;
  const int pips = face + 1;
  if (pips % 2 == 1) c.disc(kMid, kMid, kRadius, ink);
  if (pips >= 2) {
    c.disc(kLow, kLow, kRadius, ink);
    c.disc(kHigh, kHigh, kRadius, ink);
  }
  if (pips >= 4) {
    c.disc(kHigh, kLow, kRadius, ink);
    c.disc(kLow, kHigh, kRadius, ink);
  }
  if (pips == 6) {
    c.disc(kLow, kMid, kRadius, ink);
    c.disc(kHigh, kMid, kRadius, ink);
  }
}

}  // namespace

DiceArt parse_dice_art(const std::string& name) {
  if (name == "classic") return DiceArt::classic;
  if (name == "woodcut") return DiceArt::woodcut;
  if (name == "pips") return DiceArt::pips;
  throw InputError("unknown dice art style: " + name + " (classic, woodcut or pips)");
}

std::string to_string(DiceArt art) {
  switch (art) {
    case DiceArt::classic: return "classic";
    case DiceArt::woodcut: return "woodcut";
    case DiceArt::pips: return "pips";
  }
  return "classic";
}

std::vector<std::string> face_labels(DiceArt art) {
  if (art == DiceArt::pips) return {"1", "2", "3", "4", "5", "6"};
  return notation::all_faces();
}

cv::Scalar body_colour(DiceArt art) {
  switch (art) {
    case DiceArt::classic: return kIvory;
    case DiceArt::woodcut: return kCream;
    case DiceArt::pips: return kWhite;
  }
  return kIvory;
}

cv::Mat draw_face(DiceArt art, int face, int size) {
  CV_Assert(face >= 0 && face < kFaces && size >= 16);
  Canvas canvas{cv::Mat(size, size, CV_8UC3, body_colour(art)), static_cast<double>(size)};
  switch (art) {
    case DiceArt::classic: draw_classic(canvas, face); break;
    case DiceArt::woodcut: draw_woodcut(canvas, face); break;
    case DiceArt::pips: draw_pips(canvas, face); break;
  }
  // The rounded edge turns away from the light: darken a rim that fades in from each side.
  const double rim = kRimWidth * size;
  for (int y = 0; y < size; ++y) {
    cv::Vec3b* row = canvas.image.ptr<cv::Vec3b>(y);
    for (int x = 0; x < size; ++x) {
      const double edge = std::min({x + 0.5, y + 0.5, size - x - 0.5, size - y - 0.5});
      if (edge >= rim) continue;
      const double shade = 0.55 + 0.45 * std::sqrt(edge / rim);
      for (int ch = 0; ch < 3; ++ch) row[x][ch] = cv::saturate_cast<uchar>(row[x][ch] * shade);
    }
  }
  return canvas.image;
}

}  // namespace qm::vision
