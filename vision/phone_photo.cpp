#include "vision/phone_photo.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

#include <opencv2/imgproc.hpp>

#include "vision/image_codecs.hpp"
#include "vision/random_draws.hpp"

namespace qm::vision {
namespace {

// A look that never has it takes no draw for it, so that the photo's other draws stay as they were.
bool happens(std::mt19937_64& rng, double p) { return p > 0 && chance(rng, p); }

cv::Scalar random_colour(std::mt19937_64& rng, double low, double high) {
  return {uniform(rng, low, high), uniform(rng, low, high), uniform(rng, low, high)};
}

// A float image of one channel, value f(x, y), for the patterns and the light.
template <class F>
cv::Mat field(cv::Size size, F f) {
  cv::Mat out(size, CV_32F);
  for (int y = 0; y < size.height; ++y) {
    float* row = out.ptr<float>(y);
    for (int x = 0; x < size.width; ++x) row[x] = static_cast<float>(f(x, y));
  }
  return out;
}

// Two colours mixed by a 0..1 field.
cv::Mat mix(const cv::Mat& t, const cv::Scalar& a, const cv::Scalar& b) {
  cv::Mat out(t.size(), CV_8UC3);
  for (int y = 0; y < t.rows; ++y) {
    const float* w = t.ptr<float>(y);
    cv::Vec3b* row = out.ptr<cv::Vec3b>(y);
    for (int x = 0; x < t.cols; ++x) {
      for (int c = 0; c < 3; ++c) row[x][c] = cv::saturate_cast<uchar>(a[c] + (b[c] - a[c]) * w[x]);
    }
  }
  return out;
}

void add_noise(cv::Mat& bgr, double sigma, std::mt19937_64& rng) {
  cv::Mat noise(bgr.size(), CV_32FC3);
  cv::RNG cv_rng(rng());
  cv_rng.fill(noise, cv::RNG::NORMAL, 0, sigma);
  cv::Mat f;
  bgr.convertTo(f, CV_32FC3);
  f += noise;
  f.convertTo(bgr, CV_8UC3);
}

// The camera turned by `degrees` about an axis in the image plane: H = K R K^-1, then scaled
// and shifted so that every outline (or, with none, the middle of the photo) stays in view.
cv::Mat tilt(cv::Size size, double degrees, std::mt19937_64& rng, const std::vector<Quad>& outlines) {
  const double f = std::max(size.width, size.height);  // a phone's wide lens: about 53 degrees across
  const double axis = uniform(rng, 0, std::numbers::pi);
  const double angle = degrees * std::numbers::pi / 180;
  // Rodrigues' formula for a turn by `angle` about the unit axis (ux, uy, 0).
  const double ux = std::cos(axis), uy = std::sin(axis), c = std::cos(angle), s = std::sin(angle);
  const cv::Mat r = (cv::Mat_<double>(3, 3) << c + ux * ux * (1 - c), ux * uy * (1 - c), uy * s,
                     ux * uy * (1 - c), c + uy * uy * (1 - c), -ux * s,
                     -uy * s, ux * s, c);
  const cv::Mat k = (cv::Mat_<double>(3, 3) << f, 0, size.width / 2.0, 0, f, size.height / 2.0, 0, 0, 1);
  cv::Mat h = k * r * k.inv();
  std::vector<cv::Point2f> points;
  for (const Quad& q : outlines) points.insert(points.end(), q.begin(), q.end());
  if (points.empty()) {
    points = {{size.width * 0.25f, size.height * 0.25f}, {size.width * 0.75f, size.height * 0.75f}};
  }
  std::vector<cv::Point2f> moved;
  cv::perspectiveTransform(points, moved, h);
  const cv::Rect2f bounds = cv::boundingRect(moved);
  const double margin = 0.04 * f;
  const double scale = std::min({1.0, (size.width - 2 * margin) / std::max(1.0f, bounds.width),
                                 (size.height - 2 * margin) / std::max(1.0f, bounds.height)});
  const cv::Point2d centre(bounds.x + bounds.width / 2.0, bounds.y + bounds.height / 2.0);
  const cv::Mat fit = (cv::Mat_<double>(3, 3) << scale, 0, size.width / 2.0 - scale * centre.x, 0, scale,
                       size.height / 2.0 - scale * centre.y, 0, 0, 1);
  return fit * h;
}

// A fingertip over the corner `at` of `outline`, pointing in from outside: skin, shaded.
void draw_finger(cv::Mat& image, const Quad& outline, int at, std::mt19937_64& rng) {
  const cv::Point2f corner = outline[static_cast<std::size_t>(at)];
  const cv::Point2f centre = centre_of(outline);
  const double short_side = std::min(cv::norm(outline[0] - outline[1]), cv::norm(outline[1] - outline[2]));
  const cv::Point2f outward = corner - centre;
  const double angle = std::atan2(outward.y, outward.x) * 180 / std::numbers::pi;
  const double width = short_side * uniform(rng, 0.3, 0.45);
  const double length = width * uniform(rng, 2.5, 4);
  // The fingertip covers the corner; the finger runs outward from it, off the card.
  const cv::Point2f unit = outward * static_cast<float>(1 / std::max(1.0, cv::norm(outward)));
  const cv::Point2f tip_centre = corner + unit * static_cast<float>(length * 0.35);
  const cv::Scalar skin(uniform(rng, 90, 150), uniform(rng, 120, 175), uniform(rng, 170, 230));
  cv::ellipse(image, cv::RotatedRect(tip_centre, cv::Size2f(static_cast<float>(length), static_cast<float>(width)),
                                     static_cast<float>(angle)),
              skin * 0.8, cv::FILLED, cv::LINE_AA);
  cv::ellipse(image, cv::RotatedRect(tip_centre, cv::Size2f(static_cast<float>(length * 0.9), static_cast<float>(width * 0.7)),
                                     static_cast<float>(angle)),
              skin, cv::FILLED, cv::LINE_AA);
}

}  // namespace

PhoneLook PhoneLook::level(int hardness) {
  PhoneLook look;
  if (hardness <= 0) return look;
  const double h = std::min(hardness, 3) / 3.0;  // 1/3, 2/3, 1
  look.max_tilt_degrees = 40 * h;
  look.max_defocus = 2.5 * h;
  look.max_motion = 9 * h;
  look.max_noise = 10 * h;
  look.max_light_falloff = 0.6 * h;
  look.shadow_chance = 0.7 * h;
  look.max_white_shift = 0.25 * h;
  look.glare_chance = 0.6 * h;
  look.finger_chance = 0.3 * h;
  look.pattern_chance = h;  // at the hardest, always a patterned table
  look.min_jpeg_quality = static_cast<int>(std::lround(90 - 40 * h));
  look.max_jpeg_quality = 90;
  return look;
}

cv::Mat patterned_table(cv::Size size, TablePattern pattern, std::mt19937_64& rng) {
  const double unit = std::max(size.width, size.height) / 1000.0;  // pixels per thousandth of the photo
  cv::Mat table;
  switch (pattern) {
    case TablePattern::wood_grain: {
      const double period = uniform(rng, 8, 20) * unit, wobble = uniform(rng, 0.004, 0.012) / unit, phase = uniform(rng, 0, 6);
      const cv::Mat t = field(size, [&](int x, int y) {
        const double v = std::sin((y + 12 * unit * std::sin(x * wobble + phase)) * 2 * std::numbers::pi / period);
        return 0.5 + 0.5 * v * std::abs(v);
      });
      const double red = uniform(rng, 150, 235);  // brown: red over green over blue
      const cv::Scalar light(red * uniform(rng, 0.35, 0.6), red * uniform(rng, 0.6, 0.8), red);
      table = mix(t, light, light * uniform(rng, 0.55, 0.8));
      break;
    }
    case TablePattern::cloth_weave: {
      const int thread = std::max(2, static_cast<int>(uniform(rng, 3, 6) * unit));
      const cv::Mat t = field(size, [&](int x, int y) {
        const bool over = ((x / thread) + (y / thread)) % 2 == 0;
        const double along = over ? std::sin(std::numbers::pi * (x % thread) / thread) : std::sin(std::numbers::pi * (y % thread) / thread);
        return 0.35 + 0.65 * along;
      });
      const cv::Scalar colour = random_colour(rng, 40, 230);
      table = mix(t, colour * 0.6, colour);
      break;
    }
    case TablePattern::stripes: {
      // One of the two colours may be nearly white: bright bands as wide as a card.
      const double width = uniform(rng, 20, 120) * unit, angle = uniform(rng, 0, std::numbers::pi);
      const double c = std::cos(angle), s = std::sin(angle);
      const cv::Mat t = field(size, [&](int x, int y) { return std::fmod(std::abs(x * c + y * s), 2 * width) < width ? 0.0 : 1.0; });
      table = mix(t, random_colour(rng, 200, 250), random_colour(rng, 30, 200));
      cv::GaussianBlur(table, table, cv::Size(), unit);
      break;
    }
    case TablePattern::towel: {
      // Terry loops: bright, close-set bumps, the hardest background for white cards and dice.
      cv::Mat loops(size, CV_32F);
      cv::RNG cv_rng(rng());
      cv_rng.fill(loops, cv::RNG::UNIFORM, 0, 1);
      cv::GaussianBlur(loops, loops, cv::Size(), 1.5 * unit);
      cv::normalize(loops, loops, 0, 1, cv::NORM_MINMAX);
      const cv::Scalar colour = random_colour(rng, 150, 245);
      table = mix(loops, colour * 0.65, colour);
      break;
    }
    case TablePattern::checks: {
      // Gingham: white and coloured squares, each about a die's or a card's size.
      const double side = uniform(rng, 30, 90) * unit;
      const cv::Mat t = field(size, [&](int x, int y) {
        const bool a = static_cast<int>(x / side) % 2 == 0, b = static_cast<int>(y / side) % 2 == 0;
        return a && b ? 0.0 : (a || b ? 0.5 : 1.0);
      });
      table = mix(t, cv::Scalar(240, 240, 240), random_colour(rng, 30, 200));
      break;
    }
  }
  add_noise(table, 4, rng);
  return table;
}

PhonePhoto phone_photo(const cv::Mat& rendered, const std::vector<Quad>& outlines, const PhoneLook& look, std::mt19937_64& rng) {
  CV_Assert(rendered.type() == CV_8UC3 && !rendered.empty());
  PhonePhoto photo{rendered.clone(), outlines};
  const cv::Size size = rendered.size();
  const double unit = std::max(size.width, size.height) / 1000.0;

  // The table: what lies outside every outline becomes a patterned one.
  cv::Mat table;
  if (happens(rng, look.pattern_chance)) {
    table = patterned_table(size, static_cast<TablePattern>(uniform_int(rng, 0, kTablePatterns - 1)), rng);
    cv::Mat objects = cv::Mat::zeros(size, CV_8U);
    for (const Quad& q : outlines) cv::fillConvexPoly(objects, pixel_corners(q), 255, cv::LINE_AA);
    table.copyTo(photo.image, objects == 0);
  }
  for (const Quad& q : outlines) {
    if (happens(rng, look.finger_chance)) draw_finger(photo.image, q, uniform_int(rng, 0, 3), rng);
  }

  if (look.max_tilt_degrees > 0) {
    const cv::Mat h = tilt(size, uniform(rng, 0, look.max_tilt_degrees), rng, outlines);
    cv::Mat warped;
    cv::warpPerspective(photo.image, warped, h, size, cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar::all(0));
    cv::Mat seen;
    cv::warpPerspective(cv::Mat(size, CV_8U, cv::Scalar(255)), seen, h, size, cv::INTER_NEAREST);
    // Outside the old frame the table goes on: the pattern, or the render's edge repeated.
    cv::Mat beyond = table.empty() ? cv::Mat() : table;
    if (beyond.empty()) cv::resize(photo.image, beyond, size, 0, 0, cv::INTER_AREA);
    beyond.copyTo(warped, seen == 0);
    photo.image = warped;
    for (Quad& q : photo.outlines) {
      std::vector<cv::Point2f> moved;
      cv::perspectiveTransform(std::vector<cv::Point2f>(q.begin(), q.end()), moved, h);
      q = order_corners(Quad{moved[0], moved[1], moved[2], moved[3]});
    }
  }

  cv::Mat light(size, CV_32F, cv::Scalar(1));
  if (look.max_light_falloff > 0) {
    // The lamp somewhere off to one side: light falls off away from it.
    const cv::Point2d lamp(uniform(rng, -0.5, 1.5) * size.width, uniform(rng, -0.5, 1.5) * size.height);
    const double reach = std::hypot(size.width, size.height) * uniform(rng, 0.8, 1.6);
    const double falloff = uniform(rng, 0, look.max_light_falloff);
    light = field(size, [&](int x, int y) { return 1 - falloff * std::min(1.0, std::hypot(x - lamp.x, y - lamp.y) / reach); });
  }
  if (happens(rng, look.shadow_chance)) {
    // A soft shadow from one edge: a hand or the phone between the lamp and the table.
    cv::Mat shadow = cv::Mat::zeros(size, CV_32F);
    const cv::Point centre(static_cast<int>(uniform(rng, 0, size.width)), static_cast<int>(uniform(rng, 0, size.height)));
    const cv::Size axes(static_cast<int>(uniform(rng, 0.15, 0.5) * size.width), static_cast<int>(uniform(rng, 0.1, 0.4) * size.height));
    cv::ellipse(shadow, centre, axes, uniform(rng, 0, 180), 0, 360, cv::Scalar(uniform(rng, 0.25, 0.6)), cv::FILLED);
    cv::GaussianBlur(shadow, shadow, cv::Size(), 25 * unit);
    light = light.mul(1 - shadow);
  }
  cv::Mat lit;
  photo.image.convertTo(lit, CV_32FC3);
  cv::Mat light3;
  cv::merge(std::vector<cv::Mat>{light, light, light}, light3);
  lit = lit.mul(light3);
  if (look.max_white_shift > 0) {
    const double s = look.max_white_shift;
    lit = lit.mul(cv::Scalar(uniform(rng, 1 - s, 1 + s), uniform(rng, 1 - s / 2, 1 + s / 2), uniform(rng, 1 - s, 1 + s)));
  }
  if (happens(rng, look.glare_chance)) {
    cv::Mat glare = cv::Mat::zeros(size, CV_32F);
    const cv::Point centre(static_cast<int>(uniform(rng, 0, size.width)), static_cast<int>(uniform(rng, 0, size.height)));
    const double radius = uniform(rng, 15, 60) * unit;
    cv::circle(glare, centre, static_cast<int>(radius), cv::Scalar(uniform(rng, 120, 255)), cv::FILLED);
    cv::GaussianBlur(glare, glare, cv::Size(), radius / 2);
    cv::Mat glare3;
    cv::merge(std::vector<cv::Mat>{glare, glare, glare}, glare3);
    lit += glare3;
  }
  lit.convertTo(photo.image, CV_8UC3);

  if (look.max_defocus > 0) {
    const double sigma = uniform(rng, 0, look.max_defocus) * unit;
    if (sigma > 0.3) cv::GaussianBlur(photo.image, photo.image, cv::Size(), sigma);
  }
  if (look.max_motion > 0) {
    const int length = static_cast<int>(uniform(rng, 0, look.max_motion) * unit);
    if (length >= 2) {
      cv::Mat kernel = cv::Mat::zeros(2 * length + 1, 2 * length + 1, CV_32F);
      const double angle = uniform(rng, 0, std::numbers::pi);
      const cv::Point2d d(std::cos(angle) * length / 2, std::sin(angle) * length / 2);
      cv::line(kernel, cv::Point(static_cast<int>(length - d.x), static_cast<int>(length - d.y)),
               cv::Point(static_cast<int>(length + d.x), static_cast<int>(length + d.y)), cv::Scalar(1), 1, cv::LINE_AA);
      kernel /= cv::sum(kernel)[0];
      cv::filter2D(photo.image, photo.image, -1, kernel);
    }
  }
  if (look.max_noise > 0) add_noise(photo.image, uniform(rng, 0, look.max_noise), rng);
  if (look.max_jpeg_quality > 0) {
    const int quality = uniform_int(rng, look.min_jpeg_quality, look.max_jpeg_quality);
    const cv::Mat decoded = decode_image(encode_image(".jpg", photo.image, {cv::IMWRITE_JPEG_QUALITY, quality}), cv::IMREAD_COLOR);
    if (!decoded.empty()) photo.image = decoded;
  }
  return photo;
}

}  // namespace qm::vision
