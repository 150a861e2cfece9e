#include "vision/detection.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <utility>

#include <opencv2/imgproc.hpp>

namespace qm::vision {
namespace {

// A face pixel is at least this share of the brightest face pixel near it: the lit side of a
// die reaches about 0.75 of its top, the rounded rim about 0.55.
constexpr double kLocalShare = 0.82;
// The mask misses the darkened rim of the face; the reported face is grown back by this factor.
constexpr double kRimAllowance = 1.10;
// Whiteness is the darkest channel less this share of (brightest - darkest) channel.
constexpr double kSaturationPenalty = 0.25;
// The table's level: this percentile of whiteness within kTableReach of the short side,
// estimated at 1 / kTableScale of the detection size.
constexpr double kTablePercentile = 0.3;
constexpr double kTableReach = 0.2;
constexpr int kTableScale = 8;
// A face is at least this much whiter than the table around it; on a pale table, whose white
// balance left the faces little headroom, at least this share of what is left above the table
// (and never less than kLeastContrast, the noise of a photo).
constexpr int kMinContrast = 30;
constexpr double kHeadroomShare = 0.5;
constexpr int kLeastContrast = 10;
// A blob is split when it holds at least this many single dice' area.
constexpr double kSplitShare = 1.6;
// A blob not shaped like one die is split when it holds at least this many dice' area.
constexpr double kMinSplitShare = 1.25;
// Dice touching in a line fill nearly all of their rectangle (two squares: 0.89 and more,
// measured on rendered photos); a glint not (an ellipse fills pi / 4 of it, ragged edges add
// up to 0.83).
constexpr double kLineFill = 0.87;
// Seeds of touching dice: where the distance to the blob's edge is at least this share of its
// largest (a die's centre is at half its side; the neck between two dice is thinner).
constexpr double kSeedShare = 0.7;
constexpr double kReachShare = 0.5;
// The faces' expected colour is looked for as well when it is at least this far from white
// (largest channel gain - 1), and turned neutral with gains of at most kMaxTint.
constexpr double kMinTint = 0.04;
// Pieces of a face cut by a symbol are kept down to this share of the smallest die's area, and
// two pieces are mended into one face when they cover this share of its rectangle.
constexpr double kMinPieceShare = 0.1;
constexpr double kMendCover = 0.7;
constexpr double kMaxTint = 1.6;
// A blob not shaped like a die that no split explains (seen at an angle, a lit side joins the
// top face, its pips fraying the blob; or a pale table's grain joins it) is looked for its top
// face where it is thickest: a square round its widest inscribed circle, kept when the blob
// covers this share of the square. A square at least kCoreSize of the side of the lone dice in
// the photo is a die; a smaller one, or one with no lone die to compare with, is tentative
// (wood grain and glints fray too): the reader keeps it only if sure of its face.
constexpr double kCoreCover = 0.85;
constexpr double kCoreSize = 0.75;
constexpr std::array<float, 5> kCoreTurns = {-30.0f, -15.0f, 15.0f, 30.0f, 45.0f};
// Symbol strokes up to about this many detection pixels wide are closed before filling.
constexpr int kStrokeClosing = 3;
// Two outlines of a die are alike when their centres and sides differ by at most this share of
// its side.
constexpr double kAlikeShare = 0.08;

double squareness(const cv::RotatedRect& rect) {
  const double longer = std::max(rect.size.width, rect.size.height);
  const double shorter = std::max(1e-6f, std::min(rect.size.width, rect.size.height));
  return longer / shorter;
}

// A blob of face pixels. A symbol reaching the rim leaves a notch that filling cannot close,
// so a single die is measured by its convex hull.
struct Blob {
  std::vector<cv::Point> contour;
  double area = 0;       // filled area: what decides how many dice the blob holds
  double hull_area = 0;
  cv::RotatedRect rect;
};

bool single_die_shape(const Blob& blob, const ScanParameters& p) {
  return squareness(blob.rect) <= p.max_aspect && blob.hull_area >= p.min_fill * blob.rect.size.area();
}

Blob blob_of(std::vector<cv::Point> contour, double area) {
  std::vector<cv::Point> hull;
  cv::convexHull(contour, hull);
  const double hull_area = cv::contourArea(hull);
  const cv::RotatedRect rect = cv::minAreaRect(hull);
  return {std::move(contour), area, hull_area, rect};
}

// The square round the widest circle inside a blob, turned as the blob's rectangle, and the
// share of the square the blob covers.
std::pair<cv::RotatedRect, double> thickest_square(const Blob& blob) {
  const cv::Rect bounds = cv::boundingRect(blob.contour) + cv::Size(2, 2) - cv::Point(1, 1);
  cv::Mat filled = cv::Mat::zeros(bounds.size(), CV_8U);
  cv::drawContours(filled, std::vector<std::vector<cv::Point>>{blob.contour}, 0, 255, cv::FILLED, cv::LINE_8, cv::noArray(),
                   INT_MAX, -bounds.tl());
  cv::Mat distance;
  cv::distanceTransform(filled, distance, cv::DIST_L2, cv::DIST_MASK_PRECISE);
  double radius = 0;
  cv::Point centre;
  cv::minMaxLoc(distance, nullptr, &radius, nullptr, &centre);
  const float side = static_cast<float>(2 * radius);
  const cv::RotatedRect square(cv::Point2f(centre + bounds.tl()), cv::Size2f(side, side), blob.rect.angle);
  cv::Mat inside_square = cv::Mat::zeros(bounds.size(), CV_8U);
  std::array<cv::Point2f, 4> corners;
  square.points(corners.data());
  std::array<cv::Point, 4> points;
  for (std::size_t i = 0; i < 4; ++i) points[i] = cv::Point(corners[i]) - bounds.tl();
  cv::fillConvexPoly(inside_square, points.data(), 4, 255);
  const double square_pixels = std::max(1, cv::countNonZero(inside_square));
  cv::bitwise_and(inside_square, filled, inside_square);
  return {square, cv::countNonZero(inside_square) / square_pixels};
}

bool die_sized(const Blob& blob, double min_side, double max_side) {
  const double side = std::sqrt(static_cast<double>(blob.rect.size.area()));
  return side >= min_side && side <= max_side;
}

// A symbol stroke reaching the rim on both sides cuts a face in two pieces, neither shaped
// like a die. Two such pieces are one face when together they make one: a die-sized, square
// rectangle that their hull fills and their own pixels mostly cover (all but the stroke).
void mend_cut_faces(std::vector<Blob>& blobs, double min_side, double max_side, const ScanParameters& p) {
  const auto piece = [&](const Blob& blob) { return !(single_die_shape(blob, p) && die_sized(blob, min_side, max_side)); };
  for (std::size_t i = 0; i < blobs.size(); ++i) {
    if (!piece(blobs[i]) || blobs[i].area > max_side * max_side) continue;
    for (std::size_t j = i + 1; j < blobs.size(); ++j) {
      if (!piece(blobs[j]) || cv::norm(blobs[i].rect.center - blobs[j].rect.center) > max_side) continue;
      std::vector<cv::Point> both = blobs[i].contour;
      both.insert(both.end(), blobs[j].contour.begin(), blobs[j].contour.end());
      Blob mended = blob_of(std::move(both), blobs[i].area + blobs[j].area);
      if (!single_die_shape(mended, p) || !die_sized(mended, min_side, max_side)) continue;
      if (mended.area < kMendCover * mended.rect.size.area()) continue;
      // The hull stands for the face; its contour must be one closed outline for splitting.
      std::vector<cv::Point> outline;
      cv::convexHull(mended.contour, outline);
      mended.contour = std::move(outline);
      blobs[i] = std::move(mended);
      blobs.erase(blobs.begin() + static_cast<long>(j));
      j = i;  // the mended face may take a third piece
    }
  }
}

// The pixels of a blob of touching dice, one group per die. Seeds are the blob's thick cores
// (where the distance to its edge is near its maximum): the neck between two dice is thinner
// than a die. Each pixel joins its nearest seed. Dice lying edge to edge in line leave no
// neck; then k-means with the k the blob's area suggests.
std::vector<std::vector<cv::Point2f>> split_blob(const std::vector<cv::Point>& contour, int k, int max_dice) {
  const cv::Rect roi = cv::boundingRect(contour) + cv::Size(2, 2);
  cv::Mat blob = cv::Mat::zeros(roi.size() + cv::Size(2, 2), CV_8U);
  cv::drawContours(blob, std::vector<std::vector<cv::Point>>{contour}, 0, cv::Scalar(255), cv::FILLED, cv::LINE_8,
                   cv::noArray(), INT_MAX, -roi.tl() + cv::Point(1, 1));
  cv::Mat distance;
  cv::distanceTransform(blob, distance, cv::DIST_L2, 3);
  double deepest = 0;
  cv::minMaxLoc(distance, nullptr, &deepest);
  cv::Mat seeds = distance >= kSeedShare * deepest;
  cv::Mat seed_labels;
  const int seed_count = cv::connectedComponents(seeds, seed_labels, 8, CV_32S) - 1;

  std::vector<cv::Point> pixels;
  cv::findNonZero(blob, pixels);
  std::vector<int> group(pixels.size(), 0);
  int groups = k;
  if (seed_count >= 2 && seed_count <= max_dice) {
    // Nearest seed: label the seeds' complement's distance transform by nearest zero pixel.
    cv::Mat nearest_labels;
    cv::Mat not_seeds = ~seeds;
    cv::distanceTransform(not_seeds, distance, nearest_labels, cv::DIST_L2, 3, cv::DIST_LABEL_CCOMP);
    std::vector<int> seed_of_label;
    for (int y = 0; y < seeds.rows; ++y)
      for (int x = 0; x < seeds.cols; ++x) {
        if (!seeds.at<uchar>(y, x)) continue;
        const int label = nearest_labels.at<int>(y, x);
        if (static_cast<int>(seed_of_label.size()) <= label) seed_of_label.resize(static_cast<std::size_t>(label) + 1, -1);
        seed_of_label[static_cast<std::size_t>(label)] = seed_labels.at<int>(y, x) - 1;
      }
    for (std::size_t i = 0; i < pixels.size(); ++i) {
      const int label = nearest_labels.at<int>(pixels[i]);
      group[i] = label < static_cast<int>(seed_of_label.size()) ? std::max(0, seed_of_label[static_cast<std::size_t>(label)]) : 0;
    }
    groups = seed_count;
  } else {
    std::vector<cv::Point2f> points(pixels.begin(), pixels.end());
    group = split_points(points, k);
  }
  std::vector<std::vector<cv::Point2f>> parts(static_cast<std::size_t>(groups));
  const cv::Point2f offset(static_cast<float>(roi.x - 1), static_cast<float>(roi.y - 1));
  for (std::size_t i = 0; i < pixels.size(); ++i) {
    parts[static_cast<std::size_t>(group[i])].push_back(cv::Point2f(pixels[i]) + offset);
  }
  return parts;
}

}  // namespace

std::vector<int> split_points(const std::vector<cv::Point2f>& points, int k) {
  std::vector<int> group(points.size(), 0);
  if (points.empty() || k <= 1) return group;
  k = std::min<int>(k, static_cast<int>(points.size()));
  cv::Point2f centroid(0, 0);
  for (const cv::Point2f& p : points) centroid += p;
  centroid *= 1.0f / static_cast<float>(points.size());
  std::vector<cv::Point2f> centres;
  std::vector<float> nearest(points.size(), 0);
  const auto farthest_from = [&](auto distance) {
    std::size_t best = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
      nearest[i] = distance(points[i]);
      if (nearest[i] > nearest[best]) best = i;
    }
    return points[best];
  };
  centres.push_back(farthest_from([&](const cv::Point2f& p) { return static_cast<float>(cv::norm(p - centroid)); }));
  while (static_cast<int>(centres.size()) < k) {
    centres.push_back(farthest_from([&](const cv::Point2f& p) {
      float best = 1e30f;
      for (const cv::Point2f& c : centres) best = std::min(best, static_cast<float>(cv::norm(p - c)));
      return best;
    }));
  }
  constexpr int kIterations = 20;
  for (int iteration = 0; iteration < kIterations; ++iteration) {
    bool moved = false;
    for (std::size_t i = 0; i < points.size(); ++i) {
      int best = 0;
      double best_distance = 1e30;
      for (int c = 0; c < k; ++c) {
        const cv::Point2f d = points[i] - centres[static_cast<std::size_t>(c)];
        const double distance = d.dot(d);
        if (distance < best_distance) {
          best_distance = distance;
          best = c;
        }
      }
      moved = moved || group[i] != best;
      group[i] = best;
    }
    if (!moved && iteration > 0) break;
    std::vector<cv::Point2f> sums(static_cast<std::size_t>(k), cv::Point2f(0, 0));
    std::vector<int> counts(static_cast<std::size_t>(k), 0);
    for (std::size_t i = 0; i < points.size(); ++i) {
      sums[static_cast<std::size_t>(group[i])] += points[i];
      ++counts[static_cast<std::size_t>(group[i])];
    }
    for (std::size_t c = 0; c < centres.size(); ++c)
      if (counts[c] > 0) centres[c] = sums[c] * (1.0f / static_cast<float>(counts[c]));
  }
  return group;
}

