// Vision II: cards. Each stage on rendered cards and scenes with known ground truth, the close
// colour pairs under warm and cold light, the renderer round trip through a JPEG file,
// calibration to a second art style, profiles and bad input.
#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "scoring/input_error.hpp"
#include "vision/card_art.hpp"
#include "vision/card_calibration.hpp"
#include "vision/card_look.hpp"
#include "vision/card_profile.hpp"
#include "vision/card_renderer.hpp"
#include "vision/card_scan.hpp"
#include "vision_test_support.hpp"

using namespace qm::vision;
using qm::testing::card_seen_as;

namespace {

const CardProfile& builtin() {
  static const CardProfile profile = load_builtin_card_profile(CardGame::corsari);
  return profile;
}

CardSceneOptions small_card_scene() {
  CardSceneOptions options;
  options.width = 800;
  options.height = 600;
  return options;
}

// Scans a rendered scene and counts the cards found (IoU > 0.5) and read right.
struct Outcome {
  int cards = 0;
  int found = 0;
  int right = 0;
  int extra = 0;
};

Outcome scan_scene(const RenderedCardScene& scene, const CardProfile& profile) {
  const ScanResult result = CardScanner(profile).scan(normalise_photo(scene.image, scene.image.size()));
  Outcome outcome;
  outcome.cards = static_cast<int>(scene.cards.size());
  for (const ScannedItem& item : result.items) {
    // The best-overlapping card: in a fan, neighbours overlap each other's boxes too.
    const RenderedCard* match = nullptr;
    double best = 0.5;
    for (const RenderedCard& card : scene.cards) {
      if (iou(item.box, card.box) > best) {
        best = iou(item.box, card.box);
        match = &card;
      }
    }
    if (!match) {
      ++outcome.extra;
      continue;
    }
    ++outcome.found;
    if (item.label == match->label) ++outcome.right;
    else std::fprintf(stderr, "read %s for %s\n", item.label.c_str(), match->label.c_str());
  }
  return outcome;
}

// Renders `count` scenes from `options` and adds up their outcomes.
Outcome scan_scenes(const CardSceneOptions& options, int count, std::mt19937_64& rng, const CardProfile& profile) {
  Outcome total;
  for (int i = 0; i < count; ++i) {
    const Outcome outcome = scan_scene(render_card_scene(options, rng), profile);
    total.cards += outcome.cards;
    total.found += outcome.found;
    total.right += outcome.right;
    total.extra += outcome.extra;
  }
  return total;
}

// The table under the cards of the reading tests.
const cv::Scalar kTable(40, 60, 90);

// `label` drawn flat, everything right of its index column hidden, as the card lying on it would.
cv::Mat covered_card(CardGame game, const std::string& label) {
  cv::Mat card = draw_card(game, label, {});
  card(cv::Rect(45, 0, kCardWidth - 45, kCardHeight)).setTo(kTable);
  return card;
}

}  // namespace

TEST_CASE("card labels split into colour and number", "[cards]") {
  CHECK(split_card_label("red7") == std::pair<int, int>(corsari_colour_index("red"), 7));
  CHECK(split_card_label("lightblue11") == std::pair<int, int>(corsari_colour_index("lightblue"), 11));
  CHECK(split_card_label("red12").first == -1);
  CHECK(split_card_label("mauve3").first == -1);
  CHECK(split_card_label("red").first == -1);
  CHECK(card_label(corsari_colour_index("grey"), 10) == "grey10");
  CHECK(corsari_colours().size() == 10);
}

TEST_CASE("the digit reader reads every number in every font, upright and upside down", "[cards]") {
  const CardReader reader(builtin());
  for (const CardArt art : {CardArt::classic}) {
    for (int number = 1; number <= kCorsariMaxNumber; ++number) {
      for (int font = 0; font < kFontVariants; ++font) {
        CardStyle style;
        style.art = art;
        style.font_variant = font;
        const cv::Mat card = draw_corsari_card(number % kCorsariColours, number, style);
        cv::Mat turned;
        cv::rotate(card, turned, cv::ROTATE_180);
        for (const bool half_turn : {false, true}) {
          const auto features = digit_features(half_turn ? turned : card);
          REQUIRE(features);
          const auto [label, confidence, upside_down] = reader.read_number(*features);
          INFO("number " << number << " font " << font);
          CHECK(label == std::to_string(number));
          CHECK(upside_down == half_turn);
        }
      }
    }
  }
}

TEST_CASE("6 and 9 are told apart by the bar, 1 and 11 by their ink", "[cards]") {
  const CardReader reader(builtin());
  for (const int number : {1, 6, 9, 11}) {
    cv::Mat turned;
    cv::rotate(draw_corsari_card(0, number, {}), turned, cv::ROTATE_180);
    CHECK(std::get<0>(reader.read_number(*digit_features(turned))) == std::to_string(number));
  }
}

TEST_CASE("a small blurred card's number is read from strokes as wide as they are printed", "[cards]") {
  // A card half the size it is read at, out of focus: blur spreads each stroke's ink over its
  // sides, and a level at a fixed share of the paper keeps only their cores (the bar lost, a 3's
  // arcs parted). The level halfway from the paper to the ink's darkest keeps them whole.
  const auto right_of = [](const CardReader& reader) {
    int right = 0;
    for (int colour = 0; colour < kCorsariColours; colour += 3) {
      for (int number = 1; number <= kCorsariMaxNumber; ++number) {
        cv::Mat small;
        cv::resize(draw_corsari_card(colour, number), small, cv::Size(), 0.5, 0.5, cv::INTER_AREA);
        cv::GaussianBlur(small, small, cv::Size(), 2.0);
        cv::Mat card;
        cv::resize(small, card, cv::Size(kCardWidth, kCardHeight), 0, 0, cv::INTER_LINEAR);
        const auto reading = reader.read(card);
        right += reading && reading->label == card_label(colour, number);
      }
    }
    return right;
  };
  CHECK(right_of(CardReader(builtin())) == 4 * kCorsariMaxNumber);
  ScanParameters fixed_share;
  fixed_share.digit_ink_most_of_paper = fixed_share.digit_ink_of_paper;  // the bound this case is about
  CHECK(right_of(CardReader(builtin(), fixed_share)) < 3 * kCorsariMaxNumber);
}

TEST_CASE("a blank centre is not a card", "[cards]") {
  const cv::Mat blank(kCardHeight, kCardWidth, CV_8UC3, cv::Scalar(240, 240, 240));
  CHECK_FALSE(digit_features(blank));
  CHECK_FALSE(CardReader(builtin()).read(blank));
}

TEST_CASE("every colour is read from a flat card", "[cards]") {
  const CardReader reader(builtin());
  for (int colour = 0; colour < kCorsariColours; ++colour) {
    const auto [label, confidence] = reader.read_colour(card_colour_lab(draw_corsari_card(colour, 5, {})));
    CHECK(label == corsari_colours()[static_cast<std::size_t>(colour)].name);
  }
}

TEST_CASE("detection finds every card of rendered scenes, top-down and oblique", "[cards]") {
  std::mt19937_64 rng(31337);
  for (int i = 0; i < 4; ++i) {
    CardSceneOptions options = small_card_scene();
    options.max_tilt_degrees = i < 2 ? 0 : 30;
    const RenderedCardScene scene = render_card_scene(options, rng);
    const Photo photo = normalise_photo(scene.image, scene.image.size());
    const auto quads = find_cards(photo.image);
    CHECK(quads.size() == scene.cards.size());
    for (const RenderedCard& card : scene.cards) {
      double best = 0;
      for (const Quad& quad : quads) best = std::max(best, iou(scaled(bounding_box(quad), photo.scale), card.box));
      CHECK(best > 0.8);
    }
  }
}

TEST_CASE("finding and reading cards take their tunable values from ScanParameters", "[cards]") {
  std::mt19937_64 rng(31337);
  const RenderedCardScene scene = render_card_scene(small_card_scene(), rng);
  const Photo photo = normalise_photo(scene.image, scene.image.size());
  REQUIRE(find_cards(photo.image).size() == scene.cards.size());
  // A card, or a shape of touching cards, must cover most of the photo: none of these does.
  const ScanParameters only_huge = parameters_from_json(nlohmann::json{{"card_min_area", 0.45}, {"card_min_shape_area", 0.45}});
  CHECK(find_cards(photo.image, only_huge).empty());
  // A number needs more ink than any card has: nothing is read.
  const cv::Mat card = warp_card(photo.image, find_cards(photo.image).front());
  CHECK(digit_features(card).has_value());
  CHECK_FALSE(digit_features(card, parameters_from_json(nlohmann::json{{"digit_min_box", 500}})).has_value());
  // The card parameters travel with the rest, checked like them.
  const ScanParameters read = parameters_from_json(nlohmann::json{{"panel_min_share", 0.3}, {"whole_colour_weight", 0.2}});
  CHECK(parameters_from_json(to_json(read)) == read);
  CHECK_THROWS_AS(parameters_from_json(nlohmann::json{{"card_min_area", 0.6}}), qm::InputError);  // above card_max_area
  CHECK_THROWS_AS(parameters_from_json(nlohmann::json{{"panel_min_share", 0.9}}), qm::InputError);  // above panel_whole_share
  CHECK_THROWS_AS(parameters_from_json(nlohmann::json{{"digit_ink_most_of_paper", 0.5}}), qm::InputError);  // below digit_ink_of_paper
  CHECK_THROWS_AS(parameters_from_json(nlohmann::json{{"digit_darkest_percentile", 0.8}}), qm::InputError);  // above digit_paper_percentile
}

namespace {

// A table of `table` with a sunlit patch on it, and a plain card of grey `paper` with a 7 at
// (150, 200), 120 x 180 px.
const cv::Rect kGreyCard(150, 200, 120, 180);

cv::Mat grey_card_beside(cv::Size size, const cv::Scalar& table, const cv::Rect& sunlit, const cv::Scalar& sun, double paper) {
  cv::Mat photo(size, CV_8UC3, table);
  cv::rectangle(photo, sunlit, sun, cv::FILLED);
  cv::rectangle(photo, kGreyCard, cv::Scalar::all(paper), cv::FILLED);
  cv::putText(photo, "7", kGreyCard.tl() + cv::Point(40, 110), cv::FONT_HERSHEY_SIMPLEX, 2, cv::Scalar(20, 20, 20), 4);
  return photo;
}

}  // namespace

TEST_CASE("a card in shade beside a sunlit patch is found at a level of white of its own", "[cards]") {
  // A dark table; a sunlit band (too long to be a card) sets the paper's level so high that
  // the card in shade, grey-white, is not white at it.
  cv::Mat photo = grey_card_beside({800, 600}, cv::Scalar(60, 65, 70), cv::Rect(450, 100, 150, 400), cv::Scalar(250, 250, 250), 140);
  const cv::Rect card = kGreyCard;
  ScanParameters paper_only;
  paper_only.card_white_levels = 0;
  paper_only.card_shade_levels = 0;
  CHECK(find_cards(photo, paper_only).empty());
  ScanParameters brightness_only;
  brightness_only.card_shade_levels = 0;
  for (const ScanParameters& levels : {brightness_only, ScanParameters{}}) {
    const std::vector<Quad> found = find_cards(photo, levels);
    REQUIRE(found.size() == 1);
    CHECK(iou(bounding_box(found.front()), Box{150, 200, 120, 180}) > 0.85);
  }
  // Seen at one level of brightness only, a card-shaped patch is not trusted: here the card's
  // grey is a single step of white above the table.
  cv::rectangle(photo, card, cv::Scalar(95, 95, 95), cv::FILLED);
  CHECK(find_cards(photo, brightness_only).empty());
}

TEST_CASE("a face card whose white frame a shade cuts open is found from the ring of its margin", "[cards]") {
  // A court card: a white margin round a picture with no white in it; a shade across its lower
  // right corner leaves the white an open frame that fills little of its hull.
  cv::Mat photo(600, 800, CV_8UC3, cv::Scalar(55, 60, 65));
  const cv::Rect card(250, 150, 150, 230);
  cv::rectangle(photo, card, cv::Scalar(238, 240, 242), cv::FILLED);
  // The picture: small cells of many colours, no panel of one colour (a Corsari card's).
  const std::array<cv::Scalar, 4> inks = {cv::Scalar(40, 50, 170), cv::Scalar(160, 60, 30), cv::Scalar(30, 170, 210), cv::Scalar(30, 30, 30)};
  for (int y = card.y + 14, row = 0; y < card.br().y - 14; y += 10, ++row)
    for (int x = card.x + 14, column = 0; x < card.br().x - 14; x += 10, ++column)
      cv::rectangle(photo, cv::Rect(x, y, 10, 10) & cv::Rect(card.x + 14, card.y + 14, card.width - 28, card.height - 28),
                    inks[static_cast<std::size_t>((row * 3 + column) % 4)], cv::FILLED);
  const std::vector<cv::Point> shade = {{card.br().x - 30, card.br().y + 20}, {card.br().x + 20, card.y + 120}, {card.br().x + 20, card.br().y + 20}};
  cv::Mat shaded = photo.clone();
  cv::fillConvexPoly(shaded, shade, cv::Scalar(0, 0, 0));
  cv::addWeighted(photo, 0.12, shaded, 0.88, 0, shaded);
  cv::Mat in_shade = cv::Mat::zeros(photo.size(), CV_8U);
  cv::fillConvexPoly(in_shade, shade, cv::Scalar(255));
  shaded.copyTo(photo, in_shade);
  // Panels off: a picture of one colour would be taken for a Corsari card's panel and the card
  // found round it; a playing card's court picture is not.
  ScanParameters no_panels;
  no_panels.panel_min_area = 1;
  const std::vector<Quad> found = find_cards(photo, no_panels);
  REQUIRE(found.size() == 1);
  CHECK(iou(bounding_box(found.front()), Box{250, 150, 150, 230}) > 0.85);
  ScanParameters no_ring = no_panels;
  no_ring.card_margin_ring_share = 1.5;
  CHECK(find_cards(photo, no_ring).empty());
  SECTION("two white strips meeting at a corner are no frame") {
    cv::Mat corner(600, 800, CV_8UC3, cv::Scalar(55, 60, 65));
    cv::rectangle(corner, cv::Rect(250, 150, 150, 14), cv::Scalar(238, 240, 242), cv::FILLED);
    cv::rectangle(corner, cv::Rect(250, 150, 14, 230), cv::Scalar(238, 240, 242), cv::FILLED);
    cv::rectangle(corner, cv::Rect(264, 164, 136, 216), cv::Scalar(40, 50, 170), cv::FILLED);
    CHECK(find_cards(corner).empty());
  }
}

