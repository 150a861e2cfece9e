#include "vision/scene_renderer.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <numbers>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <opencv2/imgproc.hpp>

#include "scoring/input_error.hpp"
#include "vision/image_codecs.hpp"
#include "vision/random_draws.hpp"

namespace qm::vision {
namespace {

constexpr int kTextureSize = 128;
constexpr double kCornerRadius = 0.12;  // share of the side rounded off at each corner

// A pinhole camera at `distance` die sides from the table's origin, tilted about the x axis.
struct Camera {
  cv::Vec3d centre, x, y, z;
  double focal = 1, cx = 0, cy = 0;

  Camera(double tilt, double distance, double focal_length, double centre_x, double centre_y)
      : centre(0, -distance * std::sin(tilt), distance * std::cos(tilt)),
        x(1, 0, 0),
        y(0, -std::cos(tilt), -std::sin(tilt)),
        z(0, std::sin(tilt), -std::cos(tilt)),
        focal(focal_length),
        cx(centre_x),
        cy(centre_y) {}

  cv::Point2f project(const cv::Vec3d& p) const {
    const cv::Vec3d d = p - centre;
    const double depth = d.dot(z);
    return {static_cast<float>(focal * d.dot(x) / depth + cx), static_cast<float>(focal * d.dot(y) / depth + cy)};
  }
  cv::Vec3d on_table(double u, double v) const {
    const cv::Vec3d ray = x * ((u - cx) / focal) + y * ((v - cy) / focal) + z;
    return centre + ray * (-centre[2] / ray[2]);
  }
};

// A die as it lies: centre on the table, turned by `yaw`, side 1.
struct PlacedDie {
  double cx = 0, cy = 0, yaw = 0;
  int face = 0;
  int quarter_turns = 0;

