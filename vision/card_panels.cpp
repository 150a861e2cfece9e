#include "vision/card_panels.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <numbers>
#include <optional>
#include <ranges>
#include <span>
#include <utility>
#include <vector>

#include <opencv2/core/hal/intrin.hpp>
#include <opencv2/imgproc.hpp>

#include "vision/card_art.hpp"
#include "vision/card_scan.hpp"

namespace qm::vision {

bool panel_shaped(const std::vector<cv::Point>& hull, const ScanParameters& p) {
  const double fill = cv::contourArea(hull) / std::max(1.0, static_cast<double>(cv::minAreaRect(hull).size.area()));
  if (fill >= p.panel_min_rectangularity) return true;
  if (fill < p.panel_min_trapezium_fill) return false;
  std::vector<cv::Point> polygon;
  cv::approxPolyDP(hull, polygon, p.card_outline_tolerance * cv::arcLength(hull, true), true);
  return polygon.size() == 4;
}

namespace {

constexpr double kSmoothing = 1.2;  // pixels: a Gaussian this wide takes sensor noise off before gradients
constexpr int kGrow = 2;            // pixels a flat part stops short of its edge (the smoothing, the erosion)
// A blurred photo's edges are wider than kGrow: the flat panel stops further short of them, and
// the card built round it is too small for its margin to fall on the paper. Such a card is also
// tried this much larger round its centre, after the card as built (shares of its size; measured
// on the phone-photo simulator's hardest look, where most cards in rows missed were missed so).
constexpr std::array<double, 4> kBlurGrowths = {1.0, 1.03, 1.06, 1.09};
// A card fitted to its edges moves each end of each side this many of its margins in or out (at
// least kEdgeLeastReach pixels; on the phone-photo simulator's hardest look, a corner was off by
// up to a margin and a bit; 2.5 found the same cards)...
constexpr double kEdgeReach = 1.5;
constexpr int kEdgeLeastReach = 3;
// ... in steps of this share of a margin (a pixel at least), measured at this many points along
// the side at most: a large card costs no more than a small one. Pixel steps and a point every
// second pixel found the same cards at five times the cost (the pass took 17 ms a photo on the
// simulator's hardest look, against 3).
constexpr double kEdgeShiftsPerMargin = 4;
constexpr int kEdgeMostSamples = 24;
// ... to where the photo is whitest this many pixels inside the side against as far outside (the
// paper's edge, not the panel's, which is darker inside; 3 found the same cards), along the side
// but for this share at each end (a card's corners are round).
constexpr float kEdgeStep = 2;
constexpr float kEdgeCornerShare = 0.15F;
// A blurred card's edge is as wide as its margin, and the side fitted to it may lie at the
// outer end of that blur, with the margin's strips on the table or the card's shadow: the card
// fitted is also tried this much smaller round its centre.
constexpr std::array<double, 3> kFitShrinks = {1.0, 0.97, 0.94};
// A disc's panel is read on a ring round the white shape where the printed card has its panel
// (card_panel_round_disc).
// Most of that ring is the panel's one colour (a share of its pixels), not a table's pattern.
constexpr double kDiscRingOneColour = 0.7;
// How far the panel is looked for round the disc: its long side's reach on the printed card
// (half the panel's height over the disc's radius), with room for the disc's shape seen askew.
constexpr double kDiscReachSlack = 1.2;
// The outermost band of that reach, from this share of it out: a part that covers more than
// kDiscMaxOnRim of it ran out over the table.
constexpr double kDiscRimShare = 0.95;
constexpr double kDiscMaxOnRim = 0.15;
// The disc on the card found round it: its area this share of the printed disc's square at
// least and at most (white shapes take in a little of the panel or lose the disc's rim), and
// its centre this share of the card's width from the printed one.
constexpr double kDiscSizeLow = 0.6;
constexpr double kDiscSizeHigh = 1.5;
constexpr double kDiscOffCentre = 0.1;

// The photo smoothed, in 8-bit CIELAB, and each pixel's steepest colour change: the largest
// Sobel |dx| + |dy| of the three channels, so that a panel as bright as the paper but of another
// hue still has an edge.
struct Gradient {
  cv::Mat lab;
  cv::Mat steepest;  // CV_16S
};

Gradient gradient_of(const cv::Mat& bgr) {
  Gradient g;
  cv::GaussianBlur(bgr, g.lab, cv::Size(), kSmoothing);
  cv::cvtColor(g.lab, g.lab, cv::COLOR_BGR2Lab);
  cv::Mat dx;
  cv::Mat dy;
  cv::Sobel(g.lab, dx, CV_16S, 1, 0);
  cv::Sobel(g.lab, dy, CV_16S, 0, 1);
  // In one pass, eight pixels at a time with OpenCV's portable SIMD: matrix expressions of each
  // channel's sum and of their maximum made a temporary matrix of each (1.6% more of a 12 MP
  // photo's instructions, callgrind), and a plain loop over the interleaved channels was not
  // vectorised (worse still). |dx| + |dy| of an 8-bit channel is at most 2040: nothing saturates.
  g.steepest.create(g.lab.size(), CV_16S);
  const int width = g.lab.cols;
  for (int y = 0; y < g.lab.rows; ++y) {
    const short* along = dx.ptr<short>(y);
    const short* across = dy.ptr<short>(y);
    short* out = g.steepest.ptr<short>(y);
    int x = 0;
    for (; x + cv::v_int16x8::nlanes <= width; x += cv::v_int16x8::nlanes) {
      std::array<cv::v_int16x8, 3> a;
      std::array<cv::v_int16x8, 3> b;
      cv::v_load_deinterleave(along + 3 * x, a[0], a[1], a[2]);
      cv::v_load_deinterleave(across + 3 * x, b[0], b[1], b[2]);
      const cv::v_uint16x8 steepest =
          cv::v_max(cv::v_max(cv::v_abs(a[0]) + cv::v_abs(b[0]), cv::v_abs(a[1]) + cv::v_abs(b[1])), cv::v_abs(a[2]) + cv::v_abs(b[2]));
      cv::v_store(out + x, cv::v_reinterpret_as_s16(steepest));
    }
    for (; x < width; ++x) {
      int steepest = 0;
      for (int c = 0; c < 3; ++c) steepest = std::max(steepest, std::abs(along[3 * x + c]) + std::abs(across[3 * x + c]));
      out[x] = static_cast<short>(steepest);
    }
  }
  return g;
}

// The flat parts: pixels whose colour changes less than `threshold`, specks of change left out.
cv::Mat flat_parts(const Gradient& gradient, int threshold, const ScanParameters& p) {
  cv::Mat flat = gradient.steepest < threshold;
  // Sensor noise and JPEG blocks leave specks of change inside a panel; an edge is a long line.
  // Which pixels make a speck does not depend on the labelling algorithm; Grana's block-based
  // one labelled these sparse edge maps 1.3 to 2.1 times as fast as OpenCV 4.6's default (three
  // photos). Only the specks' sizes are wanted: counted here, they cost less than OpenCV's
  // statistics, which also sum every pixel's position for a centroid.
  cv::Mat speck_labels;
  const int specks = cv::connectedComponents(~flat, speck_labels, 8, CV_32S, cv::CCL_GRANA);
  std::vector<int> speck_sizes(static_cast<std::size_t>(specks), 0);
  for (int y = 0; y < speck_labels.rows; ++y) {
    const int* label = speck_labels.ptr<int>(y);
    for (int x = 0; x < speck_labels.cols; ++x) ++speck_sizes[static_cast<std::size_t>(label[x])];
  }
  std::vector<uchar> speck(static_cast<std::size_t>(specks), 0);
  for (int i = 1; i < specks; ++i) speck[static_cast<std::size_t>(i)] = speck_sizes[static_cast<std::size_t>(i)] <= p.panel_max_speck ? 255 : 0;
  for (int y = 0; y < flat.rows; ++y) {
    const int* label = speck_labels.ptr<int>(y);
    uchar* out = flat.ptr<uchar>(y);
    for (int x = 0; x < flat.cols; ++x) out[x] |= speck[static_cast<std::size_t>(label[x])];
  }
  // A thin bridge of flat pixels (a blurred corner, a stripe touching a card) must not join a panel to the table.
  cv::erode(flat, flat, cv::getStructuringElement(cv::MORPH_RECT, {3, 3}));
  return flat;
}

// A labelled part of the photo: how many pixels, their box, their mean colour in CIELAB units
// (L 0..100, a and b about 0).
struct Part {
  int pixels = 0;
  cv::Rect box;
  cv::Vec3f colour;
};

// Each labelled part's size, box and mean colour (from 8-bit Lab), in one pass: OpenCV's
// statistics of a labelling also sum every pixel's position for a centroid, which no check uses.
std::vector<Part> parts_of(const cv::Mat& lab, const cv::Mat& labels, int count) {
  // Whole-number sums: exact, as double sums were (far below 2^53), and divided as cv::Vec3d's
  // division did (times the reciprocal), so the means are the same to the bit.
  struct Sum {
    std::array<std::int64_t, 3> channels{};
    int pixels = 0;
    int left = 0;
    int top = 0;
    int right = 0;
    int bottom = 0;
  };
  std::vector<Sum> sums(static_cast<std::size_t>(count));
  for (int y = 0; y < lab.rows; ++y) {
    const int* label = labels.ptr<int>(y);
    const uchar* colour = lab.ptr<uchar>(y);
    // A row is runs of one label: the box grows once a run, the sums pixel by pixel.
    for (int x = 0; x < lab.cols;) {
      const int part = label[x];
      const int start = x;
      std::array<int, 3> run{};
      for (; x < lab.cols && label[x] == part; ++x, colour += 3) {
        run[0] += colour[0];
        run[1] += colour[1];
        run[2] += colour[2];
      }
      Sum& sum = sums[static_cast<std::size_t>(part)];
      if (sum.pixels == 0) {  // rows come in order: a part's first run is on its top row
        sum.left = start;
        sum.right = x - 1;
        sum.top = y;
      }
      for (std::size_t c = 0; c < 3; ++c) sum.channels[c] += run[c];
      sum.pixels += x - start;
      sum.left = std::min(sum.left, start);
      sum.right = std::max(sum.right, x - 1);
      sum.bottom = y;
    }
  }
  std::vector<Part> parts(static_cast<std::size_t>(count));
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const Sum& sum = sums[i];
    if (sum.pixels == 0) continue;
    const double per_pixel = 1.0 / static_cast<double>(sum.pixels);
    const cv::Vec3d m(static_cast<double>(sum.channels[0]) * per_pixel, static_cast<double>(sum.channels[1]) * per_pixel,
                      static_cast<double>(sum.channels[2]) * per_pixel);
    parts[i] = {sum.pixels, cv::Rect(sum.left, sum.top, sum.right - sum.left + 1, sum.bottom - sum.top + 1),
                cv::Vec3f(static_cast<float>(m[0] * 100 / 255), static_cast<float>(m[1] - 128), static_cast<float>(m[2] - 128))};
  }
  return parts;
}

// The outer outline of part `label` (inside `box`), grown back to the edge it stopped short of.
std::vector<cv::Point> outline_of(const cv::Mat& labels, int label, const cv::Rect& box) {
  const cv::Rect padded = cv::Rect(box.x - 2 * kGrow, box.y - 2 * kGrow, box.width + 4 * kGrow, box.height + 4 * kGrow) &
                          cv::Rect(0, 0, labels.cols, labels.rows);
  cv::Mat part = labels(padded) == label;
  cv::dilate(part, part, cv::getStructuringElement(cv::MORPH_ELLIPSE, {2 * kGrow + 1, 2 * kGrow + 1}));
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(part, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE, padded.tl());
  if (contours.empty()) return {};
  return *std::max_element(contours.begin(), contours.end(), [](const auto& a, const auto& b) { return a.size() < b.size(); });
}

// Whether every corner of `quad` lies on a pixel of the photo `frame`.
bool inside_photo(const Quad& quad, const cv::Rect& frame) {
  return std::all_of(quad.begin(), quad.end(), [&](const cv::Point2f& c) { return frame.contains(cv::Point(cvFloor(c.x), cvFloor(c.y))); });
}

// The card round a panel whose convex hull is `hull`: nullopt when the hull is not a panel's
// shape (four-cornered, a card's proportions seen at up to about 40 degrees: looks_like_card
// tells a card from a square) or the card would leave the photo. Seen so far off along its
// length that its panel looks square, a card is built its width along the panel's shorter side
// either way (the margins it adds differ by a pixel or two): warp_card turns it where its disc
// is round the other way.
std::optional<Quad> card_of_panel_hull(const std::vector<cv::Point>& hull, const cv::Rect& frame, const ScanParameters& p) {
  if (hull.size() < 3 || !panel_shaped(hull, p)) return std::nullopt;
  const Quad panel = short_side_first(four_corners_of(hull, p.card_outline_tolerance));
  const cv::Rect printed = card_panel();
  const double as_card = static_cast<double>(printed.width) / printed.height * kCardHeight / kCardWidth;
  const double aspect = long_over_short(panel) * as_card;
  if (aspect < p.panel_min_card_aspect || aspect > p.panel_max_card_aspect) return std::nullopt;
  const Quad card = card_round_panel(panel);
  if (!inside_photo(card, frame)) return std::nullopt;
  return card;
}

// The pixels of `lab` under `mask` inside `area`: their channels `first` to `last`, each in a
// list of its own, gathered in one pass.
std::array<std::vector<float>, 3> channel_values(const cv::Mat& lab, const cv::Rect& area, const cv::Mat& mask, int first, int last) {
  std::array<std::vector<float>, 3> values;
  for (int c = first; c <= last; ++c) values[static_cast<std::size_t>(c)].reserve(static_cast<std::size_t>(area.area()));
  for (int y = area.y; y < area.br().y; ++y) {
    const cv::Vec3f* row = lab.ptr<cv::Vec3f>(y);
    const uchar* under = mask.empty() ? nullptr : mask.ptr<uchar>(y);
    for (int x = area.x; x < area.br().x; ++x)
      if (!under || under[x])
        for (int c = first; c <= last; ++c) values[static_cast<std::size_t>(c)].push_back(row[x][c]);
  }
  return values;
}

// The `share` quantile (0.5: the median) of `values`, which it reorders; nullopt when empty.
std::optional<float> quantile(std::vector<float>& values, double share) {
  if (values.empty()) return std::nullopt;
  const auto index = std::min(values.size() - 1, static_cast<std::size_t>(static_cast<double>(values.size()) * share));
  const auto at = values.begin() + static_cast<long>(index);
  std::nth_element(values.begin(), at, values.end());
  return *at;
}

// The median CIELAB colour (L 0..100) of the pixels of `lab` under `mask` inside `area`.
cv::Vec3f median_lab(const cv::Mat& lab, const cv::Rect& area, const cv::Mat& mask = {}) {
  // One pass for the three channels: a pass for each cost 1.1% more of a real photo's instructions.
  std::array<std::vector<float>, 3> values = channel_values(lab, area, mask, 0, 2);
  cv::Vec3f result;
  for (std::size_t c = 0; c < 3; ++c) {
    const std::optional<float> median = quantile(values[c], 0.5);
    if (!median) return {};
    result[static_cast<int>(c)] = *median;
  }
  return result;
}

double distance(const cv::Vec3f& a, const cv::Vec3f& b) { return cv::norm(a - b); }

// The square round the number's disc.
cv::Rect disc_box() {
  const cv::Point centre = card_number_centre();
  const int r = card_number_radius();
  return {centre.x - r, centre.y - r, 2 * r, 2 * r};
}

// The share of full light that falls on paper of lightness `paper` (CIELAB L), paper as light as
// card_check_ink_lit_paper taken as fully lit: under light k times as strong, L + 16 grows
// k^(1/3) times, and so does a contrast seen on that paper.
double light_on_paper(double paper, const ScanParameters& p) { return std::min(1.0, (paper + 16.0) / (p.card_check_ink_lit_paper + 16.0)); }

// A card warped upright (kCardWidth x kCardHeight), in float CIELAB part by part as the checks
// ask for the parts (the square round its disc, its margin's and panel's strips, its panel's
// sides). Float CIELAB of the whole card cost 3.4% more of a 12 MP photo's instructions
// (callgrind), for pixels no check reads; and most shapes tried fail the first check, the ink in
// the disc, before any other part is read (8,286 of 11,782 on 100 real playing-card photos).
// Only converted parts are read, so the rest is left unset (zeroing it cost 2% of a real photo's).
class PrintedColours {
 public:
  explicit PrintedColours(cv::Mat card) : card_(std::move(card)), lab_(card_.size(), CV_32FC3) {
    CV_Assert(card_.type() == CV_8UC3 && card_.cols == kCardWidth && card_.rows == kCardHeight);
  }

