#include "vision/card_renderer.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <opencv2/imgproc.hpp>

#include "vision/card_calibration.hpp"
#include "vision/card_scan.hpp"
#include "vision/image_codecs.hpp"
#include "vision/random_draws.hpp"

namespace qm::vision {

namespace {


cv::Mat table_texture(cv::Size size, std::mt19937_64& rng) {
  // Wood (streaks), felt (green/blue, fine noise) or cloth (any dark colour, weave).
  const int kind = uniform_int(rng, 0, 2);
  cv::Vec3d base;
  if (kind == 0) base = {uniform(rng, 20, 60), uniform(rng, 50, 95), uniform(rng, 80, 140)};
  if (kind == 1) base = uniform_int(rng, 0, 1) ? cv::Vec3d(uniform(rng, 30, 60), uniform(rng, 90, 130), uniform(rng, 20, 50))
                                        : cv::Vec3d(uniform(rng, 90, 130), uniform(rng, 50, 80), uniform(rng, 20, 40));
  if (kind == 2) base = {uniform(rng, 20, 120), uniform(rng, 20, 120), uniform(rng, 20, 120)};
  cv::Mat table(size, CV_8UC3, cv::Scalar(base[0], base[1], base[2]));
  cv::Mat noise(size, CV_8UC3);
  cv::randn(noise, cv::Scalar::all(0), cv::Scalar::all(kind == 1 ? 6 : 10));
  cv::Mat signed_noise;
  noise.convertTo(signed_noise, CV_16SC3);
  cv::Mat t;
  table.convertTo(t, CV_16SC3);
  if (kind == 0) {
    cv::Mat streaks(size.height, 1, CV_16SC3);
    for (int y = 0; y < size.height; ++y) {
      const double v = 14 * std::sin(y * 0.07 + std::sin(y * 0.013) * 3);
      streaks.at<cv::Vec3s>(y, 0) = cv::Vec3s(static_cast<short>(v), static_cast<short>(v), static_cast<short>(v));
    }
    cv::Mat wide;
    cv::repeat(streaks, 1, size.width, wide);
    t += wide;
  }
  cv::theRNG().state = rng();
  cv::randn(signed_noise, cv::Scalar::all(0), cv::Scalar::all(kind == 1 ? 5 : 8));
  t += signed_noise;
  t.convertTo(table, CV_8UC3);
  return table;
}

}  // namespace

RenderedCardScene render_card_scene(const CardSceneOptions& options, std::mt19937_64& rng) {
  const cv::Size size(options.width, options.height);
  RenderedCardScene scene;
  scene.image = table_texture(size, rng);

  std::vector<std::string> labels = options.labels;
  if (labels.empty()) {
    const std::vector<std::string> deck = deck_labels(options.game);
    for (int i = 0; i < options.cards; ++i) labels.push_back(deck[static_cast<std::size_t>(uniform_int(rng, 0, static_cast<int>(deck.size()) - 1))]);
  }
  const int n = static_cast<int>(labels.size());
  // The tilt: the table plane seen obliquely, as a homography from plane to image.
  const double tilt = uniform(rng, 0, options.max_tilt_degrees) * CV_PI / 180;
  const double shrink = 1 - 0.55 * std::sin(tilt);
  const float w = static_cast<float>(size.width);
  const float h = static_cast<float>(size.height);
  std::array<cv::Point2f, 4> plane{cv::Point2f(0, 0), cv::Point2f(w, 0), cv::Point2f(w, h), cv::Point2f(0, h)};
  std::array<cv::Point2f, 4> seen = plane;
  const float inset = static_cast<float>((1 - shrink) / 2);
  switch (uniform_int(rng, 0, 3)) {  // which edge is farther from the camera
    case 0: seen[0].x += inset * w; seen[1].x -= inset * w; break;
    case 1: seen[1].y += inset * h; seen[2].y -= inset * h; break;
    case 2: seen[3].x += inset * w; seen[2].x -= inset * w; break;
    default: seen[0].y += inset * h; seen[3].y -= inset * h; break;
  }
  const cv::Mat tilt_h = cv::getPerspectiveTransform(plane.data(), seen.data());

  // Where each card lies on the plane: its centre, angle and how much the next one covers.
  struct Placement {
    double cx, cy, angle, cover;
  };
  std::vector<Placement> placements;
  double card_h = 0;
  if (options.layout == CardLayout::rows) {
    const int columns = n <= 3 ? n : (n <= 8 ? (n + 1) / 2 : (n + 2) / 3);
    const int rows = std::max(1, (n + std::max(1, columns) - 1) / std::max(1, columns));
    const double cell_w = w * 0.92 / std::max(1, columns);
    const double cell_h = h * 0.92 / rows;
    card_h = std::min(cell_h * 0.80, cell_w * 0.80 * 1.5) * uniform(rng, 0.85, 1.0);
    for (int i = 0; i < n; ++i) {
      const double cx = w * 0.04 + cell_w * (i % columns + 0.5) + uniform(rng, -0.06, 0.06) * cell_w;
      const double cy = h * 0.04 + cell_h * (i / columns + 0.5) + uniform(rng, -0.05, 0.05) * cell_h;
      placements.push_back({cx, cy, uniform(rng, -12, 12) * CV_PI / 180, 0});
    }
  } else {
    // Rows of up to six cards spread like a hand, each row with its own overlap.
    const int rows = std::max(1, (n + 5) / 6);
    const int per_row = (n + rows - 1) / std::max(1, rows);
    const double cover = uniform(rng, options.min_cover, options.max_cover);
    const double cell_h = h * 0.92 / rows;
    const double span = 1 + (per_row - 1) * (1 - cover);  // the row's width in card widths
    card_h = std::min(cell_h * 0.80, w * 0.88 / span * 1.5) * uniform(rng, 0.85, 1.0);
    const double card_w = card_h / 1.5;
    for (int i = 0; i < n; ++i) {
      const int row = i / per_row;
      const int in_row = std::min(per_row, n - row * per_row);
      const double row_w = card_w * (1 + (in_row - 1) * (1 - cover));
      const double left = (w - row_w) / 2 + uniform(rng, -0.02, 0.02) * w;
      const double cx = left + card_w / 2 + (i % per_row) * card_w * (1 - cover) + uniform(rng, -0.02, 0.02) * card_w;
      const double cy = h * 0.04 + cell_h * (row + 0.5) + uniform(rng, -0.02, 0.02) * card_h;
      const bool last = i % per_row == in_row - 1;
      placements.push_back({cx, cy, uniform(rng, -3, 3) * CV_PI / 180, last ? 0 : cover});
    }
  }
  const double card_w = card_h / 1.5;
  for (int i = 0; i < n; ++i) {
    const std::string& label = labels[static_cast<std::size_t>(i)];
    CardStyle style;
    style.art = options.art;
    style.font_variant = uniform_int(rng, 0, kFontVariants - 1);
    style.ink_jitter = 0.5;
    style.seed = static_cast<unsigned>(rng());
    const cv::Mat face = draw_card(options.game, label, style);
    const Placement& place = placements[static_cast<std::size_t>(i)];
    double angle = place.angle;
    if (uniform_int(rng, 0, 3) == 0) angle += CV_PI;
    const double c = std::cos(angle);
    const double s = std::sin(angle);
    const double cx = place.cx;
    const double cy = place.cy;
    std::array<cv::Point2f, 4> on_plane;
    const std::array<cv::Point2d, 4> local{cv::Point2d(-card_w / 2, -card_h / 2), cv::Point2d(card_w / 2, -card_h / 2),
                                           cv::Point2d(card_w / 2, card_h / 2), cv::Point2d(-card_w / 2, card_h / 2)};
    for (std::size_t k = 0; k < 4; ++k) {
      on_plane[k] = cv::Point2f(static_cast<float>(cx + c * local[k].x - s * local[k].y),
                                static_cast<float>(cy + s * local[k].x + c * local[k].y));
    }
    std::vector<cv::Point2f> in_image;
    cv::perspectiveTransform(std::vector<cv::Point2f>(on_plane.begin(), on_plane.end()), in_image, tilt_h);
    const std::array<cv::Point2f, 4> face_corners{cv::Point2f(0, 0), cv::Point2f(kCardWidth, 0),
                                                  cv::Point2f(kCardWidth, kCardHeight), cv::Point2f(0, kCardHeight)};
    const cv::Mat to_image = cv::getPerspectiveTransform(face_corners.data(), in_image.data());
    // A soft shadow, then the card; both drawn in the card's neighbourhood only.
    std::vector<cv::Point> outline;
    for (const cv::Point2f& p : in_image) outline.emplace_back(cvRound(p.x + 3), cvRound(p.y + 4));
    std::vector<cv::Point> around = outline;
    for (const cv::Point2f& p : in_image) around.emplace_back(cvRound(p.x), cvRound(p.y));
    const cv::Rect near = cv::Rect(cv::boundingRect(around).tl() - cv::Point(12, 12), cv::boundingRect(around).size() + cv::Size(24, 24)) &
                          cv::Rect(0, 0, size.width, size.height);
    if (near.area() <= 0) continue;
    for (cv::Point& p : outline) p -= near.tl();
    cv::Mat shadow = cv::Mat::zeros(near.size(), CV_8U);
    cv::fillConvexPoly(shadow, outline, 90, cv::LINE_AA);
    cv::GaussianBlur(shadow, shadow, {9, 9}, 3);
    cv::Mat region = scene.image(near);
    cv::Mat shaded;
    region.convertTo(shaded, CV_32FC3);
    cv::Mat factor;
    cv::Mat shadow_f;
    shadow.convertTo(shadow_f, CV_32F, 1.0 / 255);
    cv::Mat keep = 1.0 - shadow_f;
    cv::cvtColor(keep, factor, cv::COLOR_GRAY2BGR);
    cv::multiply(shaded, factor, shaded);
    shaded.convertTo(region, CV_8UC3);
    const cv::Mat shift = (cv::Mat_<double>(3, 3) << 1, 0, -near.x, 0, 1, -near.y, 0, 0, 1);
    const cv::Mat to_near = shift * to_image;
    cv::Mat warped;
    cv::warpPerspective(face, warped, to_near, near.size(), cv::INTER_LINEAR, cv::BORDER_CONSTANT);
    cv::Mat mask(kCardHeight, kCardWidth, CV_8U, cv::Scalar(255));
    cv::Mat warped_mask;
    cv::warpPerspective(mask, warped_mask, to_near, near.size(), cv::INTER_LINEAR, cv::BORDER_CONSTANT);
    cv::erode(warped_mask, warped_mask, cv::Mat());
    warped.copyTo(region, warped_mask > 128);
    RenderedCard card;
    card.label = label;
    card.cover = place.cover;
    for (std::size_t k = 0; k < 4; ++k) card.corners[k] = in_image[k];
    card.corners = order_corners(card.corners);
    card.box = bounding_box(card.corners);
    scene.cards.push_back(card);
  }

  // Light: a gradient across the table and a warm or cold cast.
  LightCast light = options.light;
  if (light == LightCast::random) light = static_cast<LightCast>(uniform_int(rng, 1, 3));
  const double strength = light == LightCast::neutral ? 0 : options.cast_strength * uniform(rng, 0.5, 1.0);
  cv::Vec3d cast(1, 1, 1);
  if (light == LightCast::warm) cast = {1 - strength, 1 - strength * 0.35, 1};
  if (light == LightCast::cold) cast = {1, 1 - strength * 0.2, 1 - strength};
  const double gx = uniform(rng, -0.25, 0.25) / w;
  const double gy = uniform(rng, -0.25, 0.25) / h;
  const double base = uniform(rng, 0.8, 1.0);
  cv::Mat lit;
  scene.image.convertTo(lit, CV_32FC3);
  for (int y = 0; y < lit.rows; ++y) {
    auto* row = lit.ptr<cv::Vec3f>(y);
    for (int x = 0; x < lit.cols; ++x) {
      const double g = std::clamp(base + gx * (x - w / 2) + gy * (y - h / 2), 0.4, 1.2);
      for (int c = 0; c < 3; ++c) row[x][c] = static_cast<float>(row[x][c] * g * cast[c]);
    }
  }
  const double blur = uniform(rng, 0.3, 1.0);
  cv::GaussianBlur(lit, lit, {0, 0}, blur);
  cv::Mat noise(lit.size(), CV_32FC3);
  cv::randn(noise, cv::Scalar::all(0), cv::Scalar::all(uniform(rng, 1.5, 4.0)));
  lit += noise;
  lit.convertTo(scene.image, CV_8UC3);
  if (options.min_jpeg_quality > 0) {
    const std::vector<std::uint8_t> bytes =
        encode_image(".jpg", scene.image, {cv::IMWRITE_JPEG_QUALITY, uniform_int(rng, options.min_jpeg_quality, options.max_jpeg_quality)});
    scene.image = decode_image(bytes, cv::IMREAD_COLOR);
  }
  return scene;
}

namespace {

// The scan's detection on a rendered scene, each found card matched to the ground truth.
std::vector<std::pair<const RenderedCard*, cv::Mat>> found_cards(const RenderedCardScene& scene) {
  const Photo photo = normalise_photo(scene.image, scene.image.size());
  std::vector<std::pair<const RenderedCard*, cv::Mat>> found;
  for (const CardOutline& outline : locate_cards(photo.image)) {
    if (outline.covered()) continue;
    const Box box = scaled(bounding_box(outline.corners), photo.scale);
    for (const RenderedCard& card : scene.cards) {
      if (iou(box, card.box) > 0.6) {
        found.emplace_back(&card, warp_card(photo.image, outline));
        break;
      }
    }
  }
  return found;
}

}  // namespace

CardProfile build_card_profile(CardGame game, CardArt art, int photos, std::uint64_t seed, int max_per_label) {
  CardProfile profile = drawn_card_samples(game, art);
  const std::string art_name = art == CardArt::classic ? "built-in" : "alternate art";
  profile.name = fmt::format("{} ({}, rendered)", to_string(game), art_name);
  profile.labels = deck_labels(game);
  CardLearner learner(profile, max_per_label);
  std::mt19937_64 rng(seed);
  CardSceneOptions options;
  options.game = game;
  options.art = art;
  options.width = 900;
  options.height = 675;
  for (int p = 0; p < photos; ++p) {
    options.layout = p % 3 == 2 ? CardLayout::fan : CardLayout::rows;
    const RenderedCardScene scene = render_card_scene(options, rng);
    for (const auto& [truth, card] : found_cards(scene)) learner.learn(truth->label, card);
  }
  return profile;
}

RenderedCardScene as_phone_photo(RenderedCardScene scene, const PhoneLook& look, std::mt19937_64& rng) {
  std::vector<Quad> outlines;
  for (const RenderedCard& card : scene.cards) outlines.push_back(card.corners);
  PhonePhoto photo = phone_photo(scene.image, outlines, look, rng);
  scene.image = std::move(photo.image);
  for (std::size_t c = 0; c < scene.cards.size(); ++c) {
    scene.cards[c].corners = photo.outlines[c];
    scene.cards[c].box = bounding_box(photo.outlines[c]);
  }
  return scene;
}

int write_card_calibration_set(const std::filesystem::path& dir, CardArt art, int photos,
                               const CardSceneOptions& base, std::uint64_t seed, int phone_look) {
  std::filesystem::create_directories(dir);
  std::mt19937_64 rng(seed);
  const PhoneLook look = PhoneLook::level(phone_look);
  nlohmann::json entries = nlohmann::json::array();
  for (int p = 0; p < photos; ++p) {
    CardSceneOptions options = base;
    options.art = art;
    options.labels.clear();
    // Cycle through colours and numbers (Corsari) or the deck (Loot) so that a few photos cover them all.
    const std::vector<std::string> deck = deck_labels(base.game);
    for (int i = 0; i < base.cards; ++i) {
      const int k = p * base.cards + i;
      options.labels.push_back(base.game == CardGame::corsari ? card_label(k % kCorsariColours, k % kCorsariMaxNumber + 1)
                                                              : deck[static_cast<std::size_t>(k) % deck.size()]);
    }
    RenderedCardScene scene = render_card_scene(options, rng);
    if (phone_look > 0) scene = as_phone_photo(std::move(scene), look, rng);
    const std::string file = "cards-" + std::to_string(p) + ".jpg";
    if (!write_image(dir / file, scene.image, {cv::IMWRITE_JPEG_QUALITY, 92}))
      throw InputError(fmt::format("{}: cannot be written", (dir / file).string()));
    nlohmann::json items = nlohmann::json::array();
    for (const RenderedCard& card : scene.cards) {
      items.push_back({{"label", card.label},
                       {"box", {std::lround(card.box.x), std::lround(card.box.y), std::lround(card.box.w), std::lround(card.box.h)}}});
    }
    entries.push_back({{"file", file}, {"items", items}});
  }
  std::ofstream(dir / "labels.json") << nlohmann::json{{"photos", entries}}.dump(1) << "\n";
  return photos;
}

}  // namespace qm::vision
