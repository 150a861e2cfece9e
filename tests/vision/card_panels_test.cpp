// Cards found from their coloured panels (vision/card_panels.hpp), where their white is no help,
// and the test a candidate must pass to be taken for a card.
#include <algorithm>
#include <array>
#include <random>
#include <ranges>
#include <vector>

#include <catch2/catch.hpp>
#include <opencv2/imgproc.hpp>

#include "vision/card_art.hpp"
#include "vision/card_panels.hpp"
#include "vision/card_profile.hpp"
#include "vision/card_scan.hpp"
#include "vision/phone_photo.hpp"
#include "vision/photo.hpp"
#include "vision_test_support.hpp"

using namespace qm::vision;
using qm::testing::card_seen_as;

namespace {

// A table of paper-white and blue stripes, dimmed: the stripes are as white as a card's margin.
cv::Mat striped_table() {
  cv::Mat table(600, 800, CV_8UC3, cv::Scalar(150, 90, 40));
  for (int y = 0; y < table.rows; y += 40) cv::rectangle(table, cv::Rect(0, y, table.cols, 20), cv::Scalar(236, 236, 236), cv::FILLED);
  return table;
}

// `photo` in `light` of the light it was drawn in.
cv::Mat dimmed(const cv::Mat& photo, double light = 0.6) {
  cv::Mat dim;
  photo.convertTo(dim, -1, light);
  return dim;
}

// A red 7 drawn `size` (squeezed, as seen at an angle) on `photo` at (300, 190); its box.
Box place_squeezed_red7(cv::Mat& photo, cv::Size size) {
  cv::Mat card;
  cv::resize(draw_corsari_card(corsari_colour_index("red"), 7), card, size, 0, 0, cv::INTER_AREA);
  card.copyTo(photo(cv::Rect(cv::Point(300, 190), size)));
  return Box{300, 190, static_cast<double>(size.width), static_cast<double>(size.height)};
}

}  // namespace

TEST_CASE("a card on stripes as white as its paper is found from its panel", "[cards][panels]") {
  cv::Mat photo = striped_table();
  cv::Mat card;
  cv::resize(draw_corsari_card(corsari_colour_index("red"), 7), card, cv::Size(), 1.2, 1.2, cv::INTER_AREA);
  const cv::Rect where(300, 190, card.cols, card.rows);
  card.copyTo(photo(where));
  photo = dimmed(photo);
  const Box truth{static_cast<double>(where.x), static_cast<double>(where.y), static_cast<double>(where.width),
                  static_cast<double>(where.height)};

  const std::vector<Quad> from_panels = whole_cards_from_panels(photo);
  REQUIRE(from_panels.size() == 1);
  CHECK(iou(bounding_box(from_panels.front()), truth) > 0.9);
  CHECK(whole_cards_from_panels(photo, from_panels).empty());  // a card found already is not found again
  const std::vector<Quad> found = find_cards(photo);
  CHECK(std::count_if(found.begin(), found.end(), [&](const Quad& quad) { return iou(bounding_box(quad), truth) > 0.9; }) == 1);
}

TEST_CASE("a blurred card on stripes is found from its panel, the card round it as large as the card", "[cards][panels]") {
  // Out of focus, the panel's edges are so wide that its flat part stops well short of them:
  // the card built round that part alone is too small for its margin to lie on the paper.
  cv::Mat photo = striped_table();
  const cv::Mat card = draw_corsari_card(corsari_colour_index("red"), 7);
  const cv::Rect where(300, 190, card.cols, card.rows);
  card.copyTo(photo(where));
  for (const double sigma : {3.0, 4.0}) {
    cv::Mat blurred;
    cv::GaussianBlur(dimmed(photo), blurred, cv::Size(), sigma);
    const std::vector<Quad> found = whole_cards_from_panels(blurred);
    REQUIRE(found.size() == 1);
    CHECK(iou(bounding_box(found.front()), Box{300, 190, 120, 180}) > 0.9);
    // The card 8% too small round its centre is grown back to one that looks like a card; the
    // same outline on the bare stripes is no card at any size.
    const Quad too_small = corners_of(cv::Rect2f(304.8F, 197.2F, 110.4F, 165.6F));
    const auto grown = card_as_printed(blurred, too_small);
    REQUIRE(grown);
    CHECK(iou(bounding_box(*grown), Box{300, 190, 120, 180}) > 0.9);
    cv::Mat bare;
    cv::GaussianBlur(dimmed(striped_table()), bare, cv::Size(), sigma);
    CHECK_FALSE(card_as_printed(bare, too_small));
  }
}