  // The median colour of `part` (under `mask`, the card's size, if given).
  cv::Vec3f median(const cv::Rect& part, const cv::Mat& mask = {}) { return median_lab(converted(part), part, mask); }
  // Channel `c` of the pixels in `part` under `mask`.
  std::vector<float> values(const cv::Rect& part, const cv::Mat& mask, int c) {
    return channel_values(converted(part), part, mask, c, c)[static_cast<std::size_t>(c)];
  }

  // The median colours of its four margin strips (and their mean) and of its panel above and below the disc.
  struct PaperAndPanel {
    std::array<cv::Vec3f, 4> margins;
    cv::Vec3f margin;
    cv::Vec3f panel_top;
    cv::Vec3f panel_bottom;
  };
  const PaperAndPanel& paper_and_panel() {
    if (!measured_) {
      const cv::Rect left = card_border_strip_left();
      const cv::Rect right(kCardWidth - left.br().x, left.y, left.width, left.height);
      PaperAndPanel m;
      m.margins = {median(card_border_strip_top()), median(card_border_strip_bottom()), median(left), median(right)};
      for (const cv::Vec3f& margin : m.margins) m.margin += margin / 4.0F;
      const auto strips = card_panel_strips();
      m.panel_top = median(strips[0]);
      m.panel_bottom = median(strips[1]);
      measured_ = m;
    }
    return *measured_;
  }