TEST_CASE("a card in deep shade is found against the light around it", "[cards]") {
  // Half the table in the sun, half in shade: the card in shade is darker than the sunlit table
  // and below every level of brightness that could hold a card, but it is the brightest thing
  // near it.
  cv::Mat photo = grey_card_beside({900, 600}, cv::Scalar(35, 40, 45), cv::Rect(450, 0, 450, 600), cv::Scalar(215, 220, 225), 85);
  ScanParameters brightness_only;
  brightness_only.card_shade_levels = 0;
  CHECK(find_cards(photo, brightness_only).empty());
  const std::vector<Quad> found = find_cards(photo);
  REQUIRE(found.size() == 1);
  CHECK(iou(bounding_box(found.front()), Box{150, 200, 120, 180}) > 0.85);
  // The dark table alone, with no card on it, holds nothing card-shaped at any level.
  cv::rectangle(photo, kGreyCard, cv::Scalar(35, 40, 45), cv::FILLED);
  CHECK(find_cards(photo).empty());
}

TEST_CASE("a pale sheet running off the photo hides no card lying on it", "[cards]") {
  // A sheet of paper, card-shaped but cut by the photo's top edge, with a whiter card on it: the
  // sheet is no card, and being one it would have swallowed the card as a part of it.
  cv::Mat photo(600, 900, CV_8UC3, cv::Scalar(60, 65, 70));
  cv::rectangle(photo, cv::Rect(300, -100, 400, 600), cv::Scalar(190, 190, 190), cv::FILLED);
  const cv::Rect card(440, 180, 120, 180);
  cv::rectangle(photo, card, cv::Scalar(250, 250, 250), cv::FILLED);
  cv::putText(photo, "7", card.tl() + cv::Point(40, 110), cv::FONT_HERSHEY_SIMPLEX, 2, cv::Scalar(20, 20, 20), 4);
  const std::vector<Quad> found = find_cards(photo);
  REQUIRE(found.size() == 1);
  CHECK(iou(bounding_box(found.front()), Box{440, 180, 120, 180}) > 0.85);
}

TEST_CASE("a card on a pale table is not hidden by a part of it taken for a card", "[cards]") {
  // A white card of another deck on a pale counter: at the paper's level the card runs into the
  // counter, and its red index alone, a small coloured block ringed by white, looks like a
  // card's panel. Whiter levels see the card itself, which that small "card" must not hide.
  cv::Mat photo(600, 800, CV_8UC3, cv::Scalar(196, 204, 210));
  const cv::Rect card(300, 180, 150, 220);
  cv::rectangle(photo, card, cv::Scalar(246, 246, 246), cv::FILLED);
  cv::rectangle(photo, cv::Rect(card.x + 15, card.y + 15, 22, 33), cv::Scalar(40, 40, 200), cv::FILLED);
  for (const cv::Point pip : {cv::Point(75, 70), cv::Point(75, 150), cv::Point(110, 110)})
    cv::circle(photo, card.tl() + pip, 12, cv::Scalar(30, 30, 30), cv::FILLED);
  const std::vector<Quad> found = find_cards(photo);
  REQUIRE(found.size() == 1);
  CHECK(iou(bounding_box(found.front()), Box{300, 180, 150, 220}) > 0.85);
}

TEST_CASE("a card seen steeply along its length, looking nearly square, is a card", "[cards]") {
  // Tilted far back, its long sides foreshortened as long as its short ones: a card seen whole
  // has no least length over width (a square lying flat shows no printed face and is read as none).
  const Quad seen{cv::Point2f(345, 220), cv::Point2f(475, 220), cv::Point2f(485, 350), cv::Point2f(335, 350)};
  const cv::Mat photo = card_seen_as(draw_corsari_card(corsari_colour_index("red"), 7), seen);
  const std::vector<Quad> found = find_cards(photo);
  REQUIRE(found.size() == 1);
  CHECK(iou(bounding_box(found.front()), bounding_box(seen)) > 0.85);
  ScanParameters not_square;
  not_square.card_min_aspect = 1.15;  // the bound this case is about (for its white, and for its panel)
  not_square.panel_min_card_aspect = 1.15;
  CHECK(find_cards(photo, not_square).empty());
}

TEST_CASE("a card seen so steeply along its length that it looks wider than long is read the right way round", "[cards]") {
  // Taken short side first, it would come out turned a quarter: its number on its side, its
  // panel and margins in the wrong places. The number's disc, round only the right way round,
  // tells which way it lies.
  const Quad seen{cv::Point2f(355, 230), cv::Point2f(475, 230), cv::Point2f(490, 345), cv::Point2f(340, 345)};
  const cv::Mat photo = card_seen_as(draw_corsari_card(corsari_colour_index("green"), 7), seen);
  REQUIRE(long_over_short(seen) < 1.2);
  REQUIRE(side_length(seen[0], seen[1]) > side_length(seen[1], seen[2]));  // its true short side looks the longer
  const auto upright = CardReader(builtin()).read(warp_card(photo, seen));
  REQUIRE(upright);
  CHECK(upright->label == "green7");
  const ScanResult result = CardScanner(builtin()).scan(normalise_photo(photo, photo.size()));
  REQUIRE(result.items.size() == 1);
  CHECK(result.items.front().label == "green7");
  CHECK_FALSE(result.items.front().uncertain);
}

TEST_CASE("cards on a table as pale as their paper are not hidden by its cells taken for covered cards", "[cards]") {
  // Rows of cards on a pale gingham (tests/vision/photos/README.md): cards and table merge into
  // one white shape, whose dark cells looked like covered cards' panels, each "card" many times
  // a card's size and holding the discs the cards are found by.
  const std::filesystem::path file = std::filesystem::path(QM_TEST_PHOTOS) / "pale-gingham-corsari.jpg";
  const std::vector<std::string> truth{"green7", "purple7", "brown3", "purple1", "red1", "pink1", "grey8", "brown9", "pink10", "yellow3", "blue8", "green6"};
  const auto cards_read_right = [&](const ScanParameters& parameters) {
    const ScanResult result = CardScanner(load_builtin_card_profile(CardGame::corsari), parameters).scan(file);
    int right = 0;
    for (const ScannedItem& item : result.items) right += !item.uncertain && std::ranges::count(truth, item.label) > 0;
    return std::pair{right, static_cast<int>(result.items.size())};
  };
  const auto [right, found] = cards_read_right({});
  CHECK(found == 12);
  CHECK(right >= 11);
  ScanParameters any_size;
  any_size.card_covered_max_growth = 1e9;  // the rule this case is about, off
  // Without it the cells are covered cards again. The cards are still found from their panels
  // (a covered card keeps a panel from being taken whole only where two cards' faces or a card
  // seen whole lie in it), but a cell is reported as one card more.
  const auto [right_any_size, found_any_size] = cards_read_right(any_size);
  CHECK(right_any_size >= 11);
  CHECK(found_any_size > 12);
  const Photo photo = load_photo(file);
  const auto covered = [](const CardOutline& card) { return card.covered(); };
  CHECK(std::ranges::none_of(locate_cards(photo.image), covered));
  CHECK(std::ranges::any_of(locate_cards(photo.image, any_size), covered));
}

TEST_CASE("a covered card far bigger than every card seen whole is no card, though the panels found those cards", "[cards]") {
  // Rows of cards on a pale blue gingham (tests/vision/photos/README.md). The white found none of
  // them showing the printed layout; the panels found them all, later. Two "covered cards" the
  // size of four cards, placed from the table's cells, were kept (held against no card seen
  // whole), and one was reported as an unsure grey 6.
  const std::filesystem::path file = std::filesystem::path(QM_TEST_PHOTOS) / "blue-gingham-corsari.jpg";
  const std::vector<std::string> truth{"brown5", "orange4", "brown11", "green11", "brown4", "brown5", "grey5", "purple8", "purple3", "blue10", "yellow9", "yellow1"};
  const Photo photo = load_photo(file);
  const auto covered = [](const CardOutline& card) { return card.covered(); };
  CHECK(std::ranges::none_of(locate_cards(photo.image), covered));
  const ScanResult result = CardScanner(load_builtin_card_profile(CardGame::corsari)).scan(photo);
  std::vector<std::string> read;
  for (const ScannedItem& item : result.items) read.push_back(item.uncertain ? "?" : item.label);
  std::ranges::sort(read);
  std::vector<std::string> expected = truth;
  std::ranges::sort(expected);
  CHECK(read == expected);
  ScanParameters any_size;
  any_size.card_covered_max_growth = 1e9;  // the rule this case is about, off
  CHECK(std::ranges::any_of(locate_cards(photo.image, any_size), covered));
}

namespace {

// Whether scanning a test photo (tests/vision/photos) for Corsari cards finds any.
bool corsari_cards_found_in(const char* photo, const ScanParameters& parameters = {}) {
  const std::filesystem::path file = std::filesystem::path(QM_TEST_PHOTOS) / photo;
  return !CardScanner(load_builtin_card_profile(CardGame::corsari), parameters).scan(file).items.empty();
}

// Whether locate_cards finds, in a test photo, a card whose box overlaps `labelled` (the
// hand-labelled box of the photo's source) by more than half.
bool card_located_in(const Photo& photo, const Box& labelled, const ScanParameters& parameters = {}) {
  const std::vector<CardOutline> found = locate_cards(photo.image, parameters);
  return std::ranges::any_of(found, [&](const CardOutline& card) { return iou(bounding_box(card.corners), labelled) > 0.5; });
}

// Each labelled card is located in `photo`, and none is with the search `off` turns off.
void check_located_by_the_search(const Photo& photo, std::initializer_list<Box> labelled, const ScanParameters& off) {
  for (const Box& card : labelled) {
    CHECK(card_located_in(photo, card));
    CHECK_FALSE(card_located_in(photo, card, off));
  }
}

}  // namespace

TEST_CASE("A whole panel of a gingham is no card: the card round it shows no printed layout, its margin is no paper", "[cards]") {
  // An empty gingham at the phone simulator's hardest look (tests/vision/photos/README.md): its
  // pale lines are one white shape, and its dark cells are whole panels of that shape.
  CHECK_FALSE(corsari_cards_found_in("gingham-table.jpg"));
  ScanParameters any_margin;
  any_margin.panel_card_min_margin_white = 0;  // the rule this case is about, off
  CHECK(corsari_cards_found_in("gingham-table.jpg", any_margin));
}

TEST_CASE("A gingham's pale lines round its cells are no card's frame: they cover the face inside as much as its margin", "[cards]") {
  // An empty purple gingham at the phone simulator's look 1 (tests/vision/photos/README.md): a
  // piece of its pale lattice, opened by the light, covered the band round its outline as a
  // shaded face card's white frame does.
  CHECK_FALSE(corsari_cards_found_in("purple-gingham-table.jpg"));
  ScanParameters any_frame;
  any_frame.card_margin_frame_gap = 0;  // the rule this case is about, off
  CHECK(corsari_cards_found_in("purple-gingham-table.jpg", any_frame));
}

TEST_CASE("a card lying on a box as white as it is is cut from it along the edges between them", "[cards]") {
  // A real phone photo (tests/vision/photos/README.md): an ace on the white lid of a kit's box.
  // At every level of white the card and the lid are one shape, no card's; the edges round the
  // card cut it out.
  const Photo photo = load_photo(std::filesystem::path(QM_TEST_PHOTOS) / "ace-on-white-box.jpg");
  const Box ace{112, 199, 175, 166};  // the hand-labelled box of the photo's source
  const auto ace_found = [&](const ScanParameters& parameters) { return card_located_in(photo, ace, parameters); };
  CHECK(ace_found({}));
  ScanParameters no_cut;
  no_cut.card_edge_cut_low = 0;  // the search this case is about, off
  CHECK_FALSE(ace_found(no_cut));
  ScanParameters more_levels;
  more_levels.card_edge_cut_min_levels = 5;  // the ace is cut out at 4 levels of white
  CHECK_FALSE(ace_found(more_levels));
}

TEST_CASE("a card in dim light on a board as pale as its paper is found where its edges enclose it", "[cards]") {
  // A real webcam frame (tests/vision/photos/README.md): a king and a jack in the dim half of a
  // pale board. At no level of white, nor against the light round them, are they parted from the
  // board; the edges round each enclose it, and each shows a card's face inside.
  const Photo photo = load_photo(std::filesystem::path(QM_TEST_PHOTOS) / "court-cards-in-dim-light.jpg");
  REQUIRE(photo.scale == 1.0);
  const std::array<Box, 2> in_dim_light{Box{186, 53, 173, 234}, Box{197, 307, 175, 222}};  // hand-labelled
  const auto found = [&](const ScanParameters& parameters) {
    const std::vector<CardOutline> cards = locate_cards(photo.image, parameters);
    return std::ranges::count_if(in_dim_light, [&](const Box& box) {
      const cv::Point2f centre(static_cast<float>(box.x + box.w / 2), static_cast<float>(box.y + box.h / 2));
      return std::ranges::any_of(cards, [&](const CardOutline& card) { return holds(card.corners, centre); });
    });
  };
  CHECK(found({}) == 2);
  ScanParameters not_enclosed;
  not_enclosed.card_edge_enclosed = 0;  // the search this case is about, off
  CHECK(found(not_enclosed) == 0);
}

