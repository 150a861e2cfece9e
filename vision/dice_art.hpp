#pragma once
// The faces of the dice the renderer draws, in three art styles:
//   classic: ivory dice with coloured Piraten Kapern symbols (the built-in profile learns these);
//   woodcut: cream dice with the same six faces drawn as dark line art, a set the built-in
//            profile never saw (calibration must make it work);
//   pips:    ordinary white dice with black pips, labelled "1".."6".
#include <string>
#include <vector>

#include <opencv2/core.hpp>

namespace qm::vision {

enum class DiceArt { classic, woodcut, pips };

// Parses "classic", "woodcut" or "pips"; throws InputError otherwise.
DiceArt parse_dice_art(const std::string& name);
std::string to_string(DiceArt art);

// The six face labels of a style, in face-index order (classic and woodcut: the Piraten
// Kapern notation `skull coin diamond sabre monkey parrot`).
std::vector<std::string> face_labels(DiceArt art);

// The top face `face` (0..5) as a size x size BGR image, upright: the flat face colour with
// its symbol, and the rounded rim darkened as a rounded edge looks.
cv::Mat draw_face(DiceArt art, int face, int size);

// The colour of the die's body (its flat face colour), BGR.
cv::Scalar body_colour(DiceArt art);

}  // namespace qm::vision