  // The paper of the number's disc (a ring inside its rim, out of the number's way), where the
  // disc holds ink: every card of the deck carries a number or an emblem printed dark in its disc,
  // its darkest ink much darker than the disc's paper (a flat patch of table has none). nullopt
  // where it holds none. Measured once: a card is asked with one set of parameters, and
  // card_as_printed asks again where the card did not look like a card.
  const std::optional<cv::Vec3f>& inked_disc_paper(const ScanParameters& p) {
    if (!inked_disc_paper_) inked_disc_paper_ = measured_inked_disc_paper(p);
    return *inked_disc_paper_;
  }

 private:
  std::optional<cv::Vec3f> measured_inked_disc_paper(const ScanParameters& p) {
    const cv::Size card(kCardWidth, kCardHeight);
    const cv::Point centre = card_number_centre();
    const int r = card_number_radius();
    cv::Mat ring = cv::Mat::zeros(card, CV_8U);
    cv::circle(ring, centre, static_cast<int>(r * p.card_check_disc_outer), 255, cv::FILLED);
    cv::circle(ring, centre, static_cast<int>(r * p.card_check_disc_inner), 0, cv::FILLED);
    const cv::Vec3f disc = median(disc_box(), ring);
    cv::Mat within = cv::Mat::zeros(card, CV_8U);
    cv::circle(within, centre, static_cast<int>(r * p.card_check_disc_inner), 255, cv::FILLED);
    // The L of the disc inside its ring, taken once for both the ink and (in shade) the middle.
    std::vector<float> inside_light = values(disc_box(), within, 0);
    const std::optional<float> darkest = quantile(inside_light, p.card_check_ink_share);
    if (!darkest) return std::nullopt;
    const double contrast = disc[0] - *darkest;
    if (contrast >= p.card_check_ink_contrast) return disc;
    // In shade the ink lies nearer the paper (light_on_paper). A card in a shadow asks that much
    // less of its ink...
    if (contrast < p.card_check_ink_contrast * light_on_paper(disc[0], p)) return std::nullopt;
    // ... and so does dark table with darker grain in it (wood): but the disc inside its ring is
    // its paper and the number's ink, never lighter than that paper (the grain's light streaks are).
    const std::optional<float> inside = quantile(inside_light, 0.5);
    if (!inside || *inside > disc[0] + p.card_check_dim_disc_lighter) return std::nullopt;
    return disc;
  }