TEST_CASE("a card white at one level only is found where its edges enclose it", "[cards]") {
  // A real webcam photo (tests/vision/photos/README.md): a yellow UNO card against a grey wall,
  // its margin no whiter than the wall at most levels and its yellow dimmed by its light. It is
  // one card at a single level of white (a patch of towel or paper can be one at one level, so
  // a card is asked to be one at two), but its edges enclose it and it shows a card's face.
  const Photo photo = load_photo(std::filesystem::path(QM_TEST_PHOTOS) / "uno" / "y3.jpg");
  REQUIRE(photo.scale == 1.0);
  const Box card{226, 216, 250, 380};  // drawn by hand round the card
  const auto found = [&](const ScanParameters& parameters) {
    const std::vector<CardOutline> cards = locate_cards(photo.image, parameters);
    return std::ranges::any_of(cards, [&](const CardOutline& outline) { return iou(bounding_box(outline.corners), card) > 0.8; });
  };
  CHECK(found({}));
  ScanParameters not_enclosed;
  not_enclosed.card_edge_enclosed = 0;  // the search this case is about, off
  CHECK_FALSE(found(not_enclosed));
}

TEST_CASE("a covered card placed wholly inside a card seen whole is a part of its face", "[cards]") {
  // A real webcam frame (tests/vision/photos/README.md): a queen of diamonds alone on wood grain.
  // Her framed picture passes for a covered Corsari card's panel; a covered card shows beside
  // the card over it, never wholly inside one, so the queen alone is reported.
  const Photo photo = load_photo(std::filesystem::path(QM_TEST_PHOTOS) / "queen-on-wood-grain.jpg");
  REQUIRE(photo.scale == 1.0);
  const Box queen{286, 108, 231, 281};  // hand-labelled
  const ScanResult result = CardScanner(builtin()).scan(photo);
  REQUIRE(result.items.size() == 1);
  CHECK(iou(result.items.front().box, queen) > 0.8);
  ScanParameters no_inside;
  no_inside.card_covered_inside_share = 0;  // the rule this case is about, off
  CHECK(CardScanner(builtin(), no_inside).scan(photo).items.size() == 2);
}

TEST_CASE("a picture on a postcard is no card, though edges enclose it: it shows no card's face", "[cards]") {
  // A real phone photo (tests/vision/photos/README.md): a king on a carpet beside a postcard. The
  // postcard's picture is a card-shaped shape its edges enclose; it is no card's face (no plain
  // paper margin round ink), so the king alone is reported.
  const Photo photo = load_photo(std::filesystem::path(QM_TEST_PHOTOS) / "king-beside-postcard.jpg");
  REQUIRE(photo.scale == 1.0);
  const ScanResult result = CardScanner(builtin()).scan(photo);
  REQUIRE(result.items.size() == 1);
  CHECK(holds(result.items.front().corners, cv::Point2f(191 + 128 / 2.0f, 225 + 159 / 2.0f)));  // the king's hand-labelled box
}

TEST_CASE("the pictures of two court cards side by side, taken for one card seen far off, hide neither", "[cards]") {
  // A real webcam frame (tests/vision/photos/README.md): four jacks in two rows. The top two
  // jacks' pictures and the table between them make a nearly square "panel" with paper round
  // it, a card seen far off along its length to the panel finder: such a card is kept only if
  // read for sure, and does not stand in for the two cards seen whole round its middle.
  const Photo photo = load_photo(std::filesystem::path(QM_TEST_PHOTOS) / "two-jacks-side-by-side.jpg");
  const std::array<Box, 2> top_jacks = {Box{297, 18, 162, 219}, Box{479, 9, 184, 224}};  // the hand-labelled boxes
  const auto found = [&](const ScanParameters& parameters, const Box& card) {
    const std::vector<CardOutline> cards = locate_cards(photo.image, parameters);
    return std::ranges::any_of(cards, [&](const CardOutline& outline) { return iou(bounding_box(outline.corners), card) > 0.5; });
  };
  for (const Box& jack : top_jacks) CHECK(found({}, jack));
  const ScanResult result = CardScanner(builtin()).scan(photo);
  CHECK(result.items.size() == 4);  // reported, all four uncertain: another deck's cards
  ScanParameters square_sure;
  square_sure.panel_square_card_aspect = 1;  // a nearly square card from a panel taken as surely as any
  for (const Box& jack : top_jacks) CHECK_FALSE(found(square_sure, jack));
}

TEST_CASE("a card of the printed layout small in the middle of another deck's card is a part of its face", "[cards]") {
  // Another deck's card (white margin, blue face) against a grey wall, with a numeral in its
  // middle that passes for a card of the printed layout: a drawn card a seventh of its size.
  cv::Mat photo(600, 800, CV_8UC3, cv::Scalar(150, 152, 155));
  const cv::Rect card(280, 115, 240, 370);
  cv::rectangle(photo, card, cv::Scalar(245, 245, 245), cv::FILLED);
  cv::rectangle(photo, cv::Rect(card.x + 16, card.y + 16, card.width - 32, card.height - 32), cv::Scalar(170, 90, 30), cv::FILLED);
  cv::Mat numeral;
  cv::resize(draw_card(CardGame::corsari, "red7"), numeral, {90, 135}, 0, 0, cv::INTER_AREA);
  numeral.copyTo(photo(cv::Rect(card.x + (card.width - 90) / 2, card.y + (card.height - 135) / 2, 90, 135)));
  const Box whole{static_cast<double>(card.x), static_cast<double>(card.y), static_cast<double>(card.width), static_cast<double>(card.height)};
  const auto found_as = [&](const ScanParameters& parameters) {
    std::vector<double> overlaps;
    for (const CardOutline& outline : locate_cards(photo, parameters)) overlaps.push_back(iou(bounding_box(outline.corners), whole));
    return overlaps;
  };
  const std::vector<double> found = found_as({});
  REQUIRE(found.size() == 1);
  CHECK(found.front() > 0.9);
  ScanParameters off;
  off.card_face_part_share = 1e-6;  // the rule this case is about, off: the numeral hides the card
  const std::vector<double> without = found_as(off);
  CHECK(std::ranges::none_of(without, [](double overlap) { return overlap > 0.9; }));
}

TEST_CASE("a covered card far shorter than the card it lies in is a part of that card: its corner index", "[cards]") {
  // A real phone photo (tests/vision/photos/README.md): a nine of hearts on a wooden banister in
  // low sun. Its red corner index "9" and heart, beside the white margin, look like the panel of
  // a card under it; the whole card built from that panel is a seventh as long as the nine is wide.
  const Photo photo = load_photo(std::filesystem::path(QM_TEST_PHOTOS) / "nine-on-banister.jpg");
  const Box nine{92, 210, 126, 155};  // the hand-labelled box
  const ScanResult result = CardScanner(builtin()).scan(photo);
  REQUIRE(result.items.size() == 1);
  CHECK(iou(result.items.front().box, nine) > 0.7);
  ScanParameters no_parts;
  no_parts.card_covered_part_share = 0.01;  // the rule this case is about, off
  no_parts.card_covered_inside_share = 0;    // and the one that drops a covered card lying wholly in a card
  CHECK(std::ranges::any_of(locate_cards(photo.image, no_parts), [](const CardOutline& outline) { return outline.covered(); }));
}

TEST_CASE("a card of another deck whose reading is a guess is listed unread, not under a wrong name", "[cards]") {
  // A real phone photo (tests/vision/photos/README.md): a nine of hearts on a wooden banister.
  // The Corsari reader finds ink in the middle of its face and names it, in doubt, after the
  // Corsari colour nearest its white face; that colour lies farther from every colour the profile
  // learned than read_max_colour_distance, so the card is listed unread ("?").
  const Photo photo = load_photo(std::filesystem::path(QM_TEST_PHOTOS) / "nine-on-banister.jpg");
  const Box nine{92, 210, 126, 155};  // the hand-labelled box
  const ScanResult result = CardScanner(builtin()).scan(photo);
  REQUIRE(result.items.size() == 1);
  CHECK(result.items.front().label == kUnreadLabel);
  CHECK(result.items.front().uncertain);
  CHECK(iou(result.items.front().box, nine) > 0.7);
  ScanParameters guessing;
  guessing.read_max_colour_distance = 1000;  // the rule this case is about, off
  const ScanResult guessed = CardScanner(builtin(), guessing).scan(photo);
  REQUIRE(guessed.items.size() == 1);
  CHECK(guessed.items.front().label != kUnreadLabel);
  CHECK(guessed.items.front().uncertain);
  CHECK(guessed.counts.empty());  // a card in doubt is not counted, named or not
}

TEST_CASE("two playing cards taken for one card seen whole are parted where the outline dents between them", "[cards]") {
  // A real phone photo (tests/vision/photos/README.md): a queen of clubs over half a queen of
  // spades, one white shape about as long over wide as one card. Its outline dents in where the
  // clubs' edge leaves the spades', and as a pile it is two cards on each other.
  const Photo photo = load_photo(std::filesystem::path(QM_TEST_PHOTOS) / "queen-over-queen.jpg");
  const Box over{143, 150, 176, 228};  // the hand-labelled boxes of the photo's source
  const Box under{70, 158, 82, 214};   // (what shows of the card under the other)
  const auto found = [&](const ScanParameters& parameters, const Box& card) {
    const std::vector<CardOutline> cards = locate_cards(photo.image, parameters);
    return std::ranges::any_of(cards, [&](const CardOutline& outline) {
      return outline.parted && iou(bounding_box(outline.corners), card) > 0.5;
    });
  };
  CHECK(found({}, over));
  CHECK(found({}, under));
  // Read, but in doubt: one of them lies under the other.
  const ScanResult result = CardScanner(builtin()).scan(photo);
  CHECK(result.items.size() == 2);
  CHECK(std::ranges::all_of(result.items, [](const ScannedItem& item) { return item.uncertain; }));
  ScanParameters not_parted;
  not_parted.card_pile_dent = 0;  // the rule this case is about, off: the two stay one card
  CHECK_FALSE(found(not_parted, over));
  CHECK_FALSE(found(not_parted, under));
  CHECK(locate_cards(photo.image, not_parted).size() == 1);
}

TEST_CASE("a playing card half in sunlight and half in shade is found where the edges enclose it", "[cards]") {
  // A real phone photo (tests/vision/photos/README.md): a nine of spades on a pale cloth, its
  // upper part in shade and its lower corner in sunlight. The edges enclose it, but a shape
  // only they enclose must show a card's face, and its margin is two papers.
  const Photo photo = load_photo(std::filesystem::path(QM_TEST_PHOTOS) / "nine-half-in-shade.jpg");
  const Box nine{126, 200, 139, 165};  // the hand-labelled box of the photo's source
  CHECK(card_located_in(photo, nine));
  ScanParameters plane_only;
  plane_only.unread_even_light_window = 0;  // the rule this case is about, off
  CHECK_FALSE(card_located_in(photo, nine, plane_only));
}

TEST_CASE("a card a cable lies across is found from its two white pieces", "[cards]") {
  // A real phone photo (tests/vision/photos/README.md): a grey cable across two cards on a
  // carpet; neither piece of either card is shaped like a card.
  const Photo photo = load_photo(std::filesystem::path(QM_TEST_PHOTOS) / "cards-under-a-cable.jpg");
  const Box nine{229, 67, 135, 129}, king{82, 340, 89, 123};  // the hand-labelled boxes of the photo's source
  ScanParameters no_pieces;
  no_pieces.card_pieces_min_fill = 2;  // the search this case is about, off
  check_located_by_the_search(photo, {nine, king}, no_pieces);
}

TEST_CASE("two white letters side by side are no card of two pieces: their outlines do not follow a card's", "[cards]") {
  // A real phone photo (tests/vision/photos/README.md): big white letters printed on red.
  const Photo photo = load_photo(std::filesystem::path(QM_TEST_PHOTOS) / "ace-on-a-printed-sheet.jpg");
  const Box letters{266, 369, 104, 122};
  CHECK_FALSE(card_located_in(photo, letters));
  ScanParameters any_outline;
  any_outline.card_pieces_min_outline = 0;  // the rule this case is about, off
  CHECK(card_located_in(photo, letters, any_outline));
}

TEST_CASE("cards touching at a corner are parted at the neck between them", "[cards]") {
  // A real phone photo (tests/vision/photos/README.md): two tens on a black cloth, one touching
  // the other with a corner, that one joined to a card cut by the photo's edge.
  const Photo photo = load_photo(std::filesystem::path(QM_TEST_PHOTOS) / "tens-touching-at-a-corner.jpg");
  const Box hearts{32, 121, 165, 150}, spades{50, 264, 170, 194};  // the hand-labelled boxes of the photo's source
  ScanParameters no_necks;
  no_necks.card_neck_max_share = 0;  // the search this case is about, off
  check_located_by_the_search(photo, {hearts, spades}, no_necks);
}

TEST_CASE("a card whose corner lies under a fold of cloth is found, and listed though its margin shows the cloth", "[cards]") {
  // A real phone photo (tests/vision/photos/README.md): a ten with a corner tucked under a fold
  // of a navy cloth; its four sides meet 1.18 times as far out as its white's hull reaches.
  const std::filesystem::path file = std::filesystem::path(QM_TEST_PHOTOS) / "ten-under-a-fold.jpg";
  const Box ten{95, 122, 144, 122};  // the hand-labelled box of the photo's source
  ScanParameters no_corner;
  no_corner.card_shaded_corner_max_reach = 1;  // the search this case is about, off
  check_located_by_the_search(load_photo(file), {ten}, no_corner);
  // The scanner lists it (unread: the built-in profile knows no playing card), its face judged
  // with the cloth painted as paper, not again on the card as it is.
  const ScanResult result = scan_cards(file, CardGame::loot);
  CHECK(std::ranges::any_of(result.items, [&](const ScannedItem& item) { return iou(item.box, ten) > 0.5; }));
}

