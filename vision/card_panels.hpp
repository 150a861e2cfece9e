#pragma once
// Cards found from their coloured panels, for the photos in which the cards' white is no help:
// a pale or striped table as white as the paper, dim light, a shadow across the table. A card's
// panel is a flat patch of one colour, four-cornered, and the card round it follows from the
// printed layout (card_art.hpp). A candidate is kept only when it looks like a card of that
// layout: the margin round the panel and the number's disc inside it are one and the same
// paper, and the panel is a colour of its own (looks_like_card). So a flat patch of table, a
// sheet of paper or a stripe is not taken for a card.
#include <optional>
#include <vector>

#include <opencv2/core.hpp>

#include "vision/geometry.hpp"
#include "vision/scan_parameters.hpp"

namespace qm::vision {

// Whether a convex hull has a panel's shape: it fills most of its rotated rectangle or, seen at
// an angle, is four-cornered (a trapezium fills less of that rectangle: 0.75 where one end is
// half as long as the other) and fills at least panel_min_trapezium_fill of it.
bool panel_shaped(const std::vector<cv::Point>& hull, const ScanParameters& parameters);

// The cards seen whole whose panels show in `bgr` (the working photo), outlines ordered as
// geometry.hpp; none whose centre lies in a card of `known` (found already some other way).
std::vector<Quad> whole_cards_from_panels(const cv::Mat& bgr, const std::vector<Quad>& known = {},
                                          const ScanParameters& parameters = {});

// The whole card round a panel seen whole as `panel` (its first side a short one), from the
// printed layout; ordered as geometry.hpp.
Quad card_round_panel(const Quad& panel);

// Whether a card warped upright (warp_card: kCardWidth x kCardHeight, either way up) shows
// the printed layout: paper margin, a panel of another colour, the number's disc of the
// margin's paper.
bool looks_like_card(const cv::Mat& card, const ScanParameters& parameters = {});

// Whether the panel of a card warped upright rings its disc: beside the disc, where the panel is
// narrowest, the colour is nearer the panel's (above and below the disc) than the margin's paper,
// on one side at least (the next card of a fan may cover the other). A band of colour down a pale
// striped table passes looks_like_card but is paper on both sides.
bool panel_rings_disc(const cv::Mat& card);

// `card` (built round its panel) or the same a little larger round its centre, whichever first
// looks like a card in `bgr` (looks_like_card, and its panel rings its disc: nothing but the
// panel says a card lies there) and lies inside it: a blurred panel's flat part stops short of
// its wide edges, so the card built round it comes out too small. nullopt when none does.
std::optional<Quad> card_as_printed(const cv::Mat& bgr, const Quad& card, const ScanParameters& parameters = {});

// `card` with each of its sides moved, each end on its own by up to one and a half of the card's
// margins, to where the photo is whitest inside the side against outside it: the paper's edge
// against the table. Ordered as geometry.hpp.
Quad card_fitted_to_edges(const cv::Mat& bgr, const Quad& card);

// The card round `disc`, a white shape that may be its number's disc (white paper, the number
// printed dark on it) whose margin the white missed, blurred into the table round the card.
// The panel is the ring of one colour round the disc, grown outwards over the pixels nearer
// that colour than the paper's; the card follows as for a panel seen whole, must look like a
// card, and must have the shape for its disc. nullopt when no panel lies round the shape, or
// the card round it is no card of the layout.
std::optional<Quad> card_round_disc(const cv::Mat& bgr, const Quad& disc, const ScanParameters& parameters = {});

// The ellipse fitted to `outline` (at least 5 points, enclosing `area`) when the outline is
// one: its area within disc_max_misfit of the ellipse's, as a number's disc seen at an angle.
std::optional<cv::RotatedRect> disc_ellipse(const std::vector<cv::Point>& outline, double area, const ScanParameters& parameters);

}  // namespace qm::vision