  // The card in CIELAB, converted in `part` at least.
  const cv::Mat& converted(const cv::Rect& part) {
    // A part inside one converted already (a panel strip's half) was converted with it.
    const auto holds_part = [&](const cv::Rect& done) { return (done & part) == part; };
    if (std::ranges::none_of(converted_, holds_part)) {
      cv::Mat scaled;
      card_(part).convertTo(scaled, CV_32F, 1.0 / 255);
      cv::cvtColor(scaled, lab_(part), cv::COLOR_BGR2Lab);
      converted_.push_back(part);
    }
    return lab_;
  }

  cv::Mat card_;
  cv::Mat lab_;
  std::vector<cv::Rect> converted_;
  std::optional<PaperAndPanel> measured_;
  std::optional<std::optional<cv::Vec3f>> inked_disc_paper_;
};

// How many degrees the line from `from` to `to` runs off the nearer of the sides of a rectangle
// turned `turn` degrees (0..45).
double skew_off_sides(const cv::Point2f& from, const cv::Point2f& to, double turn) {
  const double line = std::atan2(to.y - from.y, to.x - from.x) * 180 / std::numbers::pi;
  const double off = std::fmod(std::abs(line - turn), 90.0);
  return std::min(off, 90 - off);
}

// The panel above the disc and below it are one colour, though light may fall off along the
// card (a lamp at one end): then each is still one colour across the card, and the paper darkens
// towards the same end. A merged shape of fanned cards taken for one card is not one colour
// across: its cards' panels lie side by side.
bool panel_one_colour(PrintedColours& colours, const ScanParameters& p) {
  const auto& measured = colours.paper_and_panel();
  const double spread = distance(measured.panel_top, measured.panel_bottom);
  if (spread <= p.card_check_panel_spread) return true;
  if (spread > p.card_check_falloff_spread) return false;
  for (const cv::Rect& strip : card_panel_strips()) {
    const int half = strip.width / 2;
    const cv::Rect left(strip.x, strip.y, half, strip.height);
    const cv::Rect right(strip.x + half, strip.y, strip.width - half, strip.height);
    if (distance(colours.median(left), colours.median(right)) > p.card_check_falloff_even) return false;
  }
  const double panel_fall = measured.panel_top[0] - measured.panel_bottom[0];  // in L, top to bottom
  const double margin_fall = measured.margins[0][0] - measured.margins[1][0];  // the top strip and the bottom one
  return panel_fall * margin_fall > 0 && std::abs(margin_fall) >= p.card_check_falloff_margin_share * std::abs(panel_fall);
}

// How far apart the panel and the paper must be. In shade colours fade towards grey and a panel
// lies nearer its paper (light_on_paper, as for the ink), and a card in shade is asked less, down
// to card_check_dim_panel_share of the contrast, where it still shows what shade leaves of a
// card: its paper grey (wood or a coloured box in shade is not) and its panel darker than that
// paper (printed ink never lighter).
double panel_contrast_asked(const cv::Vec3f& margin, const cv::Vec3f& disc, const cv::Vec3f& panel, const ScanParameters& p) {
  const bool shows_as_in_shade = std::hypot(margin[1], margin[2]) <= p.card_check_dim_paper_chroma * margin[0] &&
                                 panel[0] <= std::min(margin[0], disc[0]) - p.card_check_dim_panel_darker;
  if (!shows_as_in_shade) return p.card_check_panel_contrast;
  return p.card_check_panel_contrast * std::max(p.card_check_dim_panel_share, light_on_paper(margin[0], p));
}

// A warped card's printed colours are measured once and asked both questions of card_as_printed.
bool looks_like_card(PrintedColours& colours, const ScanParameters& p) {
  const std::optional<cv::Vec3f>& inked = colours.inked_disc_paper(p);
  if (!inked) return false;
  const cv::Vec3f& disc = *inked;
  // The margin is one paper all round, though light may fall unevenly across the card.
  const auto& measured = colours.paper_and_panel();
  const cv::Vec3f& margin = measured.margin;
  for (const cv::Vec3f& m : measured.margins)
    if (distance(m, margin) > p.card_check_margin_spread) return false;
  const cv::Vec3f panel = (measured.panel_top + measured.panel_bottom) / 2.0F;
  return panel_one_colour(colours, p) && distance(disc, margin) <= p.card_check_paper_difference &&
         std::min(distance(panel, margin), distance(panel, disc)) >= panel_contrast_asked(margin, disc, panel, p);
}

bool panel_rings_disc(PrintedColours& colours) {
  const auto& measured = colours.paper_and_panel();
  const cv::Vec3f panel = (measured.panel_top + measured.panel_bottom) / 2.0F;
  return std::ranges::any_of(card_panel_sides(), [&](const cv::Rect& side) {
    const cv::Vec3f seen = colours.median(side);
    return distance(seen, panel) < distance(seen, measured.margin);
  });
}

// Whether a card built round a panel shows the printed layout, its panel round its disc: nothing
// but the panel says that a card lies there (card_as_printed).
bool shows_printed_layout(PrintedColours& colours, const ScanParameters& p) { return looks_like_card(colours, p) && panel_rings_disc(colours); }

}  // namespace