TEST_CASE("a card touching a card found at an angle is the rest of their white shape", "[cards]") {
  // A real phone photo (tests/vision/photos/README.md): four court cards on a dark table, the
  // queen of clubs touching the king of spades at an angle. Together they are one white shape,
  // no card's; the king is found at another level of white, and the rest of the shape, with the
  // king taken out, is the queen.
  const Photo photo = load_photo(std::filesystem::path(QM_TEST_PHOTOS) / "queen-against-king.jpg");
  const Box queen{17, 19, 123, 163};  // the hand-labelled boxes of the photo's source
  const Box king{141, 59, 95, 136};
  const auto found = [&](const ScanParameters& parameters, const Box& card) {
    const std::vector<CardOutline> cards = locate_cards(photo.image, parameters);
    return std::ranges::any_of(cards, [&](const CardOutline& outline) { return iou(bounding_box(outline.corners), card) > 0.5; });
  };
  CHECK(found({}, king));
  CHECK(found({}, queen));
  ScanParameters no_rest;
  no_rest.card_rest_seam = 0;  // the search this case is about, off
  CHECK(found(no_rest, king));
  CHECK_FALSE(found(no_rest, queen));
}

namespace {

// Corsari cards of one colour laid left to right from `first` (top-left), each `step` px right
// of the one under it, the last on top.
void lay_fanned_row(cv::Mat& photo, const std::string& colour, const std::vector<int>& numbers, cv::Point first, int step) {
  for (std::size_t i = 0; i < numbers.size(); ++i)
    draw_corsari_card(corsari_colour_index(colour), numbers[i])
        .copyTo(photo(cv::Rect(first.x + step * static_cast<int>(i), first.y, kCardWidth, kCardHeight)));
}

long covered_count(const std::vector<CardOutline>& cards) {
  return std::ranges::count_if(cards, [](const CardOutline& card) { return card.covered(); });
}

}  // namespace

TEST_CASE("a fan on a table as pale as its paper is found beside a big shadow", "[cards]") {
  // The table is the white shape; the fan's panels are parts of it, and so is the shadow over a
  // corner of the table, panel-shaped but far bigger than any card's panel. Taken for a panel,
  // it was the tallest, and every true panel was left out as too short beside it (the panels
  // are now also looked for in a smaller white shape there, so the case holds either way).
  cv::Mat photo(600, 800, CV_8UC3, cv::Scalar(246, 248, 248));
  cv::rectangle(photo, cv::Rect(380, 330, 420, 270), cv::Scalar(70, 70, 75), cv::FILLED);
  lay_fanned_row(photo, "green", {3, 5, 8}, {60, 80}, 55);
  const std::vector<CardOutline> found = locate_cards(photo);
  REQUIRE(found.size() == 3);
  CHECK(covered_count(found) == 2);
}

TEST_CASE("a fanned row seen head on, a white shape no longer than a card at an angle, is split into its cards", "[cards]") {
  // Four cards, each covering all but 40 px of the one under it: 240 x 180 px of white, convex
  // and 1.3 times as long as high. It does not show the printed layout, so its panels are
  // looked for too (a clean 12 MP photo of such a hand gave 1 card of 12).
  cv::Mat photo(600, 800, CV_8UC3, cv::Scalar(40, 60, 90));
  lay_fanned_row(photo, "purple", {2, 6, 9, 11}, {250, 200}, 40);
  const std::vector<CardOutline> found = locate_cards(photo);
  CHECK(found.size() == 4);
  CHECK(covered_count(found) == 3);
}

TEST_CASE("a white wedge is not completed into a card: a card's outline has its corners on its white", "[cards]") {
  // Half a card lit, the half above its diagonal in shade: the lit half's sides, extended, meet
  // round a card of their own that the white never reaches (on a real photo, one far bigger).
  cv::Mat photo(600, 900, CV_8UC3, cv::Scalar(60, 65, 70));
  const cv::Point o(380, 150);
  const std::vector<std::vector<cv::Point>> wedge{{o + cv::Point(120, 0), o + cv::Point(140, 0), o + cv::Point(140, 200), o + cv::Point(0, 200), o + cv::Point(0, 170)}};
  cv::fillPoly(photo, wedge, cv::Scalar(245, 245, 245));
  CHECK(find_cards(photo).empty());
  ScanParameters reaching;
  reaching.card_max_quad_reach = 100;
  CHECK(find_cards(photo, reaching).size() == 1);  // the case the rule is for
}

TEST_CASE("a card is no smaller than a card seen whole may be: pips on a sheet are no cards' panels", "[cards]") {
  // Red pips on a white sheet (a printed page, too long to be a card): each is a coloured block
  // ringed by white, as a panel is, and the card round it would be a tenth of a card's size.
  cv::Mat photo(600, 900, CV_8UC3, cv::Scalar(60, 65, 70));
  cv::rectangle(photo, cv::Rect(200, 180, 560, 240), cv::Scalar(245, 245, 245), cv::FILLED);
  for (const cv::Point pip : {cv::Point(260, 200), cv::Point(500, 260), cv::Point(660, 360)})
    cv::rectangle(photo, cv::Rect(pip.x, pip.y, 18, 27), cv::Scalar(40, 40, 200), cv::FILLED);
  CHECK(find_cards(photo).empty());
}

namespace {

// The one card of `photo`, at `truth`, is found with the panel search off (so from its number's
// disc alone), and with every way of finding it on it is still one card.
void check_found_round_disc(const cv::Mat& photo, const Box& truth) {
  const ScanParameters no_panel_search = parameters_from_json(nlohmann::json{{"panel_flat_gradient", 0}});
  const std::vector<Quad> from_disc = find_cards(photo, no_panel_search);
  REQUIRE(from_disc.size() == 1);
  CHECK(iou(bounding_box(from_disc.front()), truth) > 0.9);
  const std::vector<Quad> found = find_cards(photo);
  REQUIRE(found.size() == 1);
  CHECK(iou(bounding_box(found.front()), truth) > 0.9);
}

}  // namespace

TEST_CASE("a card whose margin runs into a white table is found round its number's disc", "[cards]") {
  // On a table of the card's own white, the margin and the table are one white shape: the
  // panel is a hole in it and the disc a white shape inside that hole. A finger over a corner
  // joins the hole, which is then no panel's shape. The panel search is turned off here, so
  // that the card can only be found from its disc.
  const cv::Mat card = draw_corsari_card(corsari_colour_index("blue"), 4);
  const cv::Vec3b paper = card.at<cv::Vec3b>(kCardHeight / 2, 4);
  cv::Mat photo(600, 800, CV_8UC3, cv::Scalar(paper[0], paper[1], paper[2]));
  card.copyTo(photo(cv::Rect(340, 200, kCardWidth, kCardHeight)));
  cv::ellipse(photo, cv::Point(460, 385), cv::Size(22, 60), -35, 0, 360, cv::Scalar(140, 170, 215), cv::FILLED);
  cv::GaussianBlur(photo, photo, cv::Size(), 1.5);
  check_found_round_disc(photo, Box{340, 200, kCardWidth, kCardHeight});
}

TEST_CASE("a card whose panel runs out into a dark table is found round its number's disc", "[cards]") {
  // On stripes of the card's own white and a dark colour, the margin merges with the white
  // stripes; a finger across the card's side, out onto a dark stripe that reaches the photo's
  // edge, joins the panel to it. The panel is then no hole in any white shape and the disc a
  // white shape standing alone. With the panel search off, the card can only be found from it.
  const cv::Mat card = draw_corsari_card(corsari_colour_index("blue"), 4);
  const cv::Vec3b paper = card.at<cv::Vec3b>(kCardHeight / 2, 4);
  cv::Mat photo(600, 800, CV_8UC3, cv::Scalar(paper[0], paper[1], paper[2]));
  for (int x = 0; x < photo.cols; x += 120) cv::rectangle(photo, cv::Rect(x, 0, 60, photo.rows), cv::Scalar(90, 40, 60), cv::FILLED);
  card.copyTo(photo(cv::Rect(340, 200, kCardWidth, kCardHeight)));
  cv::ellipse(photo, cv::Point(325, 232), cv::Size(45, 12), 10, 0, 360, cv::Scalar(140, 170, 215), cv::FILLED);
  cv::GaussianBlur(photo, photo, cv::Size(), 1.5);
  check_found_round_disc(photo, Box{340, 200, kCardWidth, kCardHeight});
}

TEST_CASE("a card cut by the photo's edge is not taken for a whole card", "[cards]") {
  const cv::Mat card = draw_corsari_card(corsari_colour_index("green"), 4);
  for (const int x : {300, -8}) {
    cv::Mat photo(600, 800, CV_8UC3, cv::Scalar(60, 65, 70));
    const cv::Rect where(x, 200, card.cols, card.rows);
    const cv::Rect shown = where & cv::Rect(0, 0, photo.cols, photo.rows);
    card(shown - where.tl()).copyTo(photo(shown));
    CHECK(find_cards(photo).size() == (x > 0 ? 1U : 0U));
    ScanParameters to_the_edge;  // the margin is what leaves the cut card out
    to_the_edge.card_frame_margin = 0;
    CHECK(find_cards(photo, to_the_edge).size() == 1U);
  }
}

TEST_CASE("a card whose corner only is cut by the photo's edge is still a card", "[cards]") {
  // Turned 20 degrees with one corner 6 px past the left edge: about 4% of its outline is cut,
  // as in a photo taken close. The same card with a whole side cut is left out (above).
  const cv::Mat card = draw_corsari_card(corsari_colour_index("green"), 4);
  cv::Mat photo(600, 800, CV_8UC3, cv::Scalar(60, 65, 70));
  const cv::RotatedRect turned(cv::Point2f(0, 0), cv::Size2f(static_cast<float>(card.cols), static_cast<float>(card.rows)), 20);
  cv::Point2f corners[4];
  turned.points(corners);
  const float leftmost = std::min({corners[0].x, corners[1].x, corners[2].x, corners[3].x});
  cv::Mat placing = cv::getRotationMatrix2D(cv::Point2f(card.cols / 2.0f, card.rows / 2.0f), -20, 1.0);
  placing.at<double>(0, 2) += -6 - leftmost - card.cols / 2.0;
  placing.at<double>(1, 2) += 300 - card.rows / 2.0;
  cv::warpAffine(card, photo, placing, photo.size(), cv::INTER_LINEAR, cv::BORDER_TRANSPARENT);
  CHECK(find_cards(photo).size() == 1U);
  ScanParameters no_cut;
  no_cut.card_frame_cut_share = 0;
  CHECK(find_cards(photo, no_cut).empty());
}

namespace {

// A card of another deck's layout, canonical size: a white face with four black pips away from
// the centre (the Corsari reader finds no number there).
cv::Mat foreign_card(int pip_radius) {
  cv::Mat card(kCardHeight, kCardWidth, CV_8UC3, cv::Scalar(235, 235, 235));
  for (const cv::Point pip : {cv::Point(38, 45), cv::Point(82, 45), cv::Point(38, 135), cv::Point(82, 135)})
    cv::circle(card, pip, pip_radius, cv::Scalar(25, 25, 25), cv::FILLED);
  return card;
}

}  // namespace

TEST_CASE("a face printed in another deck's layout is a card to name, a blank or a patch of table is not", "[cards]") {
  CHECK(shows_a_printed_face(foreign_card(20)));
  // Too little ink: a sheet with a few specks.
  CHECK_FALSE(shows_a_printed_face(foreign_card(4)));
  // No ink: a blank card.
  CHECK_FALSE(shows_a_printed_face(cv::Mat(kCardHeight, kCardWidth, CV_8UC3, cv::Scalar(235, 235, 235))));
  // A patch of table: its edges are not one paper (light down one side, dark down the other).
  cv::Mat patch = foreign_card(20);
  patch(cv::Rect(0, 0, kCardWidth / 2, kCardHeight)).setTo(cv::Scalar(90, 90, 90));
  CHECK_FALSE(shows_a_printed_face(patch));
  // Checked cloth: its mid-tone cells fell as an even margin, its dark cells as ink, but its
  // white cells inside are whiter than that "paper".
  cv::Mat cloth(kCardHeight, kCardWidth, CV_8UC3, cv::Scalar(150, 150, 150));
  for (int y = 10; y + 30 < kCardHeight; y += 60)
    for (int x = 10; x + 30 < kCardWidth; x += 60) {
      cloth(cv::Rect(x, y, 30, 30)).setTo(cv::Scalar(60, 60, 60));
      cloth(cv::Rect(x + 30, y + 30, 30, 30) & cv::Rect(0, 0, kCardWidth - 8, kCardHeight - 8)).setTo(cv::Scalar(245, 245, 245));
    }
  CHECK_FALSE(shows_a_printed_face(cloth));
  // A striped table: the top and bottom strips cross dark stripes, so the margin holds ink.
  cv::Mat striped = foreign_card(20);
  for (int x = 8; x < kCardWidth - 8; x += 16) cv::line(striped, {x, 0}, {x, kCardHeight}, cv::Scalar(70, 70, 70), 5);
  CHECK_FALSE(shows_a_printed_face(striped));
  // A dark patch of table in a pale frame: all ink, no paper round it.
  cv::Mat patch_in_frame(kCardHeight, kCardWidth, CV_8UC3, cv::Scalar(200, 190, 190));
  patch_in_frame(cv::Rect(10, 10, kCardWidth - 20, kCardHeight - 20)).setTo(cv::Scalar(120, 40, 60));
  CHECK_FALSE(shows_a_printed_face(patch_in_frame));
  // A dark cell of gingham ringed by its pale lines: ink enough and paper round it, but one
  // solid block, where print is pieces (pips, letters) or a picture with paper inside it.
  cv::Mat gingham_cell(kCardHeight, kCardWidth, CV_8UC3, cv::Scalar(215, 200, 205));
  gingham_cell(cv::Rect(25, 40, 70, 100)).setTo(cv::Scalar(90, 40, 150));
  CHECK_FALSE(shows_a_printed_face(gingham_cell));
  ScanParameters any_block;
  any_block.unread_max_block_fill = 1;  // the rule this cell is about, off
  CHECK(shows_a_printed_face(gingham_cell, any_block));
  ScanParameters strict;
  strict.unread_min_ink_share = 0.5;
  strict.unread_sparse_min_ink = 1;  // nor an ace's sparse print (below)
  CHECK_FALSE(shows_a_printed_face(foreign_card(20), strict));
}

