#include "vision/card_scan.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include <fmt/format.h>
#include <opencv2/imgproc.hpp>

#include "vision/card_art.hpp"

namespace qm::vision {

namespace {

double side(const cv::Point2f& a, const cv::Point2f& b) { return std::hypot(a.x - b.x, a.y - b.y); }

}  // namespace

std::vector<Quad> find_cards(const cv::Mat& bgr) {
  CV_Assert(bgr.type() == CV_8UC3 && !bgr.empty());
  // The white margin: bright in every channel and nearly grey. Its level is taken from the
  // photo (the cards' paper is among the brightest things in it after white balance).
  std::vector<cv::Mat> channels;
  cv::split(bgr, channels);
  cv::Mat low;
  cv::Mat high;
  cv::min(channels[0], channels[1], low);
  cv::min(low, channels[2], low);
  cv::max(channels[0], channels[1], high);
  cv::max(high, channels[2], high);
  cv::Mat reduced;
  cv::resize(low, reduced, cv::Size(), 0.25, 0.25, cv::INTER_AREA);
  std::vector<uchar> values(reduced.begin<uchar>(), reduced.end<uchar>());
  std::nth_element(values.begin(), values.begin() + static_cast<long>(values.size() * 0.98), values.end());
  const double paper = values[values.size() * 98 / 100];
  cv::Mat chroma = high - low;
  cv::Mat white = (low > std::max(90.0, paper * 0.62)) & (chroma < 70);
  cv::morphologyEx(white, white, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, {3, 3}));

  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(white, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  const double image_area = static_cast<double>(bgr.cols) * bgr.rows;
  std::vector<Quad> cards;
  for (const auto& contour : contours) {
    const double area = cv::contourArea(contour);
    if (area < image_area * 0.004 || area > image_area * 0.5) continue;
    std::vector<cv::Point> hull;
    cv::convexHull(contour, hull);
    const double hull_area = cv::contourArea(hull);
    std::vector<cv::Point> polygon;
    cv::approxPolyDP(hull, polygon, 0.03 * cv::arcLength(hull, true), true);
    Quad quad;
    if (polygon.size() == 4) {
      for (std::size_t i = 0; i < 4; ++i) quad[i] = cv::Point2f(polygon[i]);
      quad = order_corners(quad);
    } else {
      quad = quad_of(cv::minAreaRect(hull));
    }
    const double a = side(quad[0], quad[1]) + side(quad[2], quad[3]);
    const double b = side(quad[1], quad[2]) + side(quad[3], quad[0]);
    const double aspect = std::max(a, b) / std::max(1.0, std::min(a, b));
    if (aspect < 1.15 || aspect > 2.1) continue;                  // a card is 2:3, seen up to 30 degrees off
    if (polygon_area(quad) < hull_area * 0.85 || area < hull_area * 0.8) continue;  // not one card
    cards.push_back(quad);
  }
  std::sort(cards.begin(), cards.end(), [](const Quad& p, const Quad& q) {
    const Box a = bounding_box(p);
    const Box b = bounding_box(q);
    const double ay = a.y + a.h / 2;
    const double by = b.y + b.h / 2;
    if (std::abs(ay - by) > std::min(a.h, b.h) / 2) return ay < by;
    return a.x < b.x;
  });
  return cards;
}

cv::Mat warp_card(const cv::Mat& bgr, const Quad& corners) {
  Quad q = order_corners(corners);
  // Make the first side a short one, so that the card comes out portrait.
  if (side(q[0], q[1]) + side(q[2], q[3]) > side(q[1], q[2]) + side(q[3], q[0])) q = {q[1], q[2], q[3], q[0]};
  const std::array<cv::Point2f, 4> target{cv::Point2f(0, 0), cv::Point2f(kCardWidth, 0),
                                          cv::Point2f(kCardWidth, kCardHeight), cv::Point2f(0, kCardHeight)};
  const cv::Mat h = cv::getPerspectiveTransform(q.data(), target.data());
  cv::Mat card;
  cv::warpPerspective(bgr, card, h, cv::Size(kCardWidth, kCardHeight), cv::INTER_AREA, cv::BORDER_REPLICATE);
  return card;
}

cv::Vec3f card_colour_lab(const cv::Mat& card) {
  const auto median_of = [&](const std::vector<cv::Rect>& rects) {
    cv::Vec3f result;
    for (int c = 0; c < 3; ++c) {
      std::vector<uchar> values;
      for (const cv::Rect& rect : rects) {
        for (int y = rect.y; y < rect.br().y; ++y) {
          for (int x = rect.x; x < rect.br().x; ++x) values.push_back(card.at<cv::Vec3b>(y, x)[c]);
        }
      }
      std::nth_element(values.begin(), values.begin() + static_cast<long>(values.size() / 2), values.end());
      result[c] = values[values.size() / 2];
    }
    return result;
  };
  const cv::Vec3f border = median_of({card_border_strip_top(), card_border_strip_bottom()});
  const auto strips = card_panel_strips();
  const cv::Vec3f panel = median_of({strips[0], strips[1]});
  cv::Mat pixel(1, 1, CV_32FC3);
  for (int c = 0; c < 3; ++c) pixel.at<cv::Vec3f>(0, 0)[c] = std::clamp(panel[c] / std::max(30.0F, border[c]) * 0.97F, 0.0F, 1.0F);
  cv::cvtColor(pixel, pixel, cv::COLOR_BGR2Lab);
  return pixel.at<cv::Vec3f>(0, 0);
}

std::optional<std::vector<float>> digit_features(const cv::Mat& card) {
  const cv::Point centre = card_number_centre();
  const int r = card_number_radius() - 2;
  const cv::Rect area(centre.x - r, centre.y - r, 2 * r, 2 * r);
  cv::Mat gray;
  cv::cvtColor(card(area), gray, cv::COLOR_BGR2GRAY);
  cv::Mat disc = cv::Mat::zeros(gray.size(), CV_8U);
  cv::circle(disc, {r, r}, r, 255, cv::FILLED);
  // Ink: well below the disc's paper.
  std::vector<uchar> values;
  for (int y = 0; y < gray.rows; ++y) {
    for (int x = 0; x < gray.cols; ++x) {
      if (disc.at<uchar>(y, x)) values.push_back(gray.at<uchar>(y, x));
    }
  }
  std::nth_element(values.begin(), values.begin() + static_cast<long>(values.size() * 3 / 4), values.end());
  const double paper = values[values.size() * 3 / 4];
  cv::Mat ink = (gray < paper * 0.6) & disc;
  cv::Mat labels;
  cv::Mat stats;
  cv::Mat centroids;
  const int count = cv::connectedComponentsWithStats(ink, labels, stats, centroids, 8);
  cv::Mat kept = cv::Mat::zeros(ink.size(), CV_8U);
  bool any = false;
  for (int i = 1; i < count; ++i) {
    const double dx = centroids.at<double>(i, 0) - r;
    const double dy = centroids.at<double>(i, 1) - r;
    if (stats.at<int>(i, cv::CC_STAT_AREA) < 6 || std::hypot(dx, dy) > r * 0.78) continue;  // specks, panel at the rim
    kept.setTo(255, labels == i);
    any = true;
  }
  if (!any) return std::nullopt;
  const cv::Rect box = cv::boundingRect(kept);
  if (box.width < 8 || box.height < 8) return std::nullopt;
  const int s = std::max(box.width, box.height);
  cv::Mat square = cv::Mat::zeros(s, s, CV_8U);
  kept(box).copyTo(square(cv::Rect((s - box.width) / 2, (s - box.height) / 2, box.width, box.height)));
  cv::Mat small;
  cv::resize(square, small, cv::Size(kDigitFeatureSize, kDigitFeatureSize), 0, 0, cv::INTER_AREA);
  std::vector<float> features;
  features.reserve(static_cast<std::size_t>(kDigitFeatureSize * kDigitFeatureSize));
  for (int y = 0; y < small.rows; ++y) {
    for (int x = 0; x < small.cols; ++x) features.push_back(small.at<uchar>(y, x) / 255.0F);
  }
  return features;
}

std::vector<float> turned_half(const std::vector<float>& features) { return {features.rbegin(), features.rend()}; }

CardReader::CardReader(CardProfile profile) : profile_(std::move(profile)) {}

namespace {

// Best distance per label -> {best label, confidence from the margin to the runner-up}.
std::pair<std::string, double> decide(const std::map<std::string, double>& best) {
  std::string label;
  double first = std::numeric_limits<double>::max();
  double second = std::numeric_limits<double>::max();
  for (const auto& [name, distance] : best) {
    if (distance < first) {
      second = first;
      first = distance;
      label = name;
    } else if (distance < second) {
      second = distance;
    }
  }
  if (second == std::numeric_limits<double>::max()) return {label, 1.0};
  return {label, std::clamp(1.0 - first / std::max(1e-9, second), 0.0, 1.0)};
}

}  // namespace

std::pair<std::string, double> CardReader::read_colour(const cv::Vec3f& lab) const {
  std::map<std::string, double> best;
  for (const ColourSample& sample : profile_.colours) {
    const double d = cv::norm(lab - sample.lab);
    auto [it, fresh] = best.try_emplace(sample.label, d);
    if (!fresh) it->second = std::min(it->second, d);
  }
  return decide(best);
}

std::tuple<std::string, double, bool> CardReader::read_number(const std::vector<float>& features) const {
  const std::vector<float> turned = turned_half(features);
  std::map<std::string, double> best;
  std::map<std::string, bool> best_turned;
  for (const NumberSample& sample : profile_.numbers) {
    if (sample.features.size() != features.size()) continue;
    double upright = 0;
    double upside = 0;
    for (std::size_t i = 0; i < features.size(); ++i) {
      upright += (features[i] - sample.features[i]) * (features[i] - sample.features[i]);
      upside += (turned[i] - sample.features[i]) * (turned[i] - sample.features[i]);
    }
    const double d = std::sqrt(std::min(upright, upside));
    auto [it, fresh] = best.try_emplace(sample.label, d);
    if (fresh || d < it->second) {
      it->second = d;
      best_turned[sample.label] = upside < upright;
    }
  }
  const auto [label, confidence] = decide(best);
  return {label, confidence, best_turned[label]};
}

std::optional<CardReading> CardReader::read(const cv::Mat& card) const {
  const auto features = digit_features(card);
  if (!features) return std::nullopt;
  CardReading reading;
  std::tie(reading.number, reading.number_confidence, reading.upside_down) = read_number(*features);
  std::tie(reading.colour, reading.colour_confidence) = read_colour(card_colour_lab(card));
  reading.label = reading.colour + reading.number;
  reading.confidence = std::min(reading.colour_confidence, reading.number_confidence);
  reading.uncertain = reading.confidence < profile_.min_confidence;
  return reading;
}

CardScanner::CardScanner(CardProfile profile, ScanParameters parameters)
    : reader_(std::move(profile)), parameters_(parameters) {}

ScanResult CardScanner::scan(const std::filesystem::path& photo) const { return scan(load_photo(photo, parameters_)); }

ScanResult CardScanner::scan(const Photo& photo) const {
  ScanResult result;
  result.photo_size = photo.original_size;
  for (const Quad& quad : find_cards(photo.image)) {
    const auto reading = reader_.read(warp_card(photo.image, quad));
    if (!reading) continue;
    ScannedDie card;
    card.label = reading->label;
    card.corners = scaled(quad, photo.scale);
    card.box = bounding_box(card.corners);
    card.confidence = reading->confidence;
    card.uncertain = reading->uncertain;
    if (card.uncertain) {
      ++result.uncertain;
    } else {
      ++result.counts[card.label];
    }
    result.items.push_back(std::move(card));
  }
  return result;
}

ScanResult scan_cards(const std::filesystem::path& photo, const CardProfile& profile) {
  return CardScanner(profile).scan(photo);
}

ScanResult scan_cards(const std::filesystem::path& photo, CardGame game) {
  return scan_cards(photo, load_builtin_card_profile(game));
}

InputError no_cards_found(const std::filesystem::path& photo) {
  return InputError(fmt::format("{}: no cards found in the photo", photo.string()));
}

}  // namespace qm::vision