Quad card_round_panel(const Quad& panel) {
  // The printed panel's corners, its short side first as the panel's.
  const cv::Mat h = cv::getPerspectiveTransform(corners_of(cv::Rect2f(card_panel())).data(), panel.data());
  return order_corners(mapped(h, corners_of(cv::Rect2f(0, 0, kCardWidth, kCardHeight))));
}

bool looks_like_card(const cv::Mat& card, const ScanParameters& p) {
  PrintedColours colours(card);
  return looks_like_card(colours, p);
}

bool panel_rings_disc(const cv::Mat& card) {
  PrintedColours colours(card);
  return panel_rings_disc(colours);
}

Quad card_fitted_to_edges(const cv::Mat& bgr, const Quad& card) {
  CV_Assert(bgr.type() == CV_8UC3);
  const Quad ordered = order_corners(card);
  const cv::Point2f centre = centre_of(ordered);
  const double width = std::min(side_length(ordered[0], ordered[1]), side_length(ordered[1], ordered[2]));
  const double margin = width * (kCardWidth - card_panel().width) / 2 / kCardWidth;
  const double shift = std::max(1.0, margin / kEdgeShiftsPerMargin);
  const int reach = std::max(kEdgeLeastReach, static_cast<int>(std::lround(kEdgeReach * margin / shift)));
  const auto whiteness = [&](const cv::Point2f& at) {
    const cv::Vec3b& colour = bgr.at<cv::Vec3b>(std::clamp(cvRound(at.y), 0, bgr.rows - 1), std::clamp(cvRound(at.x), 0, bgr.cols - 1));
    return static_cast<int>(std::min({colour[0], colour[1], colour[2]}));
  };
  std::array<std::array<cv::Point2f, 2>, 4> sides;
  for (std::size_t i = 0; i < 4; ++i) {
    const cv::Point2f a = ordered[i];
    const cv::Point2f b = ordered[(i + 1) % 4];
    cv::Point2f inwards(b.y - a.y, a.x - b.x);
    inwards /= static_cast<float>(cv::norm(inwards));
    if (inwards.dot(centre - (a + b) / 2.0F) < 0) inwards = -inwards;
    const cv::Point2f step = inwards * kEdgeStep;
    const int samples = std::clamp(static_cast<int>(side_length(a, b) / 2), 2, kEdgeMostSamples);
    long best = std::numeric_limits<long>::min();
    sides[i] = {a, b};
    for (int moved_a = -reach; moved_a <= reach; ++moved_a)
      for (int moved_b = -reach; moved_b <= reach; ++moved_b) {
        const cv::Point2f from = a + inwards * static_cast<float>(moved_a * shift);
        const cv::Point2f to = b + inwards * static_cast<float>(moved_b * shift);
        long whiter_inside = 0;
        for (int k = 0; k < samples; ++k) {
          const float along = kEdgeCornerShare + (1 - 2 * kEdgeCornerShare) * static_cast<float>(k) / static_cast<float>(samples - 1);
          const cv::Point2f at = from + (to - from) * along;
          whiter_inside += whiteness(at + step) - whiteness(at - step);
        }
        if (whiter_inside > best) {
          best = whiter_inside;
          sides[i] = {from, to};
        }
      }
  }
  Quad fitted;
  for (std::size_t i = 0; i < 4; ++i) {
    const auto& before = sides[(i + 3) % 4];
    const auto& after = sides[i];
    fitted[i] = lines_meet(before[0], before[1], after[0], after[1]).value_or(ordered[i]);
  }
  return fitted;
}

namespace {

// The card at the first of `sizes` (shares of it round its centre, the first 1) at which it shows
// the printed layout, as card_as_printed asks; nullopt where it shows it at none, or one leaves
// the photo. Tells also whether the card as given holds ink in its number's disc: the middle of a
// card, whatever its sides.
std::optional<Quad> printed_at_a_size(const cv::Mat& bgr, const Quad& card, std::span<const double> sizes, const ScanParameters& p,
                                      bool& disc_inked) {
  const cv::Rect frame(0, 0, bgr.cols, bgr.rows);
  disc_inked = false;
  for (const double size : sizes) {
    const Quad sized = scaled_round_centre(card, size);
    if (!inside_photo(sized, frame)) return std::nullopt;
    PrintedColours colours(warp_card(bgr, sized));
    if (shows_printed_layout(colours, p)) return sized;
    if (size == sizes.front()) disc_inked = colours.inked_disc_paper(p).has_value();
  }
  return std::nullopt;
}

}  // namespace