TEST_CASE("the stripes alone, or a blank card on them, are no card", "[cards][panels]") {
  cv::Mat photo = striped_table();
  CHECK(whole_cards_from_panels(dimmed(photo)).empty());
  // A white card with a red panel but no number disc is not the printed layout.
  cv::rectangle(photo, cv::Rect(300, 190, 144, 216), cv::Scalar(236, 236, 236), cv::FILLED);
  cv::rectangle(photo, cv::Rect(312, 202, 120, 192), cv::Scalar(40, 40, 200), cv::FILLED);
  CHECK(whole_cards_from_panels(dimmed(photo)).empty());
}

TEST_CASE("a card looks like a card either way up, and paper, table or a plain panel does not", "[cards][panels]") {
  const cv::Mat card = draw_corsari_card(corsari_colour_index("red"), 7);
  REQUIRE(card.size() == cv::Size(kCardWidth, kCardHeight));
  CHECK(looks_like_card(card));
  cv::Mat turned;
  cv::rotate(card, turned, cv::ROTATE_180);
  CHECK(looks_like_card(turned));
  CHECK(looks_like_card(dimmed(card)));  // in shade: the margin and the disc are still one paper

  const cv::Mat paper(card.size(), CV_8UC3, cv::Scalar(236, 236, 236));
  CHECK_FALSE(looks_like_card(paper));
  cv::Mat table;
  cv::resize(striped_table()(cv::Rect(0, 0, 240, 360)), table, card.size(), 0, 0, cv::INTER_AREA);
  CHECK_FALSE(looks_like_card(table));
  cv::Mat no_disc = card.clone();
  cv::circle(no_disc, card_number_centre(), card_number_radius(), cv::Scalar(40, 40, 200), cv::FILLED);
  CHECK_FALSE(looks_like_card(no_disc));
}

TEST_CASE("a card in deep shade looks like a card: its ink dims with its paper, and light grain in a disc is no ink", "[cards][panels]") {
  // A fifth of the light: the disc's paper is at L 21 and its ink 19 below it, short of the 20
  // asked of paper in full light (in shade about 7 is asked).
  const cv::Mat shaded = dimmed(draw_corsari_card(corsari_colour_index("purple"), 2), 0.2);
  CHECK(looks_like_card(shaded));
  ScanParameters full_light_only;
  full_light_only.card_check_ink_lit_paper = 0;
  CHECK_FALSE(looks_like_card(shaded, full_light_only));

  // Dark wood: the "disc" holds streaks lighter than the paper beside darker ones. Dimmed ink
  // alone would pass it; a disc is its paper and the number, so its middle is no lighter.
  cv::Mat grain(shaded.size(), CV_8UC3);
  for (int y = 0; y < grain.rows; ++y) grain.row(y).setTo(cv::Scalar::all((y / 4) % 3 == 0 ? 20 : 80));
  cv::Mat inside = cv::Mat::zeros(shaded.size(), CV_8U);
  cv::circle(inside, card_number_centre(), static_cast<int>(card_number_radius() * 0.8), 255, cv::FILLED);
  cv::Mat wood = shaded.clone();
  grain.copyTo(wood, inside);
  CHECK_FALSE(looks_like_card(wood));
  ScanParameters any_middle;
  any_middle.card_check_dim_disc_lighter = 100;
  CHECK(looks_like_card(wood, any_middle));
}