namespace {

// `tint` scales each channel first: (1, 1, 1) for a neutral face, else the gains that turn
// the face's colour neutral.
cv::Mat whiteness_of(const cv::Mat& bgr, const cv::Vec3f& tint) {
  cv::Mat whiteness(bgr.size(), CV_8U);
  for (int y = 0; y < bgr.rows; ++y) {
    const cv::Vec3b* in = bgr.ptr<cv::Vec3b>(y);
    uchar* out = whiteness.ptr<uchar>(y);
    for (int x = 0; x < bgr.cols; ++x) {
      const float b = in[x][0] * tint[0], g = in[x][1] * tint[1], r = in[x][2] * tint[2];
      const float low = std::min({b, g, r});
      const float high = std::max({b, g, r});
      out[x] = cv::saturate_cast<uchar>(low - static_cast<float>(kSaturationPenalty) * (high - low));
    }
  }
  return whiteness;
}

cv::Mat table_level(const cv::Mat& whiteness, double reach_share) {
  cv::Mat small;
  cv::resize(whiteness, small, cv::Size(), 1.0 / kTableScale, 1.0 / kTableScale, cv::INTER_AREA);
  const int radius = std::max(2, static_cast<int>(reach_share * std::min(small.cols, small.rows)));
  cv::Mat level(small.size(), CV_8U);
  std::vector<uchar> window;
  window.reserve(static_cast<std::size_t>((2 * radius + 1) * (2 * radius + 1)));
  for (int y = 0; y < small.rows; ++y) {
    for (int x = 0; x < small.cols; ++x) {
      window.clear();
      // Every other pixel of the window: the percentile hardly moves, the cost halves twice.
      for (int v = std::max(0, y - radius); v <= std::min(small.rows - 1, y + radius); v += 2) {
        const uchar* row = small.ptr<uchar>(v);
        for (int u = std::max(0, x - radius); u <= std::min(small.cols - 1, x + radius); u += 2) window.push_back(row[u]);
      }
      const auto nth = window.begin() + static_cast<long>(kTablePercentile * static_cast<double>(window.size() - 1));
      std::nth_element(window.begin(), nth, window.end());
      level.at<uchar>(y, x) = *nth;
    }
  }
  cv::Mat full;
  cv::resize(level, full, whiteness.size(), 0, 0, cv::INTER_LINEAR);
  return full;
}

cv::Vec3f neutralising_gains(const cv::Scalar& colour) {
  const double level = std::max({colour[0], colour[1], colour[2]});
  cv::Vec3f gains(1, 1, 1);
  if (level <= 0) return gains;
  for (int c = 0; c < 3; ++c) gains[c] = static_cast<float>(std::min(kMaxTint, level / std::max(colour[c], level / kMaxTint)));
  return gains;
}

// The face pixels of a (detection-size) image, before specks are removed and symbols filled.
cv::Mat face_pixels(const cv::Mat& small, const cv::Vec3f& tint, const ScanParameters& p) {
  // Step 1. Whiteness: the darkest channel, less a share of the colour's saturation. Coloured
  // cloth, wood and felt stay dark in it; a neutral face is bright.
  const cv::Mat whiteness = whiteness_of(small, tint);
  cv::Mat mask = whiteness >= p.min_face_level;

  // Step 2. Brighter than the table around it: a low percentile over a window much larger
  // than a die sees the table even among several dice.
  const cv::Mat table = table_level(whiteness, kTableReach);
  cv::Mat contrast, needed;
  cv::subtract(whiteness, table, contrast, cv::noArray(), CV_16S);
  table.convertTo(needed, CV_16S, -kHeadroomShare, kHeadroomShare * 255);
  needed = cv::max(cv::min(needed, kMinContrast), kLeastContrast);
  mask &= contrast >= needed;

  // Step 3. Close to the brightest pixel within a die's reach (on a quarter-size image: a
  // dilation with a big kernel is costly): sides and rims of the die drop out.
  const int short_side = std::min(small.cols, small.rows);
  cv::Mat quarter, local_max;
  cv::resize(whiteness, quarter, cv::Size(), 0.25, 0.25, cv::INTER_AREA);
  const int reach = std::max(3, static_cast<int>(kReachShare * p.max_die_side * short_side * 0.25));
  cv::dilate(quarter, local_max, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(reach | 1, reach | 1)));
  cv::resize(local_max, local_max, whiteness.size(), 0, 0, cv::INTER_LINEAR);
  cv::Mat scaled_max;
  local_max.convertTo(scaled_max, CV_8U, kLocalShare);
  mask &= whiteness >= scaled_max;
  return mask;
}

