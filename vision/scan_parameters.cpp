#include "vision/scan_parameters.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

#include "scoring/input_error.hpp"

namespace qm::vision {
namespace {

// One table of (name, member) serves reading and writing, so the two cannot drift apart.
template <typename Visitor>
void visit_fields(ScanParameters& p, Visitor&& visit) {
  visit("max_megapixels", p.max_megapixels);
  visit("work_long_side", p.work_long_side);
  visit("white_percentile", p.white_percentile);
  visit("detect_long_side", p.detect_long_side);
  visit("min_face_level", p.min_face_level);
  visit("min_die_side", p.min_die_side);
  visit("max_die_side", p.max_die_side);
  visit("max_aspect", p.max_aspect);
  visit("min_fill", p.min_fill);
  visit("max_dice_per_blob", p.max_dice_per_blob);
  visit("patch_size", p.patch_size);
  visit("face_inset", p.face_inset);
  visit("feature_size", p.feature_size);
  visit("min_confidence", p.min_confidence);
  visit("min_symbol_contrast", p.min_symbol_contrast);
  visit("uncertain_contrast_per_distance", p.uncertain_contrast_per_distance);
  visit("card_paper_percentile", p.card_paper_percentile);
  visit("card_min_white_level", p.card_min_white_level);
  visit("card_white_of_paper", p.card_white_of_paper);
  visit("card_max_white_chroma", p.card_max_white_chroma);
  visit("card_outline_tolerance", p.card_outline_tolerance);
  visit("card_min_area", p.card_min_area);
  visit("card_max_area", p.card_max_area);
  visit("card_min_aspect", p.card_min_aspect);
  visit("card_max_aspect", p.card_max_aspect);
  visit("card_min_quad_fill", p.card_min_quad_fill);
  visit("card_piece_min_share", p.card_piece_min_share);
  visit("card_pieces_min_fill", p.card_pieces_min_fill);
  visit("card_pieces_max_gap", p.card_pieces_max_gap);
  visit("card_pieces_min_size", p.card_pieces_min_size);
  visit("card_pieces_min_outline", p.card_pieces_min_outline);
  visit("card_neck_max_share", p.card_neck_max_share);
  visit("card_neck_min_quad_fill", p.card_neck_min_quad_fill);
  visit("card_shaded_corner_max_reach", p.card_shaded_corner_max_reach);
  visit("card_max_quad_reach", p.card_max_quad_reach);
  visit("card_min_convexity", p.card_min_convexity);
  visit("card_margin_ring_share", p.card_margin_ring_share);
  visit("card_margin_band", p.card_margin_band);
  visit("card_margin_frame_gap", p.card_margin_frame_gap);
  visit("card_min_shape_area", p.card_min_shape_area);
  visit("card_white_levels", p.card_white_levels);
  visit("card_shade_levels", p.card_shade_levels);
  visit("card_shade_window", p.card_shade_window);
  visit("card_shade_lowest", p.card_shade_lowest);
  visit("card_shade_min_level", p.card_shade_min_level);
  visit("card_edge_cut_low", p.card_edge_cut_low);
  visit("card_edge_cut_min_levels", p.card_edge_cut_min_levels);
  visit("card_edge_enclosed", p.card_edge_enclosed);
  visit("panel_min_area", p.panel_min_area);
  visit("panel_min_rectangularity", p.panel_min_rectangularity);
  visit("panel_min_trapezium_fill", p.panel_min_trapezium_fill);
  visit("panel_min_width", p.panel_min_width);
  visit("panel_min_height", p.panel_min_height);
  visit("panel_ratio_low", p.panel_ratio_low);
  visit("panel_ratio_high", p.panel_ratio_high);
  visit("panel_max_share", p.panel_max_share);
  visit("panel_whole_share", p.panel_whole_share);
  visit("panel_card_min_margin_white", p.panel_card_min_margin_white);
  visit("panel_min_share", p.panel_min_share);
  visit("panel_min_width_px", p.panel_min_width_px);
  visit("index_min_ink_share", p.index_min_ink_share);
  visit("index_min_ink_px", p.index_min_ink_px);
  visit("card_frame_margin", p.card_frame_margin);
  visit("card_frame_cut_share", p.card_frame_cut_share);
  visit("card_part_area_share", p.card_part_area_share);
  visit("card_face_part_share", p.card_face_part_share);
  visit("card_face_part_off_centre", p.card_face_part_off_centre);
  visit("card_covered_part_share", p.card_covered_part_share);
  visit("card_covered_inside_share", p.card_covered_inside_share);
  visit("card_row_max_share", p.card_row_max_share);
  visit("card_row_corner_slack", p.card_row_corner_slack);
  visit("card_row_min_strip", p.card_row_min_strip);
  visit("card_row_edge_contrast", p.card_row_edge_contrast);
  visit("card_row_edge_min_length", p.card_row_edge_min_length);
  visit("card_row_edge_max_slope", p.card_row_edge_max_slope);
  visit("card_row_edge_end", p.card_row_edge_end);
  visit("card_fan_max_cards", p.card_fan_max_cards);
  visit("card_fan_min_strip", p.card_fan_min_strip);
  visit("card_fan_max_strip", p.card_fan_max_strip);
  visit("card_fan_max_slope", p.card_fan_max_slope);
  visit("card_fan_max_drop", p.card_fan_max_drop);
  visit("card_fan_contrast", p.card_fan_contrast);
  visit("card_fan_side_min_share", p.card_fan_side_min_share);
  visit("card_fan_outside_min_share", p.card_fan_outside_min_share);
  visit("card_fan_end_min_share", p.card_fan_end_min_share);
  visit("card_fan_same_card", p.card_fan_same_card);
  visit("card_rest_seam", p.card_rest_seam);
  visit("card_rest_max_overlap", p.card_rest_max_overlap);
  visit("card_pile_fit", p.card_pile_fit);
  visit("card_pile_min_side", p.card_pile_min_side);
  visit("card_pile_corner_cos", p.card_pile_corner_cos);
  visit("card_pile_corner_gap", p.card_pile_corner_gap);
  visit("card_pile_seen_slack", p.card_pile_seen_slack);
  visit("card_pile_min_cover", p.card_pile_min_cover);
  visit("card_pile_same_card", p.card_pile_same_card);
  visit("card_pile_size_slack", p.card_pile_size_slack);
  visit("card_pile_min_overlap", p.card_pile_min_overlap);
  visit("card_pile_min_explained", p.card_pile_min_explained);
  visit("card_pile_dent", p.card_pile_dent);
  visit("card_covered_max_growth", p.card_covered_max_growth);
  visit("card_whole_overlap", p.card_whole_overlap);
  visit("card_duplicate_overlap", p.card_duplicate_overlap);
  visit("card_row_duplicate_overlap", p.card_row_duplicate_overlap);
  visit("panel_flat_gradient", p.panel_flat_gradient);
  visit("panel_gradient_steps", p.panel_gradient_steps);
  visit("panel_gradient_factor", p.panel_gradient_factor);
  visit("panel_max_speck", p.panel_max_speck);
  visit("panel_min_flat_share", p.panel_min_flat_share);
  visit("panel_min_card_aspect", p.panel_min_card_aspect);
  visit("panel_square_card_aspect", p.panel_square_card_aspect);
  visit("panel_max_card_aspect", p.panel_max_card_aspect);
  visit("panel_halves_gap", p.panel_halves_gap);
  visit("panel_halves_ratio", p.panel_halves_ratio);
  visit("panel_halves_far_gap", p.panel_halves_far_gap);
  visit("panel_halves_max_skew", p.panel_halves_max_skew);
  visit("disc_max_misfit", p.disc_max_misfit);
  visit("disc_max_squash", p.disc_max_squash);
  visit("disc_panel_reach", p.disc_panel_reach);
  visit("disc_min_piece", p.disc_min_piece);
  visit("disc_min_panel", p.disc_min_panel);
  visit("card_check_margin_spread", p.card_check_margin_spread);
  visit("card_check_panel_spread", p.card_check_panel_spread);
  visit("card_check_falloff_spread", p.card_check_falloff_spread);
  visit("card_check_falloff_even", p.card_check_falloff_even);
  visit("card_check_falloff_margin_share", p.card_check_falloff_margin_share);
  visit("card_check_paper_difference", p.card_check_paper_difference);
  visit("card_check_panel_contrast", p.card_check_panel_contrast);
  visit("card_check_dim_panel_share", p.card_check_dim_panel_share);
  visit("card_check_dim_paper_chroma", p.card_check_dim_paper_chroma);
  visit("card_check_dim_panel_darker", p.card_check_dim_panel_darker);
  visit("card_check_ink_share", p.card_check_ink_share);
  visit("card_check_ink_contrast", p.card_check_ink_contrast);
  visit("card_check_ink_lit_paper", p.card_check_ink_lit_paper);
  visit("card_check_dim_disc_lighter", p.card_check_dim_disc_lighter);
  visit("unread_margin_strip", p.unread_margin_strip);
  visit("unread_margin_spread", p.unread_margin_spread);
  visit("unread_ink_contrast", p.unread_ink_contrast);
  visit("unread_min_ink_share", p.unread_min_ink_share);
  visit("unread_max_ink_share", p.unread_max_ink_share);
  visit("unread_max_whiter_share", p.unread_max_whiter_share);
  visit("unread_max_block_fill", p.unread_max_block_fill);
  visit("unread_sparse_min_ink", p.unread_sparse_min_ink);
  visit("unread_even_light_window", p.unread_even_light_window);
  visit("unread_even_light_least", p.unread_even_light_least);
  visit("unread_index_box", p.unread_index_box);
  visit("unread_index_min_ink", p.unread_index_min_ink);
  visit("unread_index_max_ratio", p.unread_index_max_ratio);
  visit("unread_trim_max", p.unread_trim_max);
  visit("unread_trim_paper_share", p.unread_trim_paper_share);
  visit("card_check_disc_inner", p.card_check_disc_inner);
  visit("card_check_disc_outer", p.card_check_disc_outer);
  visit("card_min_margin_level", p.card_min_margin_level);
  visit("card_margin_white", p.card_margin_white);
  visit("digit_paper_percentile", p.digit_paper_percentile);
  visit("digit_ink_of_paper", p.digit_ink_of_paper);
  visit("digit_darkest_percentile", p.digit_darkest_percentile);
  visit("digit_ink_most_of_paper", p.digit_ink_most_of_paper);
  visit("digit_min_speck", p.digit_min_speck);
  visit("digit_max_radius", p.digit_max_radius);
  visit("digit_min_box", p.digit_min_box);
  visit("index_min_contrast", p.index_min_contrast);
  visit("index_min_speck", p.index_min_speck);
  visit("index_min_ink_total", p.index_min_ink_total);
  visit("index_max_shift", p.index_max_shift);
  visit("covered_number_min_visible", p.covered_number_min_visible);
  visit("whole_colour_weight", p.whole_colour_weight);
  visit("read_max_colour_distance", p.read_max_colour_distance);
}

void check_ranges(const ScanParameters& p) {
  const auto require = [](bool ok, const char* what) {
    if (!ok) throw InputError(std::string("scan parameter out of range: ") + what);
  };
  require(p.max_megapixels > 0, "max_megapixels must be positive");
  require(p.work_long_side >= 200, "work_long_side must be at least 200");
  require(p.white_percentile > 0.5 && p.white_percentile <= 1.0, "white_percentile must be in (0.5, 1]");
  require(p.detect_long_side >= 160, "detect_long_side must be at least 160");
  require(p.min_face_level >= 0 && p.min_face_level <= 255, "min_face_level must be in 0..255");
  require(p.min_die_side > 0 && p.min_die_side < p.max_die_side && p.max_die_side <= 1,
          "need 0 < min_die_side < max_die_side <= 1");
  require(p.max_aspect >= 1, "max_aspect must be at least 1");
  require(p.min_fill > 0 && p.min_fill <= 1, "min_fill must be in (0, 1]");
  require(p.max_dice_per_blob >= 1 && p.max_dice_per_blob <= 64, "max_dice_per_blob must be in 1..64");
  require(p.patch_size >= 16 && p.patch_size <= 256, "patch_size must be in 16..256");
  require(p.face_inset >= 0 && p.face_inset < 0.4, "face_inset must be in [0, 0.4)");
  require(p.feature_size >= 4 && p.feature_size <= p.patch_size, "feature_size must be in 4..patch_size");
  require(p.min_confidence >= 0 && p.min_confidence < 1, "min_confidence must be in [0, 1)");
  require(p.min_symbol_contrast >= 0 && p.min_symbol_contrast < 128, "min_symbol_contrast must be in [0, 128)");
  require(p.uncertain_contrast_per_distance >= 0 && p.uncertain_contrast_per_distance < 1000,
          "uncertain_contrast_per_distance must be in [0, 1000)");

  const auto share = [](double v) { return v > 0 && v <= 1; };
  const auto level = [](int v) { return v >= 0 && v <= 255; };
  const auto pixels = [](int v) { return v >= 1 && v <= 10000; };
  require(share(p.card_paper_percentile), "card_paper_percentile must be in (0, 1]");
  require(level(p.card_min_white_level), "card_min_white_level must be in 0..255");
  require(share(p.card_white_of_paper), "card_white_of_paper must be in (0, 1]");
  require(level(p.card_max_white_chroma), "card_max_white_chroma must be in 0..255");
  require(p.card_outline_tolerance > 0 && p.card_outline_tolerance < 0.5, "card_outline_tolerance must be in (0, 0.5)");
  require(share(p.card_min_area) && share(p.card_max_area) && p.card_min_area < p.card_max_area,
          "need 0 < card_min_area < card_max_area <= 1");
  require(p.card_min_aspect >= 1 && p.card_min_aspect < p.card_max_aspect, "need 1 <= card_min_aspect < card_max_aspect");
  require(share(p.card_min_quad_fill) && share(p.card_min_convexity), "card_min_quad_fill and card_min_convexity must be in (0, 1]");
  require(p.card_max_quad_reach >= 1, "card_max_quad_reach must be at least 1");
  require(p.card_piece_min_share > 0 && p.card_piece_min_share < 0.5, "card_piece_min_share must be in (0, 0.5)");
  require(p.card_pieces_min_fill > 0, "card_pieces_min_fill must be above 0 (above 1 turns cards of two pieces off)");
  require(p.card_pieces_max_gap >= 0 && p.card_pieces_max_gap <= 1, "card_pieces_max_gap must be in [0, 1]");
  require(p.card_pieces_min_size >= 0 && p.card_pieces_min_size <= 1, "card_pieces_min_size must be in [0, 1]");
  require(p.card_pieces_min_outline >= 0 && p.card_pieces_min_outline <= 1, "card_pieces_min_outline must be in [0, 1]");
  require(p.card_neck_max_share >= 0 && p.card_neck_max_share < 0.5, "card_neck_max_share must be in [0, 0.5)");
  require(share(p.card_neck_min_quad_fill), "card_neck_min_quad_fill must be in (0, 1]");
  require(p.card_shaded_corner_max_reach >= 1 && p.card_shaded_corner_max_reach <= 2, "card_shaded_corner_max_reach must be in [1, 2]");
  require(p.card_margin_ring_share > 0, "card_margin_ring_share must be above 0 (above 1 turns the margin ring off)");
  require(p.card_margin_band > 0 && p.card_margin_band < 0.5, "card_margin_band must be in (0, 0.5)");
  require(p.card_margin_frame_gap >= 0 && p.card_margin_frame_gap < 1, "card_margin_frame_gap must be in [0, 1)");
  require(share(p.card_min_shape_area) && share(p.panel_min_area), "card_min_shape_area and panel_min_area must be in (0, 1]");
  require(share(p.panel_min_rectangularity) && share(p.panel_min_width) && share(p.panel_min_height),
          "panel_min_rectangularity, panel_min_width and panel_min_height must be in (0, 1]");
  require(share(p.panel_min_trapezium_fill) && p.panel_min_trapezium_fill <= p.panel_min_rectangularity,
          "need 0 < panel_min_trapezium_fill <= panel_min_rectangularity");
  require(p.panel_ratio_low > 0 && p.panel_ratio_low <= 1 && p.panel_ratio_high >= 1, "need 0 < panel_ratio_low <= 1 <= panel_ratio_high");
  require(p.panel_min_share > 0 && p.panel_min_share < p.panel_whole_share && p.panel_whole_share <= 1 &&
              p.panel_max_share >= 1,
          "need 0 < panel_min_share < panel_whole_share <= 1 <= panel_max_share");
  require(p.panel_card_min_margin_white >= 0 && p.panel_card_min_margin_white <= 1, "panel_card_min_margin_white must be in 0..1");
  require(pixels(p.panel_min_width_px) && pixels(p.index_min_ink_px), "panel_min_width_px and index_min_ink_px must be in 1..10000");
  require(share(p.index_min_ink_share), "index_min_ink_share must be in (0, 1]");
  require(share(p.card_duplicate_overlap) && share(p.card_row_duplicate_overlap), "card_duplicate_overlap and card_row_duplicate_overlap must be in (0, 1]");
  require(share(p.card_part_area_share), "card_part_area_share must be in (0, 1]");
  require(share(p.card_face_part_share), "card_face_part_share must be in (0, 1]");
  require(share(p.card_face_part_off_centre), "card_face_part_off_centre must be in (0, 1]");
  require(share(p.card_covered_part_share), "card_covered_part_share must be in (0, 1]");
  require(p.card_covered_inside_share >= 0 && p.card_covered_inside_share <= 1, "card_covered_inside_share must be in [0, 1]");
  require(share(p.card_row_max_share) && share(p.card_row_corner_slack), "card_row_max_share and card_row_corner_slack must be in (0, 1]");
  require(share(p.card_row_min_strip) && share(p.card_row_edge_min_length) && share(p.card_row_edge_end),
          "card_row_min_strip, card_row_edge_min_length and card_row_edge_end must be in (0, 1]");
  require(p.card_row_edge_contrast > 0 && p.card_row_edge_contrast <= 255, "card_row_edge_contrast must be in (0, 255]");
  require(p.card_row_edge_max_slope >= 0, "card_row_edge_max_slope must be at least 0");
  require(p.card_fan_max_cards >= 0 && p.card_fan_max_cards <= 64, "card_fan_max_cards must be in 0..64");
  require(p.card_fan_min_strip > 0 && p.card_fan_min_strip < p.card_fan_max_strip && p.card_fan_max_strip <= 1,
          "need 0 < card_fan_min_strip < card_fan_max_strip <= 1");
  require(p.card_fan_max_slope >= 0 && p.card_fan_max_slope <= 1, "card_fan_max_slope must be in 0..1");
  require(p.card_fan_max_drop >= 0 && p.card_fan_max_drop <= 1, "card_fan_max_drop must be in 0..1");
  require(p.card_fan_contrast > 0 && p.card_fan_contrast <= 255, "card_fan_contrast must be in (0, 255]");
  require(share(p.card_fan_side_min_share) && share(p.card_fan_outside_min_share) && share(p.card_fan_end_min_share),
          "card_fan_side_min_share, card_fan_outside_min_share and card_fan_end_min_share must be in (0, 1]");
  require(share(p.card_fan_same_card), "card_fan_same_card must be in (0, 1]");
  require(p.card_rest_seam >= 0 && p.card_rest_seam <= 0.5, "card_rest_seam must be in 0..0.5 (0: the rest is not looked at)");
  require(share(p.card_rest_max_overlap), "card_rest_max_overlap must be in (0, 1]");
  require(share(p.card_pile_fit) && share(p.card_pile_min_side) && share(p.card_pile_corner_gap), "card_pile_fit, card_pile_min_side and card_pile_corner_gap must be in (0, 1]");
  require(share(p.card_pile_corner_cos) && share(p.card_pile_seen_slack) && share(p.card_pile_min_cover), "card_pile_corner_cos, card_pile_seen_slack and card_pile_min_cover must be in (0, 1]");
  require(share(p.card_pile_size_slack) && share(p.card_pile_min_overlap), "card_pile_size_slack and card_pile_min_overlap must be in (0, 1]");
  require(p.card_pile_dent >= 0 && p.card_pile_dent <= 1, "card_pile_dent must be in 0..1 (0: not looked for)");
  require(share(p.card_pile_same_card) && p.card_pile_min_explained >= 0 && p.card_pile_min_explained <= 1.5, "card_pile_same_card must be in (0, 1], card_pile_min_explained in 0..1.5 (above 1: no piles)");
  require(p.card_covered_max_growth >= 1, "card_covered_max_growth must be at least 1");
  require(share(p.card_whole_overlap), "card_whole_overlap must be in (0, 1]");
  require(p.card_frame_margin >= 0 && p.card_frame_margin <= 100, "card_frame_margin must be in 0..100");
  require(p.card_frame_cut_share >= 0 && p.card_frame_cut_share < 1, "card_frame_cut_share must be in [0, 1)");
  require(p.card_white_levels >= 0 && p.card_white_levels <= 64, "card_white_levels must be in 0..64");
  require(p.card_shade_levels >= 0 && p.card_shade_levels <= 64, "card_shade_levels must be in 0..64");
  require(p.card_edge_cut_low >= 0 && p.card_edge_cut_low <= 255, "card_edge_cut_low must be in 0..255 (0: no edge cut)");
  require(p.card_edge_cut_min_levels >= 1 && p.card_edge_cut_min_levels <= 128, "card_edge_cut_min_levels must be in 1..128");
  require(p.card_edge_enclosed == 0 || p.card_edge_enclosed == 1, "card_edge_enclosed must be 0 or 1");
  require(p.card_shade_window > 0 && p.card_shade_window <= 1, "card_shade_window must be in (0, 1]");
  require(p.card_shade_lowest > 0 && p.card_shade_lowest < 1, "card_shade_lowest must be in (0, 1)");
  require(p.card_shade_min_level >= 0 && p.card_shade_min_level <= 255, "card_shade_min_level must be in 0..255");
  require(p.panel_flat_gradient >= 0 && p.panel_flat_gradient <= 4096, "panel_flat_gradient must be in 0..4096");
  require(share(p.panel_min_flat_share), "panel_min_flat_share must be in (0, 1]");
  require(p.panel_gradient_steps >= 1 && p.panel_gradient_steps <= 16 && p.panel_gradient_factor >= 1 && p.panel_gradient_factor <= 4,
          "panel_gradient_steps must be in 1..16 and panel_gradient_factor in 1..4");
  require(p.panel_min_card_aspect >= 0.5 && p.panel_min_card_aspect < p.panel_max_card_aspect,
          "need 0.5 <= panel_min_card_aspect < panel_max_card_aspect");
  require(p.panel_square_card_aspect >= 1 && p.panel_square_card_aspect <= p.panel_max_card_aspect,
          "need 1 <= panel_square_card_aspect <= panel_max_card_aspect");
  require(p.panel_halves_gap >= 0 && p.panel_halves_gap <= 2 && p.panel_halves_ratio >= 1 && p.panel_halves_ratio <= 100,
          "panel_halves_gap must be in 0..2 and panel_halves_ratio in 1..100");
  require(p.panel_halves_far_gap >= p.panel_halves_gap && p.panel_halves_far_gap <= 2 && p.panel_halves_max_skew >= 0 && p.panel_halves_max_skew <= 45,
          "need panel_halves_gap <= panel_halves_far_gap <= 2, and panel_halves_max_skew in 0..45");
  require(share(p.disc_max_misfit) && share(p.disc_min_piece), "disc_max_misfit and disc_min_piece must be in (0, 1]");
  require(p.disc_max_squash >= 1 && p.disc_max_squash <= 10, "disc_max_squash must be in 1..10");
  require(p.disc_panel_reach > 0 && p.disc_panel_reach <= 10 && p.disc_min_panel > 0 && p.disc_min_panel <= 100,
          "disc_panel_reach must be in (0, 10] and disc_min_panel in (0, 100]");
  require(p.panel_max_speck >= 0 && p.panel_max_speck <= 10000, "panel_max_speck must be in 0..10000");
  const auto lab_distance = [](double d) { return d >= 0 && d <= 400; };
  require(lab_distance(p.card_check_margin_spread) && lab_distance(p.card_check_panel_spread) &&
              lab_distance(p.card_check_paper_difference) && lab_distance(p.card_check_panel_contrast),
          "card_check_margin_spread, card_check_panel_spread, card_check_paper_difference and card_check_panel_contrast must be in 0..400");
  require(lab_distance(p.card_check_falloff_spread) && lab_distance(p.card_check_falloff_even) && p.card_check_falloff_margin_share >= 0 &&
              p.card_check_falloff_margin_share <= 10,
          "card_check_falloff_spread and card_check_falloff_even must be in 0..400 and card_check_falloff_margin_share in 0..10");
  require(share(p.card_check_dim_panel_share) && p.card_check_dim_paper_chroma >= 0 && std::abs(p.card_check_dim_panel_darker) <= 100,
          "card_check_dim_panel_share must be in (0, 1], card_check_dim_paper_chroma at least 0 and card_check_dim_panel_darker in -100..100");
  require(share(p.card_check_ink_share) && p.card_check_ink_contrast >= 0 && p.card_check_ink_contrast <= 100,
          "card_check_ink_share must be in (0, 1] and card_check_ink_contrast in 0..100");
  require(p.card_check_ink_lit_paper >= 0 && p.card_check_ink_lit_paper <= 100 && p.card_check_dim_disc_lighter >= 0,
          "card_check_ink_lit_paper must be in 0..100 and card_check_dim_disc_lighter at least 0");
  require(p.unread_margin_strip >= 1 && p.unread_margin_strip <= 20, "unread_margin_strip must be in 1..20");
  require(p.unread_margin_spread >= 0 && p.unread_margin_spread <= 255 && p.unread_ink_contrast >= 0 && p.unread_ink_contrast <= 255,
          "unread_margin_spread and unread_ink_contrast must be in 0..255");
  require(p.unread_min_ink_share >= 0 && p.unread_min_ink_share <= p.unread_max_ink_share && p.unread_max_ink_share <= 1,
          "need 0 <= unread_min_ink_share <= unread_max_ink_share <= 1");
  require(p.unread_max_whiter_share >= 0 && p.unread_max_whiter_share <= 1, "unread_max_whiter_share must be in 0..1");
  require(p.unread_max_block_fill > 0 && p.unread_max_block_fill <= 1, "unread_max_block_fill must be in (0, 1]");
  require(share(p.unread_sparse_min_ink) && p.unread_index_box > 0 && p.unread_index_box <= 0.5 && share(p.unread_index_min_ink),
          "unread_sparse_min_ink and unread_index_min_ink must be in (0, 1], unread_index_box in (0, 0.5]");
  require(p.unread_index_max_ratio >= 1, "unread_index_max_ratio must be at least 1");
  require(p.unread_even_light_window >= 0 && p.unread_even_light_window <= 1 && share(p.unread_even_light_least),
          "unread_even_light_window must be in 0..1, unread_even_light_least in (0, 1]");
  require(p.unread_trim_max >= 0 && p.unread_trim_max <= 0.45 && share(p.unread_trim_paper_share),
          "unread_trim_max must be in 0..0.45, unread_trim_paper_share in (0, 1]");
  require(p.card_check_disc_inner > 0 && p.card_check_disc_inner < p.card_check_disc_outer && p.card_check_disc_outer <= 1,
          "need 0 < card_check_disc_inner < card_check_disc_outer <= 1");
  require(level(p.card_min_margin_level) && p.card_min_margin_level > 0, "card_min_margin_level must be in 1..255");
  require(share(p.card_margin_white), "card_margin_white must be in (0, 1]");
  require(share(p.digit_paper_percentile) && share(p.digit_ink_of_paper) && share(p.digit_max_radius),
          "digit_paper_percentile, digit_ink_of_paper and digit_max_radius must be in (0, 1]");
  require(p.digit_darkest_percentile >= 0 && p.digit_darkest_percentile < p.digit_paper_percentile,
          "need 0 <= digit_darkest_percentile < digit_paper_percentile");
  require(p.digit_ink_most_of_paper >= p.digit_ink_of_paper && p.digit_ink_most_of_paper <= 1,
          "need digit_ink_of_paper <= digit_ink_most_of_paper <= 1");
  require(pixels(p.digit_min_speck) && pixels(p.digit_min_box) && pixels(p.index_min_speck) && pixels(p.index_min_ink_total),
          "digit_min_speck, digit_min_box, index_min_speck and index_min_ink_total must be in 1..10000");
  require(level(p.index_min_contrast), "index_min_contrast must be in 0..255");
  require(p.index_max_shift >= 0 && p.index_max_shift <= 8, "index_max_shift must be in 0..8");
  require(p.covered_number_min_visible > 0 && p.covered_number_min_visible <= 1, "covered_number_min_visible must be in (0, 1] (1: never)");
  require(p.whole_colour_weight >= 0 && p.whole_colour_weight <= 100, "whole_colour_weight must be in [0, 100]");
  require(p.read_max_colour_distance > 0, "read_max_colour_distance must be above 0");
}

}  // namespace

ScanParameters parameters_from_json(const nlohmann::json& json, ScanParameters base) {
  if (!json.is_object()) throw InputError("scan parameters must be a JSON object");
  std::size_t known = 0;
  visit_fields(base, [&](const char* name, auto& field) {
    const auto it = json.find(name);
    if (it == json.end()) return;
    ++known;
    if (!it->is_number()) throw InputError(std::string("scan parameter ") + name + " must be a number");
    using Field = std::remove_reference_t<decltype(field)>;
    if constexpr (std::is_integral_v<Field>) {
      // Read as a whole number first: 1e30 converted to an int straight away is undefined.
      if (!it->is_number_integer()) throw InputError(std::string("scan parameter ") + name + " must be a whole number");
      const bool fits = it->is_number_unsigned()
                            ? it->template get<unsigned long long>() <= static_cast<unsigned long long>(std::numeric_limits<Field>::max())
                            : it->template get<long long>() >= std::numeric_limits<Field>::min() &&
                                  it->template get<long long>() <= std::numeric_limits<Field>::max();
      if (!fits) throw InputError(std::string("scan parameter out of range: ") + name);
      field = it->template get<Field>();
    } else {
      field = it->template get<Field>();
    }
  });
  if (known != json.size()) {
    for (const auto& item : json.items()) {
      const std::string& key = item.key();  // a name, not a structured binding: clang 14 cannot capture those
      bool found = false;
      visit_fields(base, [&](const char* name, auto&) { found = found || key == name; });
      if (!found) throw InputError("unknown scan parameter: " + key);
    }
  }
  check_ranges(base);
  return base;
}

nlohmann::json to_json(const ScanParameters& parameters) {
  ScanParameters copy = parameters;
  nlohmann::json json = nlohmann::json::object();
  visit_fields(copy, [&](const char* name, const auto& field) { json[name] = field; });
  return json;
}

}  // namespace qm::vision