  std::array<cv::Vec3d, 4> corners(double z) const {
    std::array<cv::Vec3d, 4> result;
    const double c = std::cos(yaw) * 0.5, s = std::sin(yaw) * 0.5;
    // Counter-clockwise on the table, which the camera sees clockwise.
    const std::array<std::array<double, 2>, 4> unit = {{{-1, 1}, {1, 1}, {1, -1}, {-1, -1}}};
    for (std::size_t i = 0; i < 4; ++i) {
      result[i] = {cx + unit[i][0] * c - unit[i][1] * s, cy + unit[i][0] * s + unit[i][1] * c, z};
    }
    return result;
  }
};

// Separating-axis test between two dice footprints grown by `margin`.
bool overlaps(const PlacedDie& a, const PlacedDie& b, double margin) {
  for (const PlacedDie* die : {&a, &b}) {
    for (double angle : {die->yaw, die->yaw + std::numbers::pi / 2}) {
      const cv::Vec2d axis(std::cos(angle), std::sin(angle));
      const auto extent = [&](const PlacedDie& d) {
        double low = 1e9, high = -1e9;
        for (const cv::Vec3d& p : d.corners(0)) {
          const double t = p[0] * axis[0] + p[1] * axis[1];
          low = std::min(low, t);
          high = std::max(high, t);
        }
        return std::pair(low - margin, high + margin);
      };
      const auto [a_low, a_high] = extent(a);
      const auto [b_low, b_high] = extent(b);
      if (a_high < b_low || b_high < a_low) return false;
    }
  }
  return true;
}

cv::Mat smooth_noise(cv::Size size, int cells, std::mt19937_64& rng) {
  const int rows = std::max(2, cells * size.height / std::max(size.width, 1));
  cv::Mat small(rows, cells, CV_32F);
  for (int y = 0; y < small.rows; ++y)
    for (int x = 0; x < small.cols; ++x) small.at<float>(y, x) = static_cast<float>(uniform(rng, -1, 1));
  cv::Mat big;
  cv::resize(small, big, size, 0, 0, cv::INTER_CUBIC);
  return big;
}

cv::Mat fine_noise(cv::Size size, double sigma, std::mt19937_64& rng) {
  cv::Mat noise(size, CV_32F);
  cv::RNG local(rng());
  local.fill(noise, cv::RNG::NORMAL, 0.0, sigma);
  return noise;
}

cv::Vec3f pick(std::mt19937_64& rng, std::initializer_list<cv::Vec3f> colours, double spread) {
  const auto index = static_cast<std::size_t>(uniform_int(rng, 0, static_cast<int>(colours.size()) - 1));
  return *(colours.begin() + static_cast<long>(index)) * static_cast<float>(uniform(rng, 1 - spread, 1 + spread));
}

// The table, as float BGR.
cv::Mat draw_table(cv::Size size, const std::string& kind, std::mt19937_64& rng) {
  const double short_side = std::min(size.width, size.height);
  cv::Mat shade(size, CV_32F, cv::Scalar(1.0));
  cv::Vec3f base;
  if (kind == "wood") {
    base = pick(rng, {{50, 95, 140}, {70, 115, 165}, {35, 65, 105}, {95, 140, 185}}, 0.12);
    const double angle = uniform(rng, 0, std::numbers::pi);
    const double period = uniform(rng, 0.012, 0.035) * short_side;
    const cv::Mat warp = smooth_noise(size, 5, rng) * uniform(rng, 0.5, 3.0) * period;
    const cv::Mat streaks = smooth_noise(size, 40, rng);
    const double ca = std::cos(angle), sa = std::sin(angle);
    for (int y = 0; y < size.height; ++y) {
      float* row = shade.ptr<float>(y);
      const float* w = warp.ptr<float>(y);
      const float* st = streaks.ptr<float>(y);
      for (int x = 0; x < size.width; ++x) {
        const double t = (x * ca + y * sa + w[x]) * 2 * std::numbers::pi / period;
        row[x] = static_cast<float>(0.86 + 0.12 * std::sin(t) + 0.04 * st[x]);
      }
    }
    shade += fine_noise(size, 0.02, rng);
  } else if (kind == "cloth") {
    base = pick(rng, {{110, 55, 35}, {45, 35, 125}, {135, 160, 180}, {115, 115, 115}, {100, 110, 40}}, 0.15);
    const int period = std::max(2, static_cast<int>(uniform(rng, 0.004, 0.008) * short_side));
    for (int y = 0; y < size.height; ++y) {
      float* row = shade.ptr<float>(y);
      for (int x = 0; x < size.width; ++x) row[x] = ((x / period + y / period) % 2) ? 1.05f : 0.95f;
    }
    shade += smooth_noise(size, 4, rng) * 0.12 + fine_noise(size, 0.03, rng);
  } else if (kind == "felt") {
    base = pick(rng, {{40, 110, 35}, {115, 65, 25}, {35, 35, 135}, {55, 55, 55}}, 0.2);
    cv::Mat grain = fine_noise(size, 0.08, rng);
    cv::GaussianBlur(grain, grain, cv::Size(0, 0), 1.0);
    shade += grain + smooth_noise(size, 6, rng) * 0.08;
  } else {  // paper
    base = pick(rng, {{105, 150, 190}, {170, 172, 168}, {185, 172, 155}, {160, 178, 168}}, 0.06);
    shade += fine_noise(size, 0.025, rng) + smooth_noise(size, 3, rng) * 0.04;
    if (chance(rng, 0.5)) {  // squared paper
      const int period = std::max(6, static_cast<int>(0.045 * short_side));
      for (int y = 0; y < size.height; ++y) {
        float* row = shade.ptr<float>(y);
        for (int x = 0; x < size.width; ++x)
          if (x % period == 0 || y % period == 0) row[x] *= 0.85f;
      }
    }
  }
  cv::Mat table;
  cv::merge(std::vector<cv::Mat>{shade * base[0], shade * base[1], shade * base[2]}, table);
  return table;
}

cv::Mat rounded_square_mask(int size) {
  cv::Mat mask(size, size, CV_8U, cv::Scalar(0));
  const int r = static_cast<int>(kCornerRadius * size);
  const int shift = 4, one = 1 << shift;
  const auto p = [&](double v) { return static_cast<int>(std::lround(v * one)); };
  cv::rectangle(mask, cv::Point(p(r), p(0)), cv::Point(p(size - 1 - r), p(size - 1)), 255, cv::FILLED, cv::LINE_AA, shift);
  cv::rectangle(mask, cv::Point(p(0), p(r)), cv::Point(p(size - 1), p(size - 1 - r)), 255, cv::FILLED, cv::LINE_AA, shift);
  for (double cx : {static_cast<double>(r), static_cast<double>(size - 1 - r)})
    for (double cy : {static_cast<double>(r), static_cast<double>(size - 1 - r)})
      cv::circle(mask, cv::Point(p(cx), p(cy)), p(r), 255, cv::FILLED, cv::LINE_AA, shift);
  return mask;
}

// Draws `texture` (with `mask`) into `image` so that its corners land on `quad`.
void paste(cv::Mat& image, const cv::Mat& texture, const cv::Mat& mask, const Quad& quad) {
  cv::Rect roi = cv::boundingRect(std::vector<cv::Point2f>(quad.begin(), quad.end()));
  roi.x -= 2;
  roi.y -= 2;
  roi.width += 4;
  roi.height += 4;
  roi &= cv::Rect(0, 0, image.cols, image.rows);
  if (roi.empty()) return;
  const float t = static_cast<float>(texture.cols);
  const std::array<cv::Point2f, 4> source = {cv::Point2f(0, 0), cv::Point2f(t, 0), cv::Point2f(t, t), cv::Point2f(0, t)};
  std::array<cv::Point2f, 4> target;
  for (std::size_t i = 0; i < 4; ++i) target[i] = quad[i] - cv::Point2f(static_cast<float>(roi.x), static_cast<float>(roi.y));
  const cv::Mat homography = cv::getPerspectiveTransform(source.data(), target.data());
  cv::Mat warped, alpha;
  cv::warpPerspective(texture, warped, homography, roi.size(), cv::INTER_AREA, cv::BORDER_REPLICATE);
  cv::warpPerspective(mask, alpha, homography, roi.size(), cv::INTER_LINEAR, cv::BORDER_CONSTANT);
  cv::Mat target_roi = image(roi);
  for (int y = 0; y < roi.height; ++y) {
    cv::Vec3b* out = target_roi.ptr<cv::Vec3b>(y);
    const cv::Vec3b* in = warped.ptr<cv::Vec3b>(y);
    const uchar* a = alpha.ptr<uchar>(y);
    for (int x = 0; x < roi.width; ++x) {
      if (a[x] == 0) continue;
      const float w = a[x] / 255.0f;
      for (int c = 0; c < 3; ++c) out[x][c] = cv::saturate_cast<uchar>(in[x][c] * w + out[x][c] * (1 - w));
    }
  }
}

std::vector<cv::Point> pixel_points(const std::vector<cv::Point2f>& points) {
  std::vector<cv::Point> result;
  for (const cv::Point2f& p : points) result.emplace_back(cvRound(p.x * 16), cvRound(p.y * 16));
  return result;
}

}  // namespace

RenderedScene render_scene(const SceneOptions& options, std::mt19937_64& rng) {
  CV_Assert(options.width >= 64 && options.height >= 64 && options.dice >= 0);
  const cv::Size size(options.width, options.height);
  const double short_side = std::min(options.width, options.height);
  RenderedScene scene;

  // Step 1. The table.
  static constexpr std::array<const char*, 4> kTables = {"wood", "cloth", "felt", "paper"};
  scene.table = kTables[static_cast<std::size_t>(uniform_int(rng, 0, 3))];
  cv::Mat table = draw_table(size, scene.table, rng);

  // Step 2. Camera and light.
  const double tilt = uniform(rng, 0, options.max_tilt_degrees) * std::numbers::pi / 180;
  const double distance = uniform(rng, 25, 40);
  const double die_pixels = uniform(rng, options.min_die_share, options.max_die_share) * short_side;
  const Camera camera(tilt, distance, die_pixels * distance, options.width / 2.0, options.height / 2.0);
  const double elevation = uniform(rng, 40, 80) * std::numbers::pi / 180;
  const double azimuth = uniform(rng, 0, 2 * std::numbers::pi);
  const cv::Vec3d light(std::cos(elevation) * std::cos(azimuth), std::cos(elevation) * std::sin(azimuth), std::sin(elevation));

  // Step 3. Lay the dice, some against another, none overlapping, all inside the photo.
  std::vector<PlacedDie> dice;
  const double margin = 1.3 * die_pixels;
  for (int i = 0; i < options.dice; ++i) {
    for (int attempt = 0; attempt < 400; ++attempt) {
      PlacedDie die;
      die.face = options.only_face >= 0 ? options.only_face : uniform_int(rng, 0, 5);
      die.quarter_turns = uniform_int(rng, 0, 3);
      bool touching = !dice.empty() && chance(rng, options.touching_share) && attempt < 200;
      if (touching) {
        const PlacedDie& other = dice[static_cast<std::size_t>(uniform_int(rng, 0, static_cast<int>(dice.size()) - 1))];
        const double side = other.yaw + uniform_int(rng, 0, 3) * std::numbers::pi / 2;
        const double gap = 1.0 + uniform(rng, 0.05, 0.09);
        die.cx = other.cx + gap * std::cos(side) + uniform(rng, -0.3, 0.3) * -std::sin(side);
        die.cy = other.cy + gap * std::sin(side) + uniform(rng, -0.3, 0.3) * std::cos(side);
        die.yaw = other.yaw + uniform(rng, -0.04, 0.04);
      } else {
        const cv::Vec3d p = camera.on_table(uniform(rng, margin, options.width - margin), uniform(rng, margin, options.height - margin));
        die.cx = p[0];
        die.cy = p[1];
        die.yaw = uniform(rng, 0, 2 * std::numbers::pi);
      }
      const bool clear = std::none_of(dice.begin(), dice.end(), [&](const PlacedDie& other) {
        return overlaps(die, other, touching ? 0.005 : 0.15);
      });
      bool inside = true;
      for (double z : {0.0, 1.0})
        for (const cv::Vec3d& corner : die.corners(z)) {
          const cv::Point2f p = camera.project(corner);
          inside = inside && p.x > 4 && p.y > 4 && p.x < options.width - 5 && p.y < options.height - 5;
        }
      if (clear && inside) {
        dice.push_back(die);
        break;
      }
    }
  }

  // Step 4. Shadows: each die's footprint swept away from the light, softened.
  cv::Mat shadow(size, CV_32F, cv::Scalar(0));
  for (const PlacedDie& die : dice) {
    std::vector<cv::Point2f> points;
    for (const cv::Vec3d& p : die.corners(0)) points.push_back(camera.project(p));
    for (const cv::Vec3d& p : die.corners(1)) points.push_back(camera.project(p - light * (p[2] / light[2])));
    std::vector<cv::Point2f> hull;
    cv::convexHull(points, hull);
    cv::fillConvexPoly(shadow, pixel_points(hull), cv::Scalar(1.0), cv::LINE_8, 4);
  }
  cv::GaussianBlur(shadow, shadow, cv::Size(0, 0), 0.12 * die_pixels);
  const double shadow_strength = uniform(rng, 0.25, 0.55);
  std::vector<cv::Mat> channels;
  cv::split(table, channels);
  for (cv::Mat& channel : channels) channel = channel.mul(1.0 - shadow * shadow_strength);
  cv::merge(channels, table);
  cv::Mat image;
  table.convertTo(image, CV_8UC3);

  // Step 5. The dice, farthest first: shaded visible sides, then the textured top face.
  std::array<cv::Mat, 6> textures;
  const cv::Mat mask = rounded_square_mask(kTextureSize);
  const cv::Scalar body = body_colour(options.art);
  const auto depth = [&](const PlacedDie& d) { return cv::norm(cv::Vec3d(d.cx, d.cy, 0.5) - camera.centre); };
  std::vector<std::size_t> order(dice.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return depth(dice[a]) > depth(dice[b]); });
  const double ambient = 0.45, top_light = ambient + 0.55 * light[2];
  const std::vector<std::string> labels = face_labels(options.art);
  for (std::size_t index : order) {
    const PlacedDie& die = dice[index];
    const auto base = die.corners(0), top = die.corners(1);
    for (std::size_t i = 0; i < 4; ++i) {
      const std::size_t j = (i + 1) % 4;
      const cv::Vec3d middle = (base[i] + base[j] + top[i] + top[j]) * 0.25;
      cv::Vec3d normal = middle - cv::Vec3d(die.cx, die.cy, 0.5);
      normal[2] = 0;
      normal /= cv::norm(normal);
      if (normal.dot(camera.centre - middle) <= 0) continue;
      const double shade = std::min(0.8, (ambient + 0.55 * std::max(0.0, normal.dot(light))) / top_light) * 0.9;
      const std::vector<cv::Point2f> side = {camera.project(base[i]), camera.project(base[j]), camera.project(top[j]),
                                             camera.project(top[i])};
      cv::fillConvexPoly(image, pixel_points(side), body * shade, cv::LINE_AA, 4);
    }
    cv::Mat& texture = textures[static_cast<std::size_t>(die.face)];
    if (texture.empty()) texture = draw_face(options.art, die.face, kTextureSize);
    Quad quad;
    for (std::size_t i = 0; i < 4; ++i) quad[i] = camera.project(top[(i + static_cast<std::size_t>(die.quarter_turns)) % 4]);
    paste(image, texture, mask, quad);
    RenderedDie rendered;
    rendered.face = die.face;
    rendered.label = labels[static_cast<std::size_t>(die.face)];
    rendered.top_face = order_corners(quad);
    rendered.box = bounding_box(quad);
    scene.dice.push_back(rendered);
  }