std::optional<Quad> card_as_printed(const cv::Mat& bgr, const Quad& card, const ScanParameters& p) {
  bool disc_inked = false;
  return printed_at_a_size(bgr, card, kBlurGrowths, p, disc_inked);
}

std::optional<Quad> card_round_disc(const cv::Mat& bgr, const Quad& disc, const ScanParameters& p) {
  const double reach = static_cast<double>(card_panel().height) / 2 / card_number_radius() * kDiscReachSlack;
  const Quad outer = scaled_round_centre(disc, reach);
  const cv::Rect frame(0, 0, bgr.cols, bgr.rows);
  const cv::Rect window = cv::boundingRect(std::vector<cv::Point2f>(outer.begin(), outer.end())) & frame;
  if (window.width < 3 || window.height < 3) return std::nullopt;
  // The window smoothed, in float CIELAB, converted part by part: the blur reads the photo round
  // a part, so its pixels are those of the whole window converted at once.
  cv::Mat lab(window.size(), CV_32FC3);
  const auto convert = [&](const cv::Rect& part) {
    if (part.empty()) return;
    cv::Mat smooth;
    cv::GaussianBlur(bgr(part + window.tl()), smooth, cv::Size(), kSmoothing);
    smooth.convertTo(smooth, CV_32F, 1.0 / 255);
    cv::cvtColor(smooth, lab(part), cv::COLOR_BGR2Lab);
  };
  const auto [inner_share, outer_share] = card_panel_round_disc();
  const Quad ring_outer = scaled_round_centre(disc, outer_share);
  const cv::Mat ring = mask_of(ring_outer, window) & ~mask_of(scaled_round_centre(disc, inner_share), window);
  const cv::Mat inside = mask_of(disc, window);
  if (cv::countNonZero(ring) == 0 || cv::countNonZero(inside) == 0) return std::nullopt;
  // The ring and the disc are judged first, from their box alone (the masks are empty beyond
  // it): a third of the shapes tried fail there (238 of 724 on the real playing-card photos),
  // before the rest of the window, several times as many pixels, is converted.
  const cv::Rect ring_box = ((cv::boundingRect(std::vector<cv::Point2f>(ring_outer.begin(), ring_outer.end())) & frame) - window.tl()) &
                            cv::Rect(cv::Point(0, 0), window.size());
  convert(ring_box);
  const cv::Vec3f panel = median_lab(lab, ring_box, ring);
  const cv::Vec3f paper = median_lab(lab, ring_box, inside);
  const double contrast = distance(panel, paper);
  if (contrast < p.card_check_panel_contrast) return std::nullopt;  // white round white: no panel
  // The panel's pixels: nearer its colour than the paper's (and, below, within the panel's reach),
  // marked part by part as they are converted; how many of them lie on the ring.
  cv::Mat near(window.size(), CV_8U);
  const auto mark_near = [&](const cv::Rect& part) {
    int on_ring_near = 0;
    for (int y = part.y; y < part.br().y; ++y) {
      const cv::Vec3f* colour = lab.ptr<cv::Vec3f>(y);
      const uchar* on_ring = ring.ptr<uchar>(y);
      uchar* out = near.ptr<uchar>(y);
      for (int x = part.x; x < part.br().x; ++x) {
        const bool like_panel = distance(colour[x], panel) < contrast / 2;
        out[x] = like_panel ? 255 : 0;
        on_ring_near += like_panel && on_ring[x];
      }
    }
    return on_ring_near;
  };
  if (mark_near(ring_box) < kDiscRingOneColour * cv::countNonZero(ring)) return std::nullopt;
  // The rest of the window: the bands above and below the ring's box, and either side of it.
  for (const cv::Rect& band : {cv::Rect(0, 0, window.width, ring_box.y), cv::Rect(0, ring_box.br().y, window.width, window.height - ring_box.br().y),
                               cv::Rect(0, ring_box.y, ring_box.x, ring_box.height),
                               cv::Rect(ring_box.br().x, ring_box.y, window.width - ring_box.br().x, ring_box.height)}) {
    convert(band);
    mark_near(band);
  }
  near &= mask_of(outer, window);
  // The panel joined to the disc it rings, its thin bridges to a table of its colour cut.
  cv::morphologyEx(near, near, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE, {3, 3}));
  near |= inside;
  cv::Mat labels;
  cv::connectedComponents(near, labels, 8, CV_32S);
  const cv::Point2f centre = centre_of(disc) - cv::Point2f(window.tl());
  const cv::Point seed(std::clamp(cvRound(centre.x), 0, window.width - 1), std::clamp(cvRound(centre.y), 0, window.height - 1));
  const int label = labels.at<int>(seed);
  if (label == 0) return std::nullopt;
  const cv::Mat panel_part = labels == label;
  // A panel ends well inside that reach; a part that runs out to it is the table's colour.
  const cv::Mat rim = mask_of(outer, window) & ~mask_of(scaled_round_centre(disc, reach * kDiscRimShare), window);
  if (cv::countNonZero(panel_part & rim) > kDiscMaxOnRim * cv::countNonZero(rim)) return std::nullopt;
  std::vector<cv::Point> points;
  cv::findNonZero(panel_part, points);
  std::vector<cv::Point> hull;
  cv::convexHull(points, hull);
  for (cv::Point& point : hull) point += window.tl();
  const auto card = card_of_panel_hull(hull, frame, p);
  if (!card) return std::nullopt;
  const auto printed_card = card_as_printed(bgr, *card, p);
  if (!printed_card) return std::nullopt;
  // The shape must be that card's disc: at its centre and of its size on the printed card (a
  // panel that ran out over a table of its colour makes a card far too big for it).
  const cv::Mat to_card = cv::getPerspectiveTransform(short_side_first(order_corners(*printed_card)).data(),
                                                      corners_of(cv::Rect2f(0, 0, kCardWidth, kCardHeight)).data());
  const Quad seen = mapped(to_card, disc);
  const double disc_side = 2.0 * card_number_radius();
  const double size = polygon_area(seen) / (disc_side * disc_side);
  if (size < kDiscSizeLow || size > kDiscSizeHigh || cv::norm(centre_of(seen) - cv::Point2f(card_number_centre())) > kDiscOffCentre * kCardWidth)
    return std::nullopt;
  return printed_card;
}