TEST_CASE("a card in deep shade shows its panel against grey paper, and a tinted or lighter panel does not", "[cards][panels]") {
  // A grey 5 in 0.3 of the light: its panel lies less than card_check_panel_contrast from its
  // paper, as a rendered grey 3 in a table's shadow at the hardest look did.
  const cv::Mat shaded = dimmed(draw_corsari_card(corsari_colour_index("grey"), 5), 0.3);
  CHECK(looks_like_card(shaded));
  ScanParameters full_contrast;
  full_contrast.card_check_dim_panel_share = 1;
  CHECK_FALSE(looks_like_card(shaded, full_contrast));

  // The same with its blue channel at 0.6: its "paper" is brown, as wood in shade is.
  std::vector<cv::Mat> channels;
  cv::split(shaded, channels);
  channels[0] *= 0.6;
  cv::Mat warm;
  cv::merge(channels, warm);
  CHECK_FALSE(looks_like_card(warm));
  ScanParameters any_paper;
  any_paper.card_check_dim_paper_chroma = 100;
  CHECK(looks_like_card(warm, any_paper));

  // Its panel painted a grey lighter than its paper (74): no printed panel is.
  cv::Mat lighter = shaded.clone();
  cv::Mat panel = cv::Mat::zeros(shaded.size(), CV_8U);
  cv::rectangle(panel, card_panel(), 255, cv::FILLED);
  cv::circle(panel, card_number_centre(), card_number_radius() + 2, 0, cv::FILLED);
  lighter.setTo(cv::Scalar::all(114), panel);
  CHECK_FALSE(looks_like_card(lighter));
  ScanParameters lighter_too;
  lighter_too.card_check_dim_panel_darker = -100;
  CHECK(looks_like_card(lighter, lighter_too));
}

TEST_CASE("a card with the light falling off along it looks like a card, and two cards' panels side by side do not", "[cards][panels]") {
  // A lamp at one end: the light falls to 55% of itself along the card, so the panel above the
  // disc and the panel below it are further apart than one colour allows; but each is one colour
  // across the card, and the margin darkens towards the same end.
  const auto lit = [](const cv::Mat& card, bool from_top) {
    cv::Mat seen = card.clone();
    for (int y = 0; y < seen.rows; ++y) seen.row(y) *= 1.0 - 0.45 * (from_top ? y : seen.rows - 1 - y) / (seen.rows - 1);
    return seen;
  };
  const cv::Mat yellow2 = draw_corsari_card(corsari_colour_index("yellow"), 2);
  CHECK(looks_like_card(lit(yellow2, true)));
  ScanParameters one_colour_only;
  one_colour_only.card_check_falloff_spread = one_colour_only.card_check_panel_spread;
  CHECK_FALSE(looks_like_card(lit(yellow2, true), one_colour_only));
  // The panel lit from the top but the margin from the bottom: no light falls so.
  cv::Mat crossed = lit(yellow2, false);
  lit(yellow2, true)(card_panel()).copyTo(crossed(card_panel()));
  CHECK_FALSE(looks_like_card(crossed));
  // A shape over two fanned cards, a yellow panel's left half beside a grey one's right half:
  // its panel is not one colour across.
  cv::Mat two = yellow2.clone();
  const cv::Rect right_half(kCardWidth / 2, 0, kCardWidth - kCardWidth / 2, kCardHeight);
  draw_corsari_card(corsari_colour_index("grey"), 2)(right_half).copyTo(two(right_half));
  CHECK_FALSE(looks_like_card(lit(two, true)));
  ScanParameters uneven_too;
  uneven_too.card_check_falloff_even = 400;
  CHECK(looks_like_card(lit(two, true), uneven_too));
}

TEST_CASE("the number's disc found alone gives the card round it, where a panel rings it", "[cards][panels]") {
  // Blurred, a card's margin runs into the table and the white finds only the disc: the card
  // is the one round the panel that rings it.
  cv::Mat photo = striped_table();
  const cv::Mat card = draw_corsari_card(corsari_colour_index("red"), 7);
  card.copyTo(photo(cv::Rect(300, 190, card.cols, card.rows)));
  const Box truth{300, 190, 120, 180};
  const float side = 2.0F * static_cast<float>(card_number_radius());
  for (const double sigma : {1.0, 3.0}) {
    cv::Mat blurred;
    cv::GaussianBlur(dimmed(photo), blurred, cv::Size(), sigma);
    // The disc as a white shape outlines it: on its rim, or a little inside or outside it.
    for (const double scale : {0.92, 1.0, 1.1}) {
      const Quad disc = scaled_round_centre(corners_of(cv::Rect2f(360 - side / 2, 280 - side / 2, side, side)), scale);
      const auto found = card_round_disc(blurred, disc);
      REQUIRE(found);
      CHECK(iou(bounding_box(*found), truth) > 0.9);
    }
  }
}