TEST_CASE("an ace of another deck shows little ink, but a corner index at both ends", "[cards]") {
  // One pip in the middle and the two indices (a letter over a small pip, the bottom-right one
  // turned half a turn): a tenth of the ink a face is asked for.
  const cv::Scalar ink(40, 40, 200);
  cv::Mat ace(kCardHeight, kCardWidth, CV_8UC3, cv::Scalar(235, 235, 235));
  cv::circle(ace, {kCardWidth / 2, kCardHeight / 2}, 10, ink, cv::FILLED);
  const auto index_at = [&](cv::Mat& card, cv::Point corner, int turn) {
    cv::rectangle(card, corner + cv::Point(2, 4) * turn, corner + cv::Point(10, 18) * turn, ink, cv::FILLED);
    cv::circle(card, corner + cv::Point(6, 26) * turn, 4, ink, cv::FILLED);
  };
  index_at(ace, {4, 4}, 1);
  cv::Mat one_index = ace.clone();
  index_at(ace, {kCardWidth - 4, kCardHeight - 4}, -1);
  CHECK(shows_a_printed_face(ace));
  // A sheet with a mark in one corner only, or a speck in the middle only, shows no face.
  CHECK_FALSE(shows_a_printed_face(one_index));
  cv::Mat speck(kCardHeight, kCardWidth, CV_8UC3, cv::Scalar(235, 235, 235));
  cv::circle(speck, {kCardWidth / 2, kCardHeight / 2}, 10, ink, cv::FILLED);
  CHECK_FALSE(shows_a_printed_face(speck));
  ScanParameters no_sparse_faces;
  no_sparse_faces.unread_sparse_min_ink = 1;  // the rule this case is about, off
  CHECK_FALSE(shows_a_printed_face(ace, no_sparse_faces));
}

TEST_CASE("a card whose outline takes in a strip of pale table along one side shows its face once trimmed to its paper", "[cards]") {
  // A pale band of table (grey 170) against the card's left side is one white shape with it:
  // the outline found is the card and the band, whose margin down that side is the band's grey
  // and no paper. Moved in 3 to 9% all round it still is; trimmed side by side to the first
  // columns of paper, it is the card.
  cv::Mat photo(600, 800, CV_8UC3, cv::Scalar(60, 65, 70));
  cv::Mat card;
  cv::resize(foreign_card(20), card, cv::Size(), 1.5, 1.5, cv::INTER_AREA);
  cv::rectangle(photo, cv::Rect(260, 150, 40, card.rows), cv::Scalar(170, 170, 170), cv::FILLED);
  card.copyTo(photo(cv::Rect(300, 150, card.cols, card.rows)));
  const ScanResult result = CardScanner(builtin()).scan(normalise_photo(photo, photo.size()));
  REQUIRE(result.items.size() == 1);
  CHECK(result.items[0].label == kUnreadLabel);
  ScanParameters no_trim;
  no_trim.unread_trim_max = 0;
  no_trim.unread_even_light_window = 0;  // lit evenly, the band's grey would pass for paper in shade
  CHECK(CardScanner(builtin(), no_trim).scan(normalise_photo(photo, photo.size())).items.empty());
}

TEST_CASE("a card half in sunlight and half in shade still shows its face", "[cards]") {
  // Pips narrower than the light's window (a card's pips are; a picture need not be). A
  // shadow's sharp edge across the card, a little slanted, the shade's paper 0.45 as light as
  // the sun's: two papers in its margin, with no plane of light between them.
  const auto shaded = [](cv::Mat card, double light) {
    for (int y = 0; y < card.rows; ++y)
      for (int x = 0; x < card.cols; ++x)
        if (5 * y < 350 + x) card.at<cv::Vec3b>(y, x) *= light;
    return card;
  };
  const auto half_in_shade = [&](const cv::Mat& card) { return shaded(card, 0.45); };
  CHECK(shows_a_printed_face(half_in_shade(foreign_card(16))));
  ScanParameters plane_only;
  plane_only.unread_even_light_window = 0;  // the rule this case is about, off
  CHECK_FALSE(shows_a_printed_face(half_in_shade(foreign_card(16)), plane_only));
  // Lit evenly, a blank card or a few specks still show no face.
  CHECK_FALSE(shows_a_printed_face(half_in_shade(foreign_card(4))));
  CHECK_FALSE(shows_a_printed_face(half_in_shade(cv::Mat(kCardHeight, kCardWidth, CV_8UC3, cv::Scalar(235, 235, 235)))));
  // Nor is a dark thing paper in deep shade: "paper" a fifth as light as the rest is no paper.
  const auto dark_half = [&](const cv::Mat& card) { return shaded(card, 0.2); };
  CHECK_FALSE(shows_a_printed_face(dark_half(foreign_card(16))));
  ScanParameters any_light;
  any_light.unread_even_light_least = 0.1;
  CHECK(shows_a_printed_face(dark_half(foreign_card(16)), any_light));
}

TEST_CASE("a card lit from one end still shows one paper round its face", "[cards]") {
  // A lamp beyond the card's bottom edge: its paper runs from 170 at the top to 235 at the
  // bottom, so its margin is not one grey, though the slope is the light's, not the card's.
  const auto lit_from_one_end = [](cv::Mat card) {
    for (int y = 0; y < card.rows; ++y) card.row(y) *= 0.72 + 0.28 * y / (card.rows - 1);
    return card;
  };
  CHECK(shows_a_printed_face(lit_from_one_end(foreign_card(20))));
  CHECK_FALSE(shows_a_printed_face(lit_from_one_end(foreign_card(4))));
  CHECK_FALSE(shows_a_printed_face(lit_from_one_end(cv::Mat(kCardHeight, kCardWidth, CV_8UC3, cv::Scalar(235, 235, 235)))));
}

TEST_CASE("a card the profile cannot read is reported as '?', uncertain and not counted", "[cards]") {
  cv::Mat photo(600, 800, CV_8UC3, cv::Scalar(60, 65, 70));
  cv::Mat card;
  cv::resize(foreign_card(20), card, cv::Size(), 1.5, 1.5, cv::INTER_AREA);
  card.copyTo(photo(cv::Rect(300, 150, card.cols, card.rows)));
  REQUIRE_FALSE(CardReader(builtin()).read(foreign_card(20)));  // the reader alone refuses it
  const ScanResult result = CardScanner(builtin()).scan(normalise_photo(photo, photo.size()));
  REQUIRE(result.items.size() == 1);
  CHECK(result.items[0].label == kUnreadLabel);
  CHECK(result.items[0].uncertain);
  CHECK(result.items[0].confidence == 0);
  CHECK(result.uncertain == 1);
  CHECK(result.counts.empty());
  CHECK(iou(result.items[0].box, Box{300, 150, static_cast<double>(card.cols), static_cast<double>(card.rows)}) > 0.85);
  CHECK(marked_label(result.items[0].label, true) == "?");
  CHECK(marked_label("red7", true) == "red7?");
  CHECK(marked_label("red7", false) == "red7");
  // The same card without its pips is a blank: nothing to report.
  cv::rectangle(photo, cv::Rect(300, 150, card.cols, card.rows), cv::Scalar(235, 235, 235), cv::FILLED);
  CHECK(CardScanner(builtin()).scan(normalise_photo(photo, photo.size())).items.empty());
}

TEST_CASE("a card of another deck whose outline took in a strip of pale table is still reported", "[cards]") {
  // The white shape is the card and a strip of pale carpet along its side, one outline: its
  // margin strip on that side lies on the carpet. A little inside the outline lies the card.
  cv::Mat photo(600, 800, CV_8UC3, cv::Scalar(60, 65, 70));
  cv::Mat card;
  cv::resize(foreign_card(20), card, cv::Size(), 1.5, 1.5, cv::INTER_AREA);
  const cv::Rect where(300, 150, card.cols, card.rows);
  card.copyTo(photo(where));
  cv::rectangle(photo, cv::Rect(where.br().x, where.y, 7, where.height), cv::Scalar(190, 190, 190), cv::FILLED);
  const std::vector<CardOutline> outlines = locate_cards(photo);
  REQUIRE(outlines.size() == 1);
  REQUIRE_FALSE(shows_a_printed_face(warp_card(photo, outlines.front())));  // the outline as found
  const ScanResult result = CardScanner(builtin()).scan(normalise_photo(photo, photo.size()));
  REQUIRE(result.items.size() == 1);
  CHECK(result.items[0].label == kUnreadLabel);
}

namespace {

// Cards of another deck (foreign_card, 1.5 times its size) lying at `lefts` on a dark cloth,
// each later one under the one before (the first lies on top), their sides' shadow a grey line.
std::pair<cv::Mat, std::vector<cv::Rect>> foreign_row(const std::vector<int>& lefts) {
  cv::Mat photo(600, 800, CV_8UC3, cv::Scalar(60, 65, 70));
  cv::Mat card;
  cv::resize(foreign_card(20), card, cv::Size(), 1.5, 1.5, cv::INTER_AREA);
  std::vector<cv::Rect> where;
  for (const int left : lefts) where.emplace_back(left, 150, card.cols, card.rows);
  for (auto it = where.rbegin(); it != where.rend(); ++it) {
    card.copyTo(photo(*it));
    cv::rectangle(photo, *it, cv::Scalar(175, 175, 175), 2);
  }
  return {photo, where};
}

}  // namespace

TEST_CASE("a fanned row of another deck's cards is one white shape: the cards under the top one are placed from their sides", "[cards]") {
  // At the paper's level the three cards are one white shape shaped like a card; at a higher
  // level the top card parts from it, and the others show a strip each, their sides' lines.
  const auto [photo, where] = foreign_row({250, 320, 390});
  const std::vector<CardOutline> outlines = locate_cards(photo);
  REQUIRE(outlines.size() == 3);
  for (std::size_t i = 0; i < where.size(); ++i) {
    const Box truth{static_cast<double>(where[i].x), static_cast<double>(where[i].y), static_cast<double>(where[i].width),
                    static_cast<double>(where[i].height)};
    const auto placed = std::ranges::find_if(outlines, [&](const CardOutline& outline) { return iou(bounding_box(outline.corners), truth) > 0.85; });
    REQUIRE(placed != outlines.end());
    CHECK(placed->under_in_row == (i > 0));  // the top card is seen whole
  }
  // The cards under it show a strip: they are reported where they lie, unread.
  const ScanResult result = CardScanner(builtin()).scan(normalise_photo(photo, photo.size()));
  REQUIRE(result.items.size() == 3);
  CHECK(std::ranges::all_of(result.items, [](const ScannedItem& item) { return item.label == kUnreadLabel && item.uncertain; }));
  // Under a blank (no card of any deck: a sheet's end, a gingham's cells in a glare) nothing is
  // reported, though the "cards" under it are placed.
  cv::Mat blank_on_top = photo.clone();
  blank_on_top(where[0]).setTo(cv::Scalar(235, 235, 235));
  cv::rectangle(blank_on_top, where[0], cv::Scalar(175, 175, 175), 2);
  REQUIRE(std::ranges::count_if(locate_cards(blank_on_top), &CardOutline::under_in_row) == 2);
  CHECK(CardScanner(builtin()).scan(normalise_photo(blank_on_top, blank_on_top.size())).items.empty());
  // Without the lines of the sides there is no row to split: one white shape at every level.
  ScanParameters no_lines;
  no_lines.card_row_edge_contrast = 255;
  CHECK(std::ranges::none_of(locate_cards(photo, no_lines), &CardOutline::under_in_row));
}

namespace {

// `card` laid on `photo` turned `degrees` round `centre`, its side's shadow a grey line (unless
// not `shadowed`); its corners in the photo.
Quad lay_turned(cv::Mat& photo, const cv::Mat& card, cv::Point2f centre, float degrees, bool shadowed = true) {
  cv::Mat placing = cv::getRotationMatrix2D(cv::Point2f(card.cols / 2.0f, card.rows / 2.0f), degrees, 1.0);
  placing.at<double>(0, 2) += centre.x - card.cols / 2.0;
  placing.at<double>(1, 2) += centre.y - card.rows / 2.0;
  cv::Mat framed = card.clone();
  if (shadowed) cv::rectangle(framed, cv::Rect(0, 0, card.cols, card.rows), cv::Scalar(175, 175, 175), 2);
  cv::warpAffine(framed, photo, placing, photo.size(), cv::INTER_LINEAR, cv::BORDER_TRANSPARENT);
  Quad corners = corners_of(cv::Rect2f(0, 0, static_cast<float>(card.cols), static_cast<float>(card.rows)));
  cv::transform(corners, corners, placing);
  return corners;
}

bool corners_near(const Quad& found, const Quad& truth, float within) {
  return std::ranges::all_of(truth, [&](const cv::Point2f& corner) {
    return std::ranges::any_of(found, [&](const cv::Point2f& other) { return side_length(corner, other) <= within; });
  });
}

}  // namespace