namespace {

// Whether `point` lies in a card known or found before.
bool in_a_card(const cv::Point2f& point, const std::vector<Quad>& known, const std::vector<Quad>& found) {
  const auto holds_point = [&](const Quad& card) { return holds(card, point); };
  return std::ranges::any_of(known, holds_point) || std::ranges::any_of(found, holds_point);
}

// The card fitted to the photo's edges (card_fitted_to_edges) where it looks like a card of the
// printed layout (as card_as_printed asks), as fitted or a little smaller (kFitShrinks).
std::optional<Quad> fitted_card_as_printed(const cv::Mat& bgr, const Quad& card, const ScanParameters& p) {
  const Quad fitted = card_fitted_to_edges(bgr, card);
  // A card seen whole, so of a card's proportions seen whole: built round the part of a fanned
  // card's panel that shows, too long for a card, a card fitted to what shows of it hid the
  // fanned card itself.
  const double aspect = long_over_short(fitted);
  if (aspect < p.card_min_aspect || aspect > p.card_max_aspect) return std::nullopt;
  bool disc_inked = false;
  return printed_at_a_size(bgr, fitted, kFitShrinks, p, disc_inked);
}

// The cards whose panels are flat parts of the photo at `threshold` (flat_parts), added to
// `found` unless their centre lies in a card known or found before; the cards built round a
// panel that did not look like a card, to `misfits`.
void add_cards_at(const cv::Mat& bgr, const Gradient& gradient, int threshold, const ScanParameters& p,
                  const std::vector<Quad>& known, std::vector<Quad>& found, std::vector<Quad>& misfits) {
  const cv::Mat flat = flat_parts(gradient, threshold, p);
  cv::Mat labels;
  const int count = cv::connectedComponents(flat, labels, 4, CV_32S);
  const std::vector<Part> measured = parts_of(gradient.lab, labels, count);
  const double image_area = static_cast<double>(bgr.cols) * bgr.rows;
  const cv::Rect frame(0, 0, bgr.cols, bgr.rows);
  const double card_area = kCardWidth * kCardHeight;
  const double panel_share = card_panel().area() / card_area;
  const double disc_share = card_disc_share();
  const auto box_of = [&](int i) { return measured[static_cast<std::size_t>(i)].box; };
  const auto pixels_of = [&](int i) { return measured[static_cast<std::size_t>(i)].pixels; };
  const auto colour_of = [&](int i) { return measured[static_cast<std::size_t>(i)].colour; };
  // A part's outline is wanted again as another part's half or piece: traced once.
  std::vector<std::vector<cv::Point>> outlines(static_cast<std::size_t>(count));
  const auto outline_at = [&](int i) -> const std::vector<cv::Point>& {
    auto& outline = outlines[static_cast<std::size_t>(i)];
    if (outline.empty()) outline = outline_of(labels, i, box_of(i));
    return outline;
  };
  // A card is kept from the convex hull of one part or of several together, which is the hull
  // of their hulls: each part's is taken once, and the parts' hulls are put together.
  std::vector<std::vector<cv::Point>> hulls(static_cast<std::size_t>(count));
  const auto hull_at = [&](int i) -> const std::vector<cv::Point>& {
    auto& hull = hulls[static_cast<std::size_t>(i)];
    if (hull.empty()) cv::convexHull(outline_at(i), hull);
    return hull;
  };
  // How its hull's rotated rectangle is turned, degrees: asked only of parts paired with a far
  // half, which are few, so taken each time (kept per part, in a list as long as the parts, it
  // cost 0.2% more of a 12 MP photo's instructions under callgrind).
  const auto turn_at = [&](int i) { return cv::minAreaRect(hull_at(i)).angle; };
  // One part's hull, or the points of several hulls; a card refused is fitted to its edges later
  // only if `may_fit`.
  const auto keep = [&](const std::vector<cv::Point>& points, bool may_fit) {
    std::vector<cv::Point> hull;
    cv::convexHull(points, hull);
    const auto card = card_of_panel_hull(hull, frame, p);
    if (!card) return;
    if (in_a_card(centre_of(*card), known, found)) return;
    bool disc_inked = false;
    if (const auto printed = printed_at_a_size(bgr, *card, kBlurGrowths, p, disc_inked)) found.push_back(*printed);
    else if (disc_inked && may_fit) misfits.push_back(*card);
  };
  // Parts big enough to be a piece of the smallest card's panel; the rest are specks and glyphs.
  const double least_piece = image_area * p.card_min_area * disc_share * p.panel_min_flat_share * p.disc_min_piece;
  std::vector<int> parts;
  for (int i = 1; i < count; ++i)
    if (pixels_of(i) >= least_piece) parts.push_back(i);
  for (const int i : parts) {
    const int pixels = pixels_of(i);
    const bool panel_sized = pixels >= image_area * p.card_min_area * panel_share * p.panel_min_flat_share &&
                             pixels <= image_area * p.card_max_area * panel_share;
    const bool disc_sized = pixels >= image_area * p.card_min_area * disc_share * p.panel_min_flat_share &&
                            pixels <= image_area * p.card_max_area * disc_share;
    if (!panel_sized && !disc_sized) continue;
    const cv::Rect box = box_of(i);
    // Its outline fills at least half its box, seen at any angle: a stripe or a streak does not.
    if (pixels < p.panel_min_flat_share * box.area() / 2) continue;
    const std::vector<cv::Point>& outline = outline_at(i);
    if (outline.size() < 5) continue;
    const double outline_area = cv::contourArea(outline);
    if (pixels < p.panel_min_flat_share * outline_area) continue;  // a ring: a card's margin, a frame
    // A panel seen whole: one flat ring of colour round the number's disc.
    if (panel_sized) keep(hull_at(i), true);
    // A panel that the disc's rim cuts in two where it comes close to the panel's sides: a
    // piece of the same colour close by is its other half. Where the card is seen at an angle
    // that narrows it, the disc parts halves as far apart as they are wide: a piece that far
    // off is the other half only along a side of one of them, as the panel's two ends lie (on a
    // gingham, cells of one colour lie diagonally a cell apart), and only as built: fitted to the
    // edges, two patches of one colour that far apart made a card of two cards side by side.
    const double size = std::max(box.width, box.height);
    const auto reach_round = [&](double share) {
      const int reach = static_cast<int>(size * share);
      return cv::Rect(box.x - reach, box.y - reach, box.width + 2 * reach, box.height + 2 * reach);
    };
    const cv::Rect near = reach_round(p.panel_halves_gap);
    const cv::Rect far = reach_round(p.panel_halves_far_gap);
    // A panel's end covers the middle of its box; a whole panel's middle is its disc (two cards of
    // one colour a card apart in a row are two whole panels, not two ends).
    const cv::Point2f middle = centre_of(corners_of(cv::Rect2f(box)));
    const bool an_end = labels.at<int>(cv::Point(middle)) == i;
    for (const int j : parts) {
      if (j <= i || pixels_of(j) * p.panel_halves_ratio < pixels || pixels * p.panel_halves_ratio < pixels_of(j)) continue;
      if ((box_of(j) & far).empty()) continue;
      if (distance(colour_of(j), colour_of(i)) > p.card_check_panel_spread) continue;
      const bool close = !(box_of(j) & near).empty();
      if (!close) {
        const cv::Point2f other_middle = centre_of(corners_of(cv::Rect2f(box_of(j))));
        if (!an_end || labels.at<int>(cv::Point(other_middle)) != j) continue;
        if (std::min(skew_off_sides(middle, other_middle, turn_at(i)), skew_off_sides(middle, other_middle, turn_at(j))) > p.panel_halves_max_skew)
          continue;
      }
      std::vector<cv::Point> both = hull_at(i);
      const std::vector<cv::Point>& other = hull_at(j);
      both.insert(both.end(), other.begin(), other.end());
      keep(both, close);
    }
    // The number's disc, where the disc's rim cuts the panel round it into pieces: the panel is
    // the disc with the pieces of one colour, not the paper's, that lie close round it.
    if (!disc_sized) continue;
    const auto ellipse = disc_ellipse(outline, outline_area, p);
    if (!ellipse) continue;
    const double longest = std::max(ellipse->size.width, ellipse->size.height);
    if (longest > p.disc_max_squash * std::min(ellipse->size.width, ellipse->size.height)) continue;
    const int reach = static_cast<int>(longest * p.disc_panel_reach);
    const cv::Rect zone(box.x - reach, box.y - reach, box.width + 2 * reach, box.height + 2 * reach);
    std::vector<int> pieces;
    for (const int j : parts) {
      if (j == i || pixels_of(j) < p.disc_min_piece * pixels || (box_of(j) & zone) != box_of(j)) continue;
      if (distance(colour_of(j), colour_of(i)) < p.card_check_panel_contrast) continue;  // paper
      pieces.push_back(j);
    }
    if (pieces.empty()) continue;
    // The panel is one colour: the largest piece's, and those near it.
    const int largest = *std::max_element(pieces.begin(), pieces.end(), [&](int a, int b) { return pixels_of(a) < pixels_of(b); });
    std::vector<cv::Point> points = hull_at(i);
    double piece_pixels = 0;
    for (const int j : pieces) {
      if (distance(colour_of(j), colour_of(largest)) > p.card_check_panel_spread) continue;
      const std::vector<cv::Point>& piece = hull_at(j);
      points.insert(points.end(), piece.begin(), piece.end());
      piece_pixels += pixels_of(j);
    }
    if (piece_pixels >= p.disc_min_panel * pixels) keep(points, true);
  }
}

}  // namespace