// Removes specks and fills the symbols. A tinted face is found with less contrast, so its
// symbol strokes cut its outline more often: they are closed first.
cv::Mat filled_faces(cv::Mat mask, bool close_strokes) {
  cv::morphologyEx(mask, mask, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(3, 3)));
  if (close_strokes) cv::morphologyEx(mask, mask, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(kStrokeClosing, kStrokeClosing)));
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(mask, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  cv::Mat filled = cv::Mat::zeros(mask.size(), CV_8U);
  cv::drawContours(filled, contours, -1, cv::Scalar(255), cv::FILLED);
  return filled;
}

}  // namespace

FaceMask face_mask(const cv::Mat& bgr, const ScanParameters& p, const std::vector<cv::Scalar>& face_colours) {
  CV_Assert(bgr.type() == CV_8UC3 && !bgr.empty());
  FaceMask result;
  cv::Mat small = bgr;
  const int long_side = std::max(bgr.cols, bgr.rows);
  if (long_side > p.detect_long_side) {
    const double factor = static_cast<double>(p.detect_long_side) / long_side;
    cv::resize(bgr, small, cv::Size(), factor, factor, cv::INTER_AREA);
  }
  result.scale = static_cast<double>(bgr.cols) / small.cols;
  // Steps 1 to 4 for a neutral face (the white balance made the dice white), then for each
  // tinted colour the faces may have (it took a pale table for white and left the dice tinted).
  result.mask = filled_faces(face_pixels(small, cv::Vec3f(1, 1, 1), p), false);
  std::vector<cv::Vec3f> tints;
  for (const cv::Scalar& colour : face_colours) {
    const cv::Vec3f tint = neutralising_gains(colour);
    if (std::max({tint[0], tint[1], tint[2]}) - 1 <= kMinTint) continue;
    if (std::any_of(tints.begin(), tints.end(), [&](const cv::Vec3f& t) { return cv::norm(t - tint, cv::NORM_INF) <= kMinTint; })) continue;
    tints.push_back(tint);
    result.tinted_masks.push_back(filled_faces(face_pixels(small, tint, p), true));
  }
  return result;
}