TEST_CASE("cards of another deck dropped on each other at angles are placed from their corners", "[cards]") {
  // No fanned row: the card under lies turned 35 degrees against the one on top, and the two are
  // one white shape at the paper's level, no card's. The card under shows its whole left side,
  // corner to corner: it is placed from that side.
  cv::Mat photo(600, 800, CV_8UC3, cv::Scalar(60, 65, 70));
  cv::Mat card;
  cv::resize(foreign_card(20), card, cv::Size(), 1.5, 1.5, cv::INTER_AREA);
  const Quad under = lay_turned(photo, card, {320, 300}, 25);
  const Quad top = lay_turned(photo, card, {470, 300}, -10);
  const std::vector<CardOutline> outlines = locate_cards(photo);
  REQUIRE(outlines.size() == 2);
  const auto near = [&](const Quad& truth) {
    return std::ranges::find_if(outlines, [&](const CardOutline& outline) { return corners_near(outline.corners, truth, 8); });
  };
  REQUIRE(near(top) != outlines.end());
  REQUIRE(near(under) != outlines.end());
  CHECK(near(under)->in_pile);
  // Reported where it lies, unread (its face is half the top card's).
  const ScanResult result = CardScanner(builtin()).scan(normalise_photo(photo, photo.size()));
  REQUIRE(result.items.size() == 2);
  CHECK(std::ranges::count_if(result.items, [](const ScannedItem& item) { return item.label == kUnreadLabel && item.uncertain; }) >= 1);
  ScanParameters no_piles;
  no_piles.card_pile_min_explained = 1.5;
  CHECK(std::ranges::none_of(locate_cards(photo, no_piles), [&](const CardOutline& outline) { return corners_near(outline.corners, under, 8); }));
  SECTION("a card over a strip of paper is no pile: the card placed leaves most of their white unexplained") {
    // Strip and card are one white shape at every level (no shadow parts them); the card's
    // right side shows whole, but a card placed from it leaves the strip unexplained.
    cv::Mat on_strip(600, 800, CV_8UC3, cv::Scalar(60, 65, 70));
    cv::rectangle(on_strip, cv::Rect(60, 230, 440, 110), cv::Scalar(235, 235, 235), cv::FILLED);
    const Quad over = lay_turned(on_strip, card, {560, 330}, 20, false);
    CHECK(locate_cards(on_strip).empty());
    ScanParameters any_share;
    any_share.card_pile_min_explained = 0.3;
    const std::vector<CardOutline> placed = locate_cards(on_strip, any_share);
    REQUIRE(placed.size() == 1);
    CHECK(corners_near(placed[0].corners, over, 8));
  }
}

TEST_CASE("a pile's card whose whole side is fitted with two pieces, a little bent, is placed from that side", "[cards]") {
  // A real phone photo (tests/vision/photos/README.md): an ace with the ten of clubs over it,
  // turned against it, one white shape on a carpet. The ace's left side shows whole, but its
  // outline is fitted with a short piece turned some degrees and a long one: they are one side.
  const Photo photo = load_photo(std::filesystem::path(QM_TEST_PHOTOS) / "ace-under-ten.jpg");
  const std::array<Box, 2> labelled = {Box{121, 119, 115, 203}, Box{176, 106, 192, 230}};  // the ace, the ten
  const std::vector<CardOutline> cards = locate_cards(photo.image);
  REQUIRE(cards.size() == 2);
  for (const Box& card : labelled)
    CHECK(std::ranges::count_if(cards, [&](const CardOutline& outline) {
            return outline.in_pile && holds(outline.corners, cv::Point2f(card.x + card.w / 2, card.y + card.h / 2));
          }) >= 1);
  ScanParameters strict_corners;
  strict_corners.card_pile_corner_gap = 0.05;  // no rounded corner between two sides: the ace's corners are lost
  CHECK(locate_cards(photo.image, strict_corners).empty());
}

TEST_CASE("a pile's card is as long as the cards seen whole that show a face, not as the parts of cards found", "[cards]") {
  // A real phone photo (tests/vision/photos/README.md): a ten and a queen, touching at an angle.
  // The queen is found whole; the ten, placed from its sides on the pile's outline, takes its
  // length from the cards that show a face, not from every shape found as one card.
  const Photo photo = load_photo(std::filesystem::path(QM_TEST_PHOTOS) / "ten-over-queen.jpg");
  const Box ten{185, 140, 178, 234};  // the hand-labelled box
  const std::vector<CardOutline> cards = locate_cards(photo.image);
  CHECK(std::ranges::any_of(cards, [&](const CardOutline& outline) { return outline.in_pile && iou(bounding_box(outline.corners), ten) > 0.7; }));
}

TEST_CASE("a fanned card showing a little of its side beyond the card over it is placed from its top side", "[cards]") {
  // A real phone photo (tests/vision/photos/README.md): a king, a nine over it and a jack over
  // the nine, fanned and turned against each other. The nine's right side shows a little way
  // above the jack, its rounded corner as long as that: it is the corner's, not a side. From
  // the nine's top side, the card runs down the way both its sides show, not bent by the few
  // pixels of its left side, and overlaps the king by far less than its box does.
  const Photo photo = load_photo(std::filesystem::path(QM_TEST_PHOTOS) / "fan-king-nine-jack.jpg");
  const std::vector<CardOutline> cards = locate_cards(photo.image);
  CHECK(cards.size() == 3);
  const std::array<cv::Point2f, 2> nine_top = {cv::Point2f(83, 171), cv::Point2f(217, 148)};  // its top corners, as they show
  const auto nine = std::ranges::find_if(cards, [&](const CardOutline& outline) {
    return std::ranges::all_of(nine_top, [&](const cv::Point2f& corner) {
      return std::ranges::any_of(outline.corners, [&](const cv::Point2f& at) { return side_length(at, corner) <= 8; });
    });
  });
  REQUIRE(nine != cards.end());
  CHECK(nine->in_pile);
  CHECK(long_over_short(nine->corners) == Approx(1.4).margin(0.15));
}

TEST_CASE("a card half in shade is not a row: the lit half is a card at a higher level, but no side of a card divides them", "[cards]") {
  // The shade's edge runs softly across the card: above a level the lit half alone is white, at
  // one end of the card and shaped like one, but no straight side divides it from the rest.
  auto [photo, where] = foreign_row({300});
  for (int y = where[0].y; y < where[0].br().y; ++y) {
    const double down = static_cast<double>(y - where[0].y) / where[0].height;
    photo(cv::Rect(where[0].x, y, where[0].width, 1)) *= std::clamp(1.0 - (down - 0.55) / 0.2 * 0.25, 0.75, 1.0);
  }
  const std::vector<CardOutline> outlines = locate_cards(photo);
  REQUIRE(outlines.size() == 1);
  CHECK_FALSE(outlines[0].under_in_row);
  CHECK(iou(bounding_box(outlines[0].corners), Box{300, 150, static_cast<double>(where[0].width), static_cast<double>(where[0].height)}) > 0.85);
}

TEST_CASE("an empty table has no cards", "[cards]") {
  std::mt19937_64 rng(5);
  CardSceneOptions options = small_card_scene();
  options.labels = {};
  options.cards = 0;
  const RenderedCardScene scene = render_card_scene(options, rng);
  CHECK(CardScanner(builtin()).scan(normalise_photo(scene.image, scene.image.size())).items.empty());
}

TEST_CASE("close colour pairs are read under warm and cold light", "[cards]") {
  // blue/lightblue, red/orange/pink, purple/pink, brown/grey, side by side.
  const std::vector<std::string> labels{"blue3",  "lightblue3", "red8",  "orange8", "pink8", "purple2",
                                        "pink2", "brown10",    "grey10", "yellow6", "green9", "red11"};
  std::mt19937_64 rng(2026);
  for (const LightCast light : {LightCast::warm, LightCast::cold}) {
    for (int i = 0; i < 2; ++i) {
      CardSceneOptions options = small_card_scene();
      options.labels = labels;
      options.light = light;
      options.cast_strength = 0.25;
      const Outcome outcome = scan_scene(render_card_scene(options, rng), builtin());
      CHECK(outcome.found == 12);
      CHECK(outcome.right == 12);
      CHECK(outcome.extra == 0);
    }
  }
}

TEST_CASE("scan_cards round trip through a JPEG file, with the CLI document", "[cards]") {
  qm::testing::TempDir dir("cards-scan");
  std::mt19937_64 rng(4242);
  CardSceneOptions options;
  options.width = 1600;
  options.height = 1200;
  const RenderedCardScene scene = render_card_scene(options, rng);
  const auto file = dir.path / "hand.jpg";
  cv::imwrite(file.string(), scene.image, {cv::IMWRITE_JPEG_QUALITY, 90});
  const ScanResult result = scan_cards(file, CardGame::corsari);
  REQUIRE(result.items.size() == 12);
  int right = 0;
  for (const ScannedItem& item : result.items) {
    for (const RenderedCard& card : scene.cards) {
      if (iou(item.box, card.box) > 0.7 && item.label == card.label) ++right;
    }
  }
  CHECK(right == 12);
  const auto json = to_json(result);
  CHECK(json["items"].size() == 12);
  CHECK(json["items"][0].contains("box"));
  CHECK(json["items"][0].contains("confidence"));
  int counted = 0;
  for (const auto& [label, count] : json["counts"].items()) counted += count.get<int>();
  CHECK(counted + json["uncertain"].get<int>() == 12);
  annotate(file, result, dir.path / "annotated.png");
  CHECK(std::filesystem::file_size(dir.path / "annotated.png") > 0);
}

TEST_CASE("calibration learns a second art style from a few photos", "[cards]") {
  qm::testing::TempDir dir("cards-calibration");
  const CardSceneOptions base = small_card_scene();
  // 3 photos of 12 cards: every colour and every number at least three times.
  write_card_calibration_set(dir.path, CardArt::alternate, 3, base, 99);
  CardCalibrationOptions calibration;
  std::vector<std::pair<long, long>> progress;  // the progress line's figures
  calibration.progress = [&progress](long done, long photos) { progress.emplace_back(done, photos); };
  const CardCalibrationReport report = calibrate_cards(dir.path, dir.path / "deck.json", calibration);
  CHECK(report.photos == 3);
  CHECK(progress == std::vector<std::pair<long, long>>{{1, 3}, {2, 3}, {3, 3}});
  CHECK(report.cards == 36);
  CHECK(report.colour_samples.size() == 10);
  CHECK(report.number_samples.size() == 11);
  CHECK(report.accuracy == 1.0);
  CHECK(report.warnings.empty());
  // The report gives the counts and every colour and number learned, with its samples.
  const std::string text = format_report(report);
  INFO(text);
  CHECK_THAT(text, Catch::StartsWith("photos 3, cards learned 36, read back " + std::to_string(report.reread) + "/" +
                                     std::to_string(report.reread) + " (100.0%)\n"));
  const std::string colours = qm::testing::line_starting(text, "colours:") + " ";
  for (const auto& [label, count] : report.colour_samples)
    CHECK_THAT(colours, Catch::Contains(" " + label + " " + std::to_string(count) + " "));
  const std::string numbers = qm::testing::line_starting(text, "numbers:") + " ";
  for (const auto& [label, count] : report.number_samples)
    CHECK_THAT(numbers, Catch::Contains(" " + label + " " + std::to_string(count) + " "));
  const CardProfile calibrated = load_card_profile(dir.path / "deck.json");
  CardSceneOptions options = small_card_scene();
  options.art = CardArt::alternate;
  std::mt19937_64 rng(123);
  const Outcome outcome = scan_scenes(options, 3, rng, calibrated);
  CHECK(outcome.right == outcome.cards);
}

TEST_CASE("the calibration's accuracy is cross-validated: a wrong label and a card not found count against it", "[cards]") {
  qm::testing::TempDir dir("cards-cross-validation");
  write_card_calibration_set(dir.path, CardArt::classic, 3, small_card_scene(), 41);
  nlohmann::json labels;
  std::ifstream(dir.path / "labels.json") >> labels;
  // On the first photo one card is named with the number of the card beside it, and a box
  // where no card lies names a card.
  nlohmann::json& items = labels["photos"][0]["items"];
  const std::string truth = items[0]["label"];
  const std::string named = items[1]["label"];
  const auto truth_parts = split_label(truth);
  const auto named_parts = split_label(named);
  REQUIRE(truth_parts);
  REQUIRE(named_parts);
  REQUIRE(truth_parts->number != named_parts->number);
  const std::string wrong = truth_parts->colour + named_parts->number;
  items[0]["label"] = wrong;
  items.push_back({{"label", "red5"}, {"box", {2, 2, 30, 40}}});
  std::ofstream(dir.path / "labels.json") << labels.dump();

  const CardCalibrationReport report = calibrate_card_profile(dir.path).report;
  CHECK(report.tested == 37);
  CHECK(report.tested_right == 35);
  CHECK(report.accuracy == Approx(35.0 / 37));
  const auto confused = [&](const std::string& label, const std::string& guess) {
    return std::any_of(report.confusions.begin(), report.confusions.end(),
                       [&](const Confusion& c) { return c.truth == label && c.guess == guess && c.count == 1; });
  };
  CHECK(confused(wrong, truth));  // the other photos read what the card really is
  CHECK(confused("red5", "?"));
  CHECK(report.label_results.at(wrong) == std::pair<int, int>{0, 1});
  // One warning names every label read wrong, with its count, for more photos of it.
  const bool listed = std::any_of(report.warnings.begin(), report.warnings.end(), [&](const std::string& w) {
    return w.starts_with("read wrong on photos left out") && w.find(wrong + " 0/1") != std::string::npos && w.find("red5 ") != std::string::npos;
  });
  CHECK(listed);
  // The cards learned from read back right, the wrong one too: that figure cannot tell.
  CHECK(report.reread_right == report.reread);
}

TEST_CASE("the card calibration report gives every count and label", "[cards]") {
  CardCalibrationReport report;
  report.photos = 2;
  report.cards = 24;
  report.colour_samples = {{"blue", 13}, {"red", 11}};
  report.number_samples = {{"1", 12}, {"10", 12}};
  report.whole_samples = {{"pirate", 2}};
  report.reread = 24;
  report.reread_right = 23;
  report.read_back_accuracy = 23.0 / 24;
  report.tested = 25;
  report.tested_right = 22;
  report.accuracy = 22.0 / 25;
  report.confusions = {{"red1", "pink1", 2}, {"blue10", "?", 1}};
  report.warnings = {"red and pink look alike"};
  CHECK(format_report(report) ==
        "photos 2, cards learned 24, read back 23/24 (95.8%)\n"
        "cross-validated accuracy: 88.0% of 25 cards\n"
        "colours: blue 13 red 11\n"
        "numbers: 1 12 10 12\n"
        "whole cards: pirate 2\n"
        "  red1 taken for pink1 2 times\n"
        "  blue10 taken for ? 1 time\n"
        "warning: red and pink look alike\n");
}