TEST_CASE("a white shape with no panel round it, or with the table's colour round it, gives no card", "[cards][panels]") {
  const float side = 2.0F * static_cast<float>(card_number_radius());
  const Quad disc = corners_of(cv::Rect2f(360 - side / 2, 280 - side / 2, side, side));
  // The bare table: no panel of one colour rings the shape.
  CHECK_FALSE(card_round_disc(dimmed(striped_table()), disc));
  // A disc with its number on a plain red table: the "panel" runs on over the table.
  cv::Mat red(600, 800, CV_8UC3, cv::Scalar(40, 40, 200));
  cv::circle(red, cv::Point(360, 280), card_number_radius(), cv::Scalar(236, 236, 236), cv::FILLED);
  cv::putText(red, "7", cv::Point(345, 300), cv::FONT_HERSHEY_SIMPLEX, 1.5, cv::Scalar(20, 20, 20), 4);
  CHECK_FALSE(card_round_disc(red, disc));
  // A card's disc, but the shape is a speck inside it (its number): white all round, no panel.
  cv::Mat photo = striped_table();
  draw_corsari_card(corsari_colour_index("red"), 7).copyTo(photo(cv::Rect(300, 190, kCardWidth, kCardHeight)));
  CHECK_FALSE(card_round_disc(photo, scaled_round_centre(disc, 0.4)));
}

TEST_CASE("every card of both decks has its panel round its disc, a band of colour down a pale table has not", "[cards][panels]") {
  for (const CardGame game : {CardGame::corsari, CardGame::loot}) {
    for (const std::string& label : deck_labels(game)) {
      INFO(label);
      const cv::Mat card = draw_card(game, label);
      CHECK(looks_like_card(card));
      CHECK(panel_rings_disc(card));
    }
  }
  // A green stripe between pale ones, seen as a card: margin and disc pale, the "panel" above
  // and below the disc green, and the stripe's green through the disc taken for its number. The
  // panel would ring the disc: beside it, the pale table is there instead.
  const cv::Mat card = draw_corsari_card(corsari_colour_index("green"), 6);
  const cv::Vec3b green = card.at<cv::Vec3b>(30, 60);
  for (const double sigma : {1.0, 3.0}) {
    cv::Mat stripe(card.size(), CV_8UC3, cv::Scalar(225, 230, 230));
    cv::rectangle(stripe, cv::Rect(kCardWidth / 2 - 15, 0, 30, kCardHeight), green, cv::FILLED);
    cv::GaussianBlur(stripe, stripe, cv::Size(), sigma);
    CHECK(looks_like_card(stripe));  // margin, panel, disc and ink all where a card has them
    CHECK_FALSE(panel_rings_disc(stripe));
    // Were the table green beside the disc on one side, it would be a card's panel (the next
    // card of a fan may cover the other side).
    stripe(card_panel_sides()[0]).setTo(green);
    CHECK(panel_rings_disc(stripe));
  }
  // On a photo of such a table, the panel search's card over a stripe is refused.
  cv::Mat table(600, 800, CV_8UC3, cv::Scalar(225, 230, 230));
  for (int x = 45; x < table.cols; x += 120) cv::rectangle(table, cv::Rect(x, 0, 30, table.rows), green, cv::FILLED);
  cv::GaussianBlur(table, table, cv::Size(), 1.0);
  const Quad over_stripe = corners_of(cv::Rect2f(360, 200, kCardWidth, kCardHeight));  // the stripe at x 405-435 down its middle
  CHECK(looks_like_card(warp_card(table, over_stripe)));
  CHECK_FALSE(card_as_printed(table, over_stripe));
}