namespace {

bool inside(const cv::RotatedRect& rect, const cv::Point2f& point) { return holds(quad_of(rect), point); }

// Two outlines of a face that would give the same patch, give or take what fit_face's moves
// cover anyway: trying both would only cost time.
bool alike(const cv::RotatedRect& a, const cv::RotatedRect& b) {
  const double side = std::sqrt(a.size.area());
  return cv::norm(a.center - b.center) <= kAlikeShare * side &&
         std::abs(std::sqrt(b.size.area()) - side) <= kAlikeShare * side;
}

// Steps 5 and 6 on one mask: its blobs, mended, split and fitted, in image pixels.
std::vector<DieCandidate> dice_in_mask(const cv::Mat& mask, double scale, const ScanParameters& p) {
  const int short_side = std::min(mask.cols, mask.rows);
  const double min_side = p.min_die_side * short_side, max_side = p.max_die_side * short_side;

  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(mask, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
  std::vector<Blob> blobs;
  for (auto& contour : contours) {
    const double area = cv::contourArea(contour);
    if (area < kMinPieceShare * min_side * min_side) continue;
    blobs.push_back(blob_of(std::move(contour), area));
  }
  mend_cut_faces(blobs, min_side, max_side, p);
  std::erase_if(blobs, [&](const Blob& blob) { return blob.area < 0.5 * min_side * min_side; });

  // Step 5. The area of one die: the median of the blobs shaped like one.
  std::vector<double> single_areas;
  for (const Blob& blob : blobs) {
    const double side = std::sqrt(blob.area);
    if (single_die_shape(blob, p) && side >= min_side && side <= max_side) single_areas.push_back(blob.area);
  }
  const double single_area = single_areas.empty() ? 0 : median_value(single_areas);

  // Step 6. One rectangle per die; touching dice are split.
  std::vector<DieCandidate> dice;
  const auto accept = [&](const cv::RotatedRect& rect, double area) {
    const double side = std::sqrt(rect.size.area());
    if (side < min_side || side > max_side || squareness(rect) > p.max_aspect) return false;
    const double fill = area / std::max(1.0f, rect.size.area());
    if (fill < p.min_fill) return false;
    cv::RotatedRect scaled_rect(rect.center * static_cast<float>(scale), rect.size * static_cast<float>(scale * kRimAllowance),
                                rect.angle);
    // Pixel centres: mask pixel i covers image pixels [i * scale, (i + 1) * scale).
    scaled_rect.center += cv::Point2f(static_cast<float>(0.5 * scale - 0.5), static_cast<float>(0.5 * scale - 0.5));
    dice.push_back({scaled_rect, fill, {}});
    return true;
  };
  for (const Blob& blob : blobs) {
    // A blob shaped like one die is one unless it is far too big; one shaped otherwise and
    // bigger than a die holds at least two (the gap between touching dice keeps its filled
    // area low). With no lone die to compare with, a rectangular blob is dice touching in a line, as many
    // as its short side goes into its long side (a glint is rounded, and stays whole).
    const double shorter = std::min(blob.rect.size.width, blob.rect.size.height);
    const bool rectangular = blob.hull_area >= kLineFill * blob.rect.size.area();
    const double reference = single_area > 0 ? single_area : rectangular ? shorter * shorter : blob.area;
    const double dice_in_blob = blob.area / reference;
    const bool one_die = single_die_shape(blob, p) ? dice_in_blob < kSplitShare : dice_in_blob < kMinSplitShare;
    const int k = one_die ? 1 : std::max(2, static_cast<int>(std::lround(dice_in_blob)));
    // `trusted`: the blob is about one die's area, so its thick part can be the top face.
    const auto accept_core = [&](bool trusted) {
      const auto [core, cover] = thickest_square(blob);
      if (cover < kCoreCover || !accept(core, cover * core.size.area())) return;
      // As big as the lone dice, it is a top face; smaller, or with none to compare with, it
      // may be one or a patch of frayed wood grain or glint: the reader decides.
      dice.back().tentative = !(trusted && single_area > 0 && core.size.area() >= kCoreSize * kCoreSize * single_area);
      // The square is turned as the whole blob, not necessarily as the top face: the fit
      // starts from other turns too.
      const cv::RotatedRect& face = dice.back().face;
      for (const float turn : kCoreTurns) dice.back().other_outlines.emplace_back(face.center, face.size, face.angle + turn);
    };
    if (k == 1 || k > p.max_dice_per_blob) {
      if (!accept(blob.rect, blob.hull_area) && k == 1) accept_core(true);
      continue;
    }
    const std::size_t found_before = dice.size();
    for (const std::vector<cv::Point2f>& part : split_blob(blob.contour, k, p.max_dice_per_blob)) {
      if (part.size() < 5) continue;
      std::vector<cv::Point2f> hull;
      cv::convexHull(part, hull);
      accept(cv::minAreaRect(hull), cv::contourArea(hull));
    }
    // A blob shaped like one die whose parts are no dice is one die, nearer the camera than
    // the others (perspective makes it look bigger). One shaped otherwise, and not big enough
    // for two, is a die with a lit side: its top is where it is thickest. Bigger, it may be a
    // die joined by a pale table's grain: its thickest part is tentatively one.
    if (dice.size() == found_before) {
      if (single_die_shape(blob, p)) {
        accept(blob.rect, blob.hull_area);
      } else {
        accept_core(dice_in_blob < kSplitShare);
      }
    }
  }
  return dice;
}

}  // namespace

std::vector<DieCandidate> find_dice(const cv::Mat& bgr, const ScanParameters& p, const std::vector<cv::Scalar>& face_colours) {
  const FaceMask face = face_mask(bgr, p, face_colours);
  std::vector<DieCandidate> dice = dice_in_mask(face.mask, face.scale, p);
  // The colour test adds dice the white test missed. Where both found a die, the white test's
  // outline comes first, since a tinted table around a neutral face would grow it; the tinted
  // one is kept as another outline of the same die.
  for (const cv::Mat& tinted_mask : face.tinted_masks) {
    std::vector<DieCandidate> added;
    for (DieCandidate& tinted : dice_in_mask(tinted_mask, face.scale, p)) {
      const auto same_die = std::find_if(dice.begin(), dice.end(), [&](const DieCandidate& die) {
        return inside(die.face, tinted.face.center) || inside(tinted.face, die.face.center);
      });
      if (same_die == dice.end()) {
        added.push_back(std::move(tinted));
      } else if (same_die->tentative && !tinted.tentative) {
        // A die the colour test found whole, where the white test saw only a frayed blob.
        tinted.other_outlines.push_back(same_die->face);
        *same_die = std::move(tinted);
      } else if (!alike(same_die->face, tinted.face) &&
                 std::none_of(same_die->other_outlines.begin(), same_die->other_outlines.end(),
                              [&](const cv::RotatedRect& outline) { return alike(outline, tinted.face); })) {
        same_die->other_outlines.push_back(tinted.face);
      }
    }
    dice.insert(dice.end(), std::make_move_iterator(added.begin()), std::make_move_iterator(added.end()));
  }
  std::sort(dice.begin(), dice.end(), [](const DieCandidate& a, const DieCandidate& b) {
    return a.face.center.y != b.face.center.y ? a.face.center.y < b.face.center.y : a.face.center.x < b.face.center.x;
  });
  return dice;
}

}  // namespace qm::vision