TEST_CASE("a number's look is its own whatever the card's colour, and the card turned is its look turned", "[cards][look]") {
  const auto distance = [](const std::vector<float>& a, const std::vector<float>& b) { return cv::norm(a, b, cv::NORM_L2); };
  const cv::Mat red7 = draw_card(CardGame::corsari, "red7");
  const std::vector<float> look = card_look(red7);
  REQUIRE(look.size() == static_cast<std::size_t>(kCardLookLength));
  const double same_number = distance(look, card_look(draw_card(CardGame::corsari, "blue7")));
  for (const char* other : {"red1", "red4", "blue1", "red9"}) {
    INFO(other);
    CHECK(same_number < distance(look, card_look(draw_card(CardGame::corsari, other))));
  }
  cv::Mat upside_down;
  cv::rotate(red7, upside_down, cv::ROTATE_180);
  CHECK(distance(card_look(upside_down, true), look) < 0.1 * distance(card_look(upside_down), look));
  // As a profile keeps it: a byte a value.
  const std::vector<float> kept = quantised_look(look);
  CHECK(quantised_look(kept) == kept);
  CHECK(distance(kept, look) < 0.05);
}

TEST_CASE("where a profile reads numbers by their look, a card's number is read by the looks learned", "[cards][look]") {
  // Looks of a deck that prints its 3 as the drawn 7 and its 7 as the drawn 3: the number read
  // is the looks', the colour still the profile's; a number no look knows, read for sure by its
  // ink, stays.
  CardProfile profile = builtin();
  const auto learn = [&](const std::string& number, const std::string& drawn) {
    profile.looks.push_back({number, quantised_look(card_look(draw_card(CardGame::corsari, drawn)))});
  };
  for (const char* drawn : {"red3", "blue3", "green3"}) learn("7", drawn);
  for (const char* drawn : {"red7", "blue7", "green7"}) learn("3", drawn);
  for (const char* drawn : {"red5", "blue5"}) learn("5", drawn);
  CHECK(CardReader(profile).read(draw_card(CardGame::corsari, "orange3"))->label == "orange3");  // looks kept, not used
  profile.numbers_by_look = true;
  const CardReader reader(profile);
  const auto read = [&](const std::string& label) {
    const auto reading = reader.read(draw_card(CardGame::corsari, label));
    REQUIRE(reading);
    return *reading;
  };
  CHECK(read("orange3").label == "orange7");
  CHECK(read("pink5").label == "pink5");
  CHECK(read("pink5").uncertain == false);
  CHECK(read("grey9").label == "grey9");  // no look of a 9: its ink reads it
  const CardReading turned = [&] {
    cv::Mat card;
    cv::rotate(draw_card(CardGame::corsari, "yellow3"), card, cv::ROTATE_180);
    return *reader.read(card);
  }();
  CHECK(turned.label == "yellow7");
  CHECK(turned.upside_down);
  // A card farther from every look than the profile allows is unlike the deck: listed unread.
  const double nearest = cv::norm(card_look(draw_card(CardGame::corsari, "orange3")), profile.looks.front().features);
  profile.look_max_distance = 2 * nearest;
  CHECK(CardReader(profile).read(draw_card(CardGame::corsari, "orange3"))->label == "orange7");
  profile.look_max_distance = nearest / 2;
  const auto unlike = CardReader(profile).read(draw_card(CardGame::corsari, "orange3"));
  REQUIRE(unlike);
  CHECK(unlike->label == kUnreadLabel);
  CHECK(unlike->uncertain);
}

TEST_CASE("a calibrated profile keeps the looks it learned, and refuses a look of the wrong length", "[cards][look]") {
  qm::testing::TempDir dir("cards-looks");
  write_card_calibration_set(dir.path, CardArt::alternate, 2, small_card_scene(), 7);
  CardCalibration calibration = calibrate_card_profile(dir.path);
  // One look a card learned. Rendered cards print each number in one of six fonts, which a few
  // photos do not all show: the drawn fonts' ink reads them better, and the profile reads so.
  CHECK(calibration.profile.looks.size() == static_cast<std::size_t>(calibration.report.cards));
  CHECK_FALSE(calibration.profile.numbers_by_look);
  CHECK_FALSE(calibration.report.numbers_by_look);
  CHECK(calibration.profile.look_max_distance == 0);  // no limit where numbers are read by their ink
  CHECK(calibration.report.other_reader_accuracy < calibration.report.accuracy);
  calibration.profile.numbers_by_look = true;
  calibration.profile.look_max_distance = 1.125;
  save_card_profile(calibration.profile, dir.path / "deck.json");
  const CardProfile copy = load_card_profile(dir.path / "deck.json");
  CHECK(copy.numbers_by_look);
  CHECK(copy.look_max_distance == 1.125);
  REQUIRE(copy.looks.size() == calibration.profile.looks.size());
  for (std::size_t i = 0; i < copy.looks.size(); ++i) {
    CHECK(copy.looks[i].label == calibration.profile.looks[i].label);
    CHECK(copy.looks[i].features == calibration.profile.looks[i].features);
  }
  nlohmann::json json = to_json(copy);
  json["looks"][0]["look"] = "00ff";
  CHECK_THROWS_AS(card_profile_from_json(json, "short look"), qm::InputError);
  json["looks"][0]["look"] = std::string(2 * kCardLookLength, 'g');
  CHECK_THROWS_AS(card_profile_from_json(json, "bad look"), qm::InputError);
}

TEST_CASE("a real deck whose numerals the drawn fonts do not read is read by their look after calibrating on it", "[cards][look]") {
  // Real webcam photos of UNO cards (tests/vision/photos/README.md), each number of each colour
  // once: cross-validated, each photo's number is read from the looks of the other colours.
  const std::filesystem::path photos = std::filesystem::path(QM_TEST_PHOTOS) / "uno";
  qm::testing::TempDir dir("cards-uno");
  nlohmann::json labels = {{"photos", nlohmann::json::array()}};
  for (const auto& [letter, colour] : std::vector<std::pair<std::string, std::string>>{{"b", "blue"}, {"g", "green"}, {"r", "red"}, {"y", "yellow"}}) {
    for (const std::string number : {"4", "5", "6"}) {
      const std::string file = letter + number + ".jpg";
      std::filesystem::copy_file(photos / file, dir.path / file);
      labels["photos"].push_back({{"file", file}, {"items", {{{"label", colour + number}}}}});
    }
  }
  std::ofstream(dir.path / "labels.json") << labels.dump();
  const CardCalibration calibration = calibrate_card_profile(dir.path);
  INFO(format_report(calibration.report));
  CHECK(calibration.report.cards == 12);
  CHECK(calibration.profile.numbers_by_look);
  CHECK(calibration.report.accuracy == 1.0);
  CHECK(calibration.report.other_reader_accuracy < 1.0);
  CHECK(calibration.profile.look_max_distance > 0);
  // Cards no Corsari number names: unlike every look learned, listed unread.
  const CardScanner scanner(calibration.profile);
  for (const char* file : {"bn.jpg", "r0.jpg"}) {
    INFO(file);
    const ScanResult result = scanner.scan(photos / file);
    REQUIRE(result.items.size() == 1);
    CHECK(result.items.front().label == kUnreadLabel);
  }
}

TEST_CASE("a card whose middle holds no numeral is learned and read by its look alone", "[cards][look]") {
  // Real phone photos (tests/vision/photos/README.md) of playing cards alone on a dark cloth,
  // named as Loot merchants (cards that differ by number alone). A ten's middle holds pips all
  // round and no numeral's ink, but it shows a printed face: its colour and its look are learned,
  // and another ten is read by them, where the profile reads numbers by their look.
  const std::filesystem::path photos(QM_TEST_PHOTOS);
  const auto card_in = [&](const char* file) {
    const Photo photo = load_photo(photos / file);
    const std::vector<CardOutline> outlines = locate_cards(photo.image);
    REQUIRE(outlines.size() == 1);
    REQUIRE_FALSE(outlines.front().covered());
    return warp_card(photo.image, outlines.front());
  };
  const cv::Mat ten_of_diamonds = card_in("ten-of-diamonds-on-cloth.jpg");
  const cv::Mat ten_of_hearts = card_in("ten-of-hearts-on-cloth.jpg");
  const cv::Mat nine_of_clubs = card_in("nine-of-clubs-on-cloth.jpg");
  REQUIRE_FALSE(digit_features(ten_of_diamonds));
  REQUIRE_FALSE(digit_features(ten_of_hearts));
  CardProfile profile;
  profile.game = CardGame::loot;
  profile.labels = deck_labels(CardGame::loot);
  CardLearner learner(profile, 40);
  CHECK(learner.learn("m3", ten_of_diamonds));
  CHECK(learner.learn("m2", nine_of_clubs));
  CHECK(learner.numbers() == std::map<std::string, int>{{"2", 1}, {"3", 1}});
  // A patch of cloth shows no printed face: nothing to learn from it or to read.
  const cv::Mat cloth(kCardHeight, kCardWidth, CV_8UC3, cv::Scalar(60, 35, 30));
  CHECK_FALSE(learner.learn("m3", cloth));
  profile.numbers_by_look = true;
  const auto ten = CardReader(profile).read(ten_of_hearts);
  REQUIRE(ten);
  CHECK(ten->label == "m3");
  CHECK_FALSE(CardReader(profile).read(cloth));
  // Read by its ink alone (a deck printed as the built-in cards), a card with none is not read.
  profile.numbers_by_look = false;
  CHECK_FALSE(CardReader(profile).read(ten_of_hearts));
}

TEST_CASE("card profiles survive a JSON round trip and refuse bad documents", "[cards]") {
  qm::testing::TempDir dir("cards-profile");
  save_card_profile(builtin(), dir.path / "copy.json");
  const CardProfile copy = load_card_profile(dir.path / "copy.json");
  CHECK(copy.colours.size() == builtin().colours.size());
  CHECK(copy.numbers.size() == builtin().numbers.size());
  CHECK(copy.numbers.front().features == builtin().numbers.front().features);
  CHECK(std::filesystem::file_size(builtin_card_profile_path(CardGame::corsari)) < 1'000'000);
  std::ofstream(dir.path / "bad.json") << R"({"format": "quartermaster-dice-profile", "version": 1})";
  CHECK_THROWS_AS(load_card_profile(dir.path / "bad.json"), qm::InputError);
  // Found by tests/fuzz (vision_profile): a format or version of the wrong JSON type escaped as
  // an internal error.
  for (const char* document : {R"({"format": 5})", R"({"format": "quartermaster-card-profile", "version": "1"})"}) {
    std::ofstream(dir.path / "typed.json") << document;
    CHECK_THROWS_AS(load_card_profile(dir.path / "typed.json"), qm::InputError);
  }
  std::ofstream(dir.path / "junk.json") << "not json";
  CHECK_THROWS_AS(load_card_profile(dir.path / "junk.json"), qm::InputError);
  CHECK_THROWS_AS(load_card_profile(dir.path / "missing.json"), qm::InputError);
  CHECK_THROWS_AS(card_game_from_string("poker"), qm::InputError);
}

TEST_CASE("bad photos are refused as for dice", "[cards]") {
  qm::testing::TempDir dir("cards-bad");
  CHECK_THROWS_AS(scan_cards(dir.path / "missing.jpg", builtin()), qm::InputError);
  std::ofstream(dir.path / "empty.jpg").close();
  CHECK_THROWS_AS(scan_cards(dir.path / "empty.jpg", builtin()), qm::InputError);
  std::ofstream(dir.path / "text.jpg") << "this is not a photo";
  CHECK_THROWS_AS(scan_cards(dir.path / "text.jpg", builtin()), qm::InputError);
  const cv::Mat gray(300, 400, CV_8U, cv::Scalar(128));
  cv::imwrite((dir.path / "gray.png").string(), gray);
  CHECK_THROWS_AS(scan_cards(dir.path / "gray.png", builtin()), qm::InputError);
  CHECK(std::string(no_cards_found("x.jpg").what()).find("no cards") != std::string::npos);
}

// ---- Loot cards, corner indices, overlapping cards ----

namespace {

const CardProfile& builtin_loot() {
  static const CardProfile profile = load_builtin_card_profile(CardGame::loot);
  return profile;
}

}  // namespace

TEST_CASE("labels split into colour and number, or are learned whole", "[cards][loot]") {
  CHECK(split_label("m5")->colour == "m");
  CHECK(split_label("m5")->number == "5");
  CHECK(split_label("gold3")->colour == "gold");
  CHECK(split_label("lightblue11")->number == "11");
  CHECK_FALSE(split_label("captain-blue"));
  CHECK_FALSE(split_label("admiral"));
  CHECK_FALSE(split_label("7"));
  // The deck's labels are the notation's own tokens (scoring/notation.hpp).
  CHECK(deck_labels(CardGame::loot).size() == 28);
  CHECK(deck_wholes(CardGame::loot) ==
        std::vector<std::string>{"captain-blue", "captain-green", "captain-purple", "captain-gold", "admiral"});
  CHECK(deck_colours(CardGame::loot) == std::vector<std::string>{"m", "blue", "green", "purple", "gold"});
  CHECK(canonical_card_label(CardGame::corsari, "Gray7") == "grey7");
  CHECK(canonical_card_label(CardGame::loot, "M5") == "m5");
  CHECK_FALSE(canonical_card_label(CardGame::loot, "m9"));
  CHECK_FALSE(canonical_card_label(CardGame::loot, "red3"));
  CHECK_THROWS_AS(draw_card(CardGame::loot, "blue5"), qm::InputError);
}