TEST_CASE("a card seen far off, longer than a card seen whole may be, is found from its panel", "[cards][panels]") {
  // Foreshortened across: 0.65 of its width shows, 2.3 times as long as wide (a card seen whole
  // is at most card_max_aspect, 2.1); its panel, measured without the margins, runs longer still.
  cv::Mat photo = striped_table();
  const Box truth = place_squeezed_red7(photo, cv::Size(78, 180));
  photo = dimmed(photo);
  const ScanParameters p;
  REQUIRE(180.0 / 78.0 > p.card_max_aspect);
  const std::vector<Quad> from_panels = whole_cards_from_panels(photo, {}, p);
  REQUIRE(from_panels.size() == 1);
  CHECK(iou(bounding_box(from_panels.front()), truth) > 0.85);
  ScanParameters as_whole = p;
  as_whole.panel_max_card_aspect = p.card_max_aspect;
  CHECK(whole_cards_from_panels(photo, {}, as_whole).empty());
}

TEST_CASE("a card seen so far off along its length that its panel looks square is found from its panel and read", "[cards][panels]") {
  // Foreshortened along its length to a little less than its width: the card built round its
  // panel, its width along the panel's shorter side, is a little wider than long.
  cv::Mat photo = striped_table();
  const Box truth = place_squeezed_red7(photo, cv::Size(130, 125));
  photo = dimmed(photo);
  const ScanParameters p;
  const std::vector<Quad> from_panels = whole_cards_from_panels(photo, {}, p);
  REQUIRE(from_panels.size() == 1);
  CHECK(iou(bounding_box(from_panels.front()), truth) > 0.85);
  ScanParameters only_longer = p;
  only_longer.panel_min_card_aspect = 1.0;
  CHECK(whole_cards_from_panels(photo, {}, only_longer).empty());
  // Nearly square, it is kept only read for sure: turned the right way to be read, it is.
  const ScanResult result = CardScanner(load_builtin_card_profile(CardGame::corsari), p).scan(normalise_photo(photo, photo.size()));
  REQUIRE(result.items.size() == 1);
  CHECK(result.items.front().label == "red7");
  CHECK_FALSE(result.items.front().uncertain);
}

TEST_CASE("a narrowed card whose disc parts its panel's halves as far as they are wide is found from its halves", "[cards][panels]") {
  // Seen at an angle that narrows it to 0.55 of its width, blurred: the panel's strips beside the
  // disc are lost, and its two ends lie a disc apart, as far as each is wide.
  cv::Mat photo = striped_table();
  const Box truth = place_squeezed_red7(photo, cv::Size(66, 150));
  const ScanParameters p;
  ScanParameters near_only = p;
  near_only.panel_halves_far_gap = p.panel_halves_gap;
  for (const double sigma : {2.0, 2.5}) {
    cv::Mat blurred;
    cv::GaussianBlur(dimmed(photo), blurred, cv::Size(), sigma);
    const std::vector<Quad> found = whole_cards_from_panels(blurred, {}, p);
    REQUIRE(found.size() == 1);
    CHECK(iou(bounding_box(found.front()), truth) > 0.8);
    CHECK(whole_cards_from_panels(blurred, {}, near_only).empty());  // the halves are further apart than panel_halves_gap
  }
}

TEST_CASE("cells of one colour diagonally apart on a gingham are not a panel's two halves", "[cards][panels]") {
  // A gingham at the simulator's hardest look on which two such cells, a pale cell's corner
  // between them, were built into a card when halves that far apart were taken at any angle.
  std::mt19937_64 rng(342);
  const cv::Mat table = patterned_table(cv::Size(1024, 768), TablePattern::checks, rng);
  const cv::Mat photo = phone_photo(table, {}, PhoneLook::level(3), rng).image;
  const ScanParameters p;
  ScanParameters any_angle = p;
  any_angle.panel_halves_max_skew = 45;
  const std::vector<Quad> at_any_angle = whole_cards_from_panels(photo, {}, any_angle);
  const std::vector<Quad> kept = whole_cards_from_panels(photo, {}, p);
  REQUIRE(at_any_angle.size() > kept.size());
  for (const Quad& card : kept)
    CHECK(std::ranges::any_of(at_any_angle, [&](const Quad& other) { return iou(bounding_box(card), bounding_box(other)) > 0.9; }));
}