  // Step 6. Light: colour cast, exposure, gradient, glare; then blur, noise and JPEG.
  cv::Mat light_image;
  image.convertTo(light_image, CV_32FC3);
  const int cast = uniform_int(rng, 0, 2);
  const double exposure = uniform(rng, 0.85, 1.08);
  const cv::Vec3f gains = cast == 0 ? cv::Vec3f(0.80f, 0.95f, 1.08f) : cast == 1 ? cv::Vec3f(1.08f, 1.0f, 0.86f) : cv::Vec3f(1, 1, 1);
  const double gradient = uniform(rng, -0.2, 0.2);
  const double gradient_angle = uniform(rng, 0, 2 * std::numbers::pi);
  const bool glare = chance(rng, options.glare_chance);
  const double glare_x = uniform(rng, 0, options.width), glare_y = uniform(rng, 0, options.height);
  const double glare_rx = uniform(rng, 0.04, 0.15) * short_side, glare_ry = uniform(rng, 0.02, 0.08) * short_side;
  const double glare_strength = uniform(rng, 50, 130);
  const double gc = std::cos(gradient_angle), gs = std::sin(gradient_angle);
  for (int y = 0; y < light_image.rows; ++y) {
    cv::Vec3f* row = light_image.ptr<cv::Vec3f>(y);
    for (int x = 0; x < light_image.cols; ++x) {
      const double along = ((x - options.width / 2.0) * gc + (y - options.height / 2.0) * gs) / short_side;
      const float factor = static_cast<float>(exposure * (1 + gradient * along));
      float add = 0;
      if (glare) {
        const double dx = (x - glare_x) / glare_rx, dy = (y - glare_y) / glare_ry;
        add = static_cast<float>(glare_strength * std::exp(-(dx * dx + dy * dy)));
      }
      // Glare reflects the light itself, so it has the light's colour.
      for (int c = 0; c < 3; ++c) row[x][c] = (row[x][c] * factor + add) * gains[c];
    }
  }
  const double blur = uniform(rng, 0, 1.0) * short_side / 768;
  if (blur > 0.3) cv::GaussianBlur(light_image, light_image, cv::Size(0, 0), blur);
  cv::Mat noise(light_image.size(), CV_32FC3);
  cv::RNG local(rng());
  local.fill(noise, cv::RNG::NORMAL, 0.0, uniform(rng, 1.5, 5.0));
  light_image += noise;
  light_image.convertTo(scene.image, CV_8UC3);
  if (options.min_jpeg_quality > 0) {
    const std::vector<std::uint8_t> bytes = encode_image(
        ".jpg", scene.image, {cv::IMWRITE_JPEG_QUALITY, uniform_int(rng, options.min_jpeg_quality, options.max_jpeg_quality)});
    scene.image = decode_image(bytes, cv::IMREAD_COLOR);
  }
  return scene;
}