TEST_CASE("every Loot card is read from a flat face, upright and upside down", "[cards][loot]") {
  const CardReader reader(builtin_loot());
  for (const std::string& label : deck_labels(CardGame::loot)) {
    for (int font = 0; font < kFontVariants; font += 2) {
      CardStyle style;
      style.font_variant = font;
      const cv::Mat card = draw_card(CardGame::loot, label, style);
      cv::Mat turned;
      cv::rotate(card, turned, cv::ROTATE_180);
      for (const cv::Mat& face : {card, turned}) {
        const auto reading = reader.read(face);
        REQUIRE(reading);
        INFO(label << " font " << font);
        CHECK(reading->label == label);
        // Stage by stage: colour and number for numbered cards, nothing split for whole ones.
        if (const auto parts = split_label(label)) {
          CHECK(reading->colour == parts->colour);
          CHECK(reading->number == parts->number);
        } else {
          CHECK(reading->colour.empty());
        }
      }
    }
  }
}

TEST_CASE("the corner index alone reads Corsari and Loot cards", "[cards][loot]") {
  for (const CardGame game : {CardGame::corsari, CardGame::loot}) {
    const CardReader reader(game == CardGame::corsari ? builtin() : builtin_loot());
    for (const std::string& label : deck_labels(game)) {
      if (game == CardGame::corsari && label.find("pink") != 0 && label.find("grey") != 0) continue;  // keep it quick
      INFO(label);
      const auto reading = reader.read_corner(covered_card(game, label));
      REQUIRE(reading);
      CHECK(reading->label == label);
    }
  }
}

TEST_CASE("a covered card placed a few pixels off still has its corner index read", "[cards][overlap]") {
  // A covered card is placed from the few sides of it that show; blur or shade puts it a few
  // pixels off, and its index then lies off its box, cut by it or beside margin inside it. (A
  // rendered fan at the hardest look, a finger over a card's bottom end, placed a yellow 3 seven
  // pixels low.)
  const auto read_right = [](const ScanParameters& parameters, const std::vector<cv::Point>& offsets) {
    const CardReader reader(builtin(), parameters);
    int right = 0;
    int cards = 0;
    for (const std::string label : {"pink3", "grey8", "red11", "blue6", "yellow9"}) {
      const cv::Mat card = covered_card(CardGame::corsari, label);
      for (const cv::Point off : offsets) {
        const cv::Mat moved = (cv::Mat_<double>(2, 3) << 1, 0, off.x, 0, 1, off.y);
        cv::Mat placed;
        cv::warpAffine(card, placed, moved, card.size(), cv::INTER_LINEAR, cv::BORDER_CONSTANT, kTable);
        const auto reading = reader.read_corner(placed);
        right += reading && reading->label == label;
        ++cards;
      }
    }
    return std::pair{right, cards};
  };
  // A few pixels off, read right, but not all with the box fixed; seven pixels up, read right,
  // but not all with the box following the panel six pixels only.
  const std::vector<std::pair<std::vector<cv::Point>, int>> cases{{{{-4, -3}, {4, 3}, {-3, 4}, {5, -4}}, 0}, {{{1, -7}, {-1, -7}}, 6}};
  for (const auto& [offsets, shorter_reach] : cases) {
    const auto [right, cards] = read_right({}, offsets);
    CHECK(right == cards);
    ScanParameters shorter;
    shorter.index_max_shift = shorter_reach;
    const int right_shorter = read_right(shorter, offsets).first;
    INFO("read right with the box following the panel " << shorter_reach << " pixels: " << right_shorter << " of " << cards);
    CHECK(right_shorter < cards);
  }
}

TEST_CASE("a blurred covered card whose number's disc shows is read from its disc", "[cards][overlap]") {
  // A fifth of the card covered by the next card of a fan (its white margin, then its blue
  // panel), seen small and out of focus: the corner index is a smear, the disc's number is not.
  const CardReader reader(builtin());
  ScanParameters corner_only;
  corner_only.covered_number_min_visible = 1;
  const CardReader corner_reader(builtin(), corner_only);
  constexpr int kCoverFrom = 98;  // canonical x where the next card begins
  const double visible = (kCoverFrom - card_panel().x) / static_cast<double>(card_panel().width);
  int from_disc = 0;
  int from_corner = 0;
  const std::vector<std::string> labels = {"red3", "green8", "pink10", "yellow6", "brown11", "grey2"};
  for (const std::string& label : labels) {
    cv::Mat card = draw_card(CardGame::corsari, label, {});
    card(cv::Rect(kCoverFrom, 0, 10, kCardHeight)).setTo(cv::Scalar(236, 236, 236));
    card(cv::Rect(kCoverFrom + 10, 0, kCardWidth - kCoverFrom - 10, kCardHeight)).setTo(cv::Scalar(180, 90, 30));
    cv::Mat small;
    cv::resize(card, small, cv::Size(), 0.3, 0.3, cv::INTER_AREA);
    cv::resize(small, card, card.size(), 0, 0, cv::INTER_LINEAR);
    cv::GaussianBlur(card, card, cv::Size(), 1.5);
    INFO(label);
    const auto reading = reader.read_covered(card, visible);
    REQUIRE(reading);
    CHECK(reading->label == label);
    CHECK_FALSE(reading->uncertain);
    from_disc += reading->label == label;
    const auto corner = corner_reader.read_covered(card, visible);
    from_corner += corner && corner->label == label && !corner->uncertain;
  }
  INFO("read surely from the corner alone: " << from_corner << " of " << labels.size());
  CHECK(from_corner < from_disc);
}

TEST_CASE("a covered card that shows less than its corner index's box is read in doubt", "[cards][overlap]") {
  // Under the leftmost card of a fanned hand at the hardest look, a strip narrower than the
  // index's box showed, its corner under the thumb holding the hand: the thumb's edge was read
  // as a 1, for sure, on a purple 2. Where the card over it may cut the index, nothing is sure.
  const CardReader reader(builtin());
  const cv::Rect panel = card_panel();
  const double cut_inside = (card_corner_index().br().x - 2 - panel.x) / static_cast<double>(panel.width);
  const double clear_of_it = (card_corner_index().br().x + 2 - panel.x) / static_cast<double>(panel.width);
  for (const std::string label : {"red3", "pink8", "grey11"}) {
    const cv::Mat card = covered_card(CardGame::corsari, label);
    INFO(label);
    const auto clear = reader.read_covered(card, clear_of_it);
    REQUIRE(clear);
    CHECK(clear->label == label);
    CHECK_FALSE(clear->uncertain);
    const auto cut = reader.read_covered(card, cut_inside);
    REQUIRE(cut);
    CHECK(cut->uncertain);
  }
}

TEST_CASE("a covered card with a finger over its bottom corner is read in its panel's colour", "[cards][overlap]") {
  const CardReader reader(builtin());
  for (const std::string label : {"red11", "green3", "blue2", "pink8"}) {
    cv::Mat card = covered_card(CardGame::corsari, label);
    // The thumb holding the hand, over the bottom-left corner of the panel.
    cv::ellipse(card, cv::Point(30, 160), cv::Size(22, 30), 20, 0, 360, cv::Scalar(90, 110, 160), cv::FILLED, cv::LINE_AA);
    INFO(label);
    const auto reading = reader.read_corner(card);
    REQUIRE(reading);
    CHECK(reading->label == label);
  }
}

TEST_CASE("Loot scenes: every card found and read, top-down and oblique", "[cards][loot]") {
  std::mt19937_64 rng(909);
  for (int i = 0; i < 3; ++i) {
    CardSceneOptions options = small_card_scene();
    options.game = CardGame::loot;
    options.max_tilt_degrees = i == 0 ? 0 : 30;
    const Outcome outcome = scan_scene(render_card_scene(options, rng), builtin_loot());
    CHECK(outcome.found == outcome.cards);
    CHECK(outcome.right == outcome.cards);
    CHECK(outcome.extra == 0);
  }
}

TEST_CASE("slightly overlapping and fanned cards are separated and read", "[cards][overlap]") {
  std::mt19937_64 rng(4711);
  for (const CardGame game : {CardGame::corsari, CardGame::loot}) {
    for (const double cover : {0.2, 0.45}) {
      CardSceneOptions options = small_card_scene();
      options.game = game;
      options.layout = CardLayout::fan;
      options.min_cover = cover;
      options.max_cover = cover;
      const RenderedCardScene scene = render_card_scene(options, rng);
      int covered = 0;
      for (const RenderedCard& card : scene.cards) covered += card.cover > 0;
      CHECK(covered == 10);  // two rows of six: all but the top card of each row
      const Outcome outcome = scan_scene(scene, game == CardGame::corsari ? builtin() : builtin_loot());
      INFO(to_string(game) << " cover " << cover);
      // CARDS.md, Limits: about 9 in 10 covered cards are found, and a small corner index is
      // misread about once in 50 covered cards (6/8 in a thin font): at most one slip a scene.
      CHECK(outcome.found >= 11);
      CHECK(outcome.right >= outcome.found - 1);
      CHECK(outcome.extra == 0);
    }
  }
}

TEST_CASE("a covered card comes out with its visible corner index at the top left", "[cards][overlap]") {
  std::mt19937_64 rng(77);
  CardSceneOptions options = small_card_scene();
  options.layout = CardLayout::fan;
  options.max_tilt_degrees = 0;
  options.min_cover = 0.5;
  options.max_cover = 0.5;
  const RenderedCardScene scene = render_card_scene(options, rng);
  const Photo photo = normalise_photo(scene.image, scene.image.size());
  int covered = 0;
  for (const CardOutline& outline : locate_cards(photo.image)) {
    if (!outline.covered()) continue;
    ++covered;
    CHECK(outline.visible > 0.2);
    CHECK(outline.visible < 0.85);
    CHECK(corner_features(warp_card(photo.image, outline)).has_value());
  }
  CHECK(covered >= 8);
}

TEST_CASE("Loot close colours under warm and cold light: merchant sand and pirate gold", "[cards][loot]") {
  const std::vector<std::string> labels{"m2", "gold2", "m3", "gold3", "blue1", "purple1",
                                        "captain-gold", "captain-blue", "captain-purple", "admiral", "m8", "green4"};
  std::mt19937_64 rng(2027);
  for (const LightCast light : {LightCast::warm, LightCast::cold}) {
    CardSceneOptions options = small_card_scene();
    options.game = CardGame::loot;
    options.labels = labels;
    options.light = light;
    options.cast_strength = 0.25;
    const Outcome outcome = scan_scene(render_card_scene(options, rng), builtin_loot());
    CHECK(outcome.found == 12);
    CHECK(outcome.right == 12);
  }
}

TEST_CASE("calibration learns Loot's second art style, captains and admiral whole", "[cards][loot]") {
  qm::testing::TempDir dir("cards-loot-calibration");
  CardSceneOptions base = small_card_scene();
  base.game = CardGame::loot;
  write_card_calibration_set(dir.path, CardArt::alternate, 3, base, 17);
  CHECK(card_game_of_labels(dir.path) == CardGame::loot);
  CardCalibrationOptions options;
  options.game = CardGame::loot;
  const CardCalibrationReport report = calibrate_cards(dir.path, dir.path / "loot.json", options);
  CHECK(report.cards == 36);
  CHECK(report.colour_samples.size() == 5);
  CHECK(report.number_samples.size() == 8);
  CHECK(report.whole_samples.size() == 5);
  CHECK(report.accuracy == 1.0);
  // Each captain and the admiral are on one photo: leaving it out leaves nothing to read them by.
  REQUIRE(report.warnings.size() == 1);
  CHECK_THAT(report.warnings.front(), Catch::StartsWith("not cross-validated, as one photo alone shows them: "));
  CHECK_THAT(report.warnings.front(), Catch::Contains("admiral, captain-blue, captain-gold, captain-green, captain-purple"));
  CHECK(report.untested.count("admiral") == 1);
  CHECK(report.tested + static_cast<int>(report.untested.size()) <= 36);
  const CardProfile calibrated = load_card_profile(dir.path / "loot.json");
  CHECK(calibrated.game == CardGame::loot);
  CHECK(calibrated.wholes.size() >= 5);
  CardSceneOptions scene = small_card_scene();
  scene.game = CardGame::loot;
  scene.art = CardArt::alternate;
  std::mt19937_64 rng(321);
  const Outcome outcome = scan_scenes(scene, 2, rng, calibrated);
  CHECK(outcome.right == outcome.cards);
}

TEST_CASE("calibration warns about labels that are not the game's cards", "[cards][loot]") {
  qm::testing::TempDir dir("cards-loot-bad-labels");
  CardSceneOptions base = small_card_scene();
  base.game = CardGame::loot;
  write_card_calibration_set(dir.path, CardArt::classic, 1, base, 5);
  // A Corsari calibration of Loot photos: the Loot-only labels are refused one by one.
  const CardCalibrationReport report = calibrate_card_profile(dir.path, {}).report;
  CHECK_FALSE(report.warnings.empty());
  CHECK(report.cards < 12);
}

TEST_CASE("a profile for one game is refused for the other", "[cards][loot]") {
  CHECK_NOTHROW(require_game(builtin_loot(), CardGame::loot, "built-in"));
  CHECK_THROWS_AS(require_game(builtin_loot(), CardGame::corsari, "built-in"), qm::InputError);
  CHECK(builtin_loot().labels == deck_labels(CardGame::loot));
  qm::testing::TempDir dir("cards-loot-profile");
  save_card_profile(builtin_loot(), dir.path / "copy.json");
  const CardProfile copy = load_card_profile(dir.path / "copy.json");
  CHECK(copy.wholes.size() == builtin_loot().wholes.size());
  CHECK(copy.corners.size() == builtin_loot().corners.size());
  CHECK(copy.wholes.front().corner == builtin_loot().wholes.front().corner);
}