TEST_CASE("a panel seen at an angle is panel-shaped: a trapezium, not a disc or a triangle", "[cards][panels]") {
  // One end half as long as the other: the hull fills 0.75 of its rotated rectangle, less than a
  // panel seen square on must, but it has four corners.
  const std::vector<cv::Point> trapezium{{0, 0}, {100, 0}, {75, 200}, {25, 200}};
  const ScanParameters defaults;
  CHECK(panel_shaped(trapezium, defaults));
  ScanParameters square_on_only;
  square_on_only.panel_min_trapezium_fill = square_on_only.panel_min_rectangularity;
  CHECK_FALSE(panel_shaped(trapezium, square_on_only));
  CHECK(panel_shaped({{0, 0}, {100, 0}, {100, 160}, {0, 160}}, defaults));
  // A disc fills 0.79 of its rectangle, but has no four corners; a triangle fills half.
  std::vector<cv::Point> disc;
  cv::ellipse2Poly(cv::Point(100, 100), cv::Size(60, 60), 0, 0, 360, 5, disc);
  CHECK_FALSE(panel_shaped(disc, defaults));
  CHECK_FALSE(panel_shaped({{0, 0}, {100, 0}, {50, 200}}, defaults));
  // A card on a table of stripes as white as its paper, seen so that its far end is half as
  // wide as its near end: it is found from its panel only where a trapezium may be a panel.
  cv::Mat table = striped_table();
  const cv::Mat card = draw_corsari_card(corsari_colour_index("red"), 7);
  const std::array<cv::Point2f, 4> flat{cv::Point2f(0, 0), cv::Point2f(static_cast<float>(card.cols), 0),
                                        cv::Point2f(static_cast<float>(card.cols), static_cast<float>(card.rows)),
                                        cv::Point2f(0, static_cast<float>(card.rows))};
  const std::array<cv::Point2f, 4> seen{cv::Point2f(355, 150), cv::Point2f(445, 150), cv::Point2f(490, 370), cv::Point2f(310, 370)};
  const cv::Mat to_table = cv::getPerspectiveTransform(flat.data(), seen.data());
  cv::Mat warped;
  cv::Mat where;
  cv::warpPerspective(card, warped, to_table, table.size());
  cv::warpPerspective(cv::Mat(card.size(), CV_8U, cv::Scalar(255)), where, to_table, table.size());
  warped.copyTo(table, where);
  cv::Mat photo = dimmed(table);
  cv::GaussianBlur(photo, photo, cv::Size(), 1.0);
  const std::vector<Quad> found = find_cards(photo);
  REQUIRE(found.size() == 1);
  CHECK(iou(bounding_box(found.front()), Box{310, 150, 180, 220}) > 0.85);
  CHECK(find_cards(photo, square_on_only).empty());
}

TEST_CASE("a card's outline off by a margin at a corner is fitted to the card's edges", "[cards][panels]") {
  // A small card's panel cut in two by its disc gives a hull fitted with a corner several
  // pixels off, a side turned: each side is moved to the paper's edge, each end on its own.
  const Quad seen{cv::Point2f(300, 210), cv::Point2f(392, 198), cv::Point2f(410, 336), cv::Point2f(316, 350)};
  cv::Mat photo = card_seen_as(draw_corsari_card(corsari_colour_index("blue"), 4), seen);
  cv::GaussianBlur(photo, photo, cv::Size(), 1.5);
  Quad off = seen;
  off[2] += cv::Point2f(-8, -7);  // about a margin in, along the diagonal
  off[3] += cv::Point2f(3, 0);
  const Quad fitted = card_fitted_to_edges(photo, off);
  for (std::size_t i = 0; i < 4; ++i) {
    INFO("corner " << i << " at " << fitted[i] << ", seen at " << seen[i]);
    CHECK(cv::norm(fitted[i] - seen[i]) < 2.5);
  }
  CHECK(looks_like_card(warp_card(photo, fitted)));
  // Fitted where the card lies, an outline that is already right stays where it is.
  const Quad again = card_fitted_to_edges(photo, seen);
  for (std::size_t i = 0; i < 4; ++i) CHECK(cv::norm(again[i] - seen[i]) < 2.5);
}