std::vector<Quad> whole_cards_from_panels(const cv::Mat& bgr, const std::vector<Quad>& known, const ScanParameters& p) {
  CV_Assert(bgr.type() == CV_8UC3 && !bgr.empty());
  std::vector<Quad> found;
  // Blur and noise widen the edges round a panel and its disc until they cut it into pieces; a
  // sharp photo's faint edges let a panel run into the table: each is right at a gradient of its own.
  if (p.panel_flat_gradient <= 0) return found;
  const Gradient gradient = gradient_of(bgr);
  std::vector<Quad> misfits;
  for (int step = 0; step < p.panel_gradient_steps; ++step)
    add_cards_at(bgr, gradient, static_cast<int>(std::lround(p.panel_flat_gradient * std::pow(p.panel_gradient_factor, step))), p, known, found, misfits);
  // A small card's panel that its disc cuts in two gives a hull whose corners are fitted off by
  // several pixels, a side turned, which growing round its centre does not mend. Such a card is
  // fitted to its edges, last, where no card was found at any gradient: fitted sooner, a card
  // half right would hide the card a later gradient finds whole. Only a card whose disc holds
  // ink is: its middle is a card's, whatever its sides (on a gingham, some 500 cells a photo are
  // built into cards, none with ink).
  for (const Quad& card : misfits) {
    if (in_a_card(centre_of(card), known, found)) continue;
    if (const auto fitted = fitted_card_as_printed(bgr, card, p)) found.push_back(*fitted);
  }
  return found;
}

std::optional<cv::RotatedRect> disc_ellipse(const std::vector<cv::Point>& outline, double area, const ScanParameters& p) {
  const auto ellipse = fit_ellipse(outline);
  if (!ellipse) return std::nullopt;
  const double ellipse_area = std::numbers::pi / 4 * ellipse->size.area();
  if (!(ellipse_area > 0) || !std::isfinite(ellipse_area)) return std::nullopt;  // a sliver too thin or too long for a float
  if (std::abs(area / ellipse_area - 1) > p.disc_max_misfit) return std::nullopt;
  return ellipse;
}

}  // namespace qm::vision