int write_calibration_set(const std::filesystem::path& dir, DiceArt art, int photos_per_face,
                          const SceneOptions& base, std::uint64_t seed, bool with_boxes) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) throw InputError(fmt::format("{}: cannot create the directory", dir.string()));
  std::mt19937_64 rng(seed);
  nlohmann::json photos = nlohmann::json::array();
  const std::vector<std::string> labels = face_labels(art);
  int written = 0;
  for (int face = 0; face < static_cast<int>(labels.size()); ++face) {
    for (int n = 0; n < photos_per_face; ++n) {
      SceneOptions options = base;
      options.art = art;
      options.only_face = face;
      const RenderedScene scene = render_scene(options, rng);
      const std::string file = fmt::format("{}-{:02}.jpg", labels[static_cast<std::size_t>(face)], n);
      if (!write_image(dir / file, scene.image, {cv::IMWRITE_JPEG_QUALITY, 92})) {
        throw InputError(fmt::format("{}: cannot be written", (dir / file).string()));
      }
      nlohmann::json items = nlohmann::json::array();
      for (const RenderedDie& die : scene.dice) {
        nlohmann::json item = {{"label", die.label}};
        if (with_boxes) item["box"] = {die.box.x, die.box.y, die.box.w, die.box.h};
        items.push_back(item);
      }
      photos.push_back({{"file", file}, {"items", items}});
      ++written;
    }
  }
  std::ofstream out(dir / "labels.json");
  out << nlohmann::json{{"photos", photos}}.dump(1) << '\n';
  if (!out) throw InputError(fmt::format("{}: cannot be written", (dir / "labels.json").string()));
  return written;
}

}  // namespace qm::vision
