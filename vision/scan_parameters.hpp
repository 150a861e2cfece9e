#pragma once
// Every tunable value of the scanning pipeline, in one place, with its default and why.
// A profile may carry a "scan" object overriding any of them (same names as below).
#include <nlohmann/json.hpp>

namespace qm::vision {

struct ScanParameters {
  // Photo stage.
  double max_megapixels = 40.0;   // larger photos are refused before decoding (a 12 MP phone photo is the norm)
  int work_long_side = 1000;      // photos are decoded (JPEG: DCT-scaled) to about this long side
  double white_percentile = 0.995;  // white balance maps this brightness percentile of each channel to white

  // Detection stage.
  int detect_long_side = 640;     // the face mask is computed at this size: dice stay >= 16 px
  int min_face_level = 110;       // a face pixel's darkest channel is at least this bright (0..255)
  double min_die_side = 0.025;    // die side as a fraction of the photo's short side: smaller is noise
  double max_die_side = 0.25;     // ... and larger is not a die lying on a table
  double max_aspect = 1.45;       // a top face seen 30 degrees off vertical is 1.15:1; rounded corners add a bit
  double min_fill = 0.82;       // share of its rotated rectangle a face blob fills (rounded square ~0.97, a disc 0.79)
  int max_dice_per_blob = 12;     // touching dice split into at most this many

  // Rectification and classification stages.
  int patch_size = 48;            // rectified top face, pixels a side
  double face_inset = 0.10;       // share of each side cut off: the rounded, shaded rim says nothing
  int feature_size = 16;          // the face is compared at this resolution
  double min_confidence = 0.30;   // below this margin between the two best faces, a die is reported uncertain
  double min_symbol_contrast = 12.0;  // grey-level spread (0..255) of a face: a blank patch, glare or plain table, is no die
  // An uncertain face (confidence below min_confidence) needs at least this many grey levels of
  // spread per unit of its distance to the nearest sample: one unlike every learned face must
  // show its symbol plainly, and a patch of towel or check, faintly marked, does not (0: no test).
  double uncertain_contrast_per_distance = 46.0;

  // Cards, locating (card_scan.cpp: locate_cards). Areas are shares of the working photo.
  double card_paper_percentile = 0.98;  // the cards' paper: among the brightest things after white balance
  int card_min_white_level = 90;        // a white pixel's darkest channel is at least this bright (0..255)...
  double card_white_of_paper = 0.62;    // ... and at least this share of the paper's level (dim light)
  int card_max_white_chroma = 70;       // brightest minus darkest channel: paper is nearly grey
  double card_outline_tolerance = 0.03;  // polygon fit of an outline, share of its perimeter
  double card_min_area = 0.004;         // a card seen whole: smaller white shapes are labels, glare
  double card_max_area = 0.5;           // ... larger ones are a sheet of paper or the table itself
  // Long over short side. A card tilted 40 degrees away, its long side foreshortened, looks
  // nearly square: 1 sets no lower bound (the shape, its fill and its face decide).
  double card_min_aspect = 1.0;
  double card_max_aspect = 2.1;
  double card_min_quad_fill = 0.85;     // its four-cornered outline covers this share of its hull: one card...
  double card_max_quad_reach = 1.15;    // ... and is at most this many times the hull's area (a cut hull's sides, extended, meet far out)
  double card_piece_min_share = 0.1;    // a card crossed by a cable is two white pieces, each at least this share of both...
  double card_pieces_min_fill = 0.85;   // ... that fill this share of their hull (>1: not looked for)...
  double card_pieces_max_gap = 0.15;    // ... and whose boxes lie this share of a piece's size apart at most
  double card_pieces_min_size = 0.5;   // ... and whose card is at least this share of the largest card seen whole
  double card_pieces_min_outline = 0.75; // ... and whose outlines follow this share of its outline
  double card_neck_max_share = 0.13;    // cards touching by a neck are parted by wearing their shape away by up to this share of its size (0: not)...
  double card_neck_min_quad_fill = 0.8; // ... each part's outline covering this share of its hull
  double card_shaded_corner_max_reach = 1.3;  // a card whose white misses a corner: its outline this many times its white's hull at most (<= card_max_quad_reach: not looked for)
  double card_min_convexity = 0.8;      // the white shape fills this share of its hull, unless...
  double card_margin_ring_share = 0.7;  // ... it covers this share of a band round its outline's edge: a face card's white frame, open where shade cuts it (above 1: not looked for)
  double card_margin_band = 0.08;       // that band's width, a share of the card's short side
  double card_margin_frame_gap = 0.1;   // ... and covers at least this share more of that band than of the face inside it (a frame)
  double card_min_shape_area = 0.002;   // touching or overlapping cards: smaller white shapes are left out
  int card_white_levels = 8;            // cards seen whole are also looked for at this many levels of white (0: only the paper's)
  int card_shade_levels = 6;            // ... and at this many levels of white against the light around them (0: not)
  double card_shade_window = 0.16;      // the light around a pixel: the brightest within this share of the photo's long side
  double card_shade_lowest = 0.6;       // those levels run from this share of the light around to nearly all of it
  int card_shade_min_level = 40;        // a card in shade: its darkest channel still this bright (0..255)
  // A card touching something as white as it is (a sheet of paper, a plate, a book) is one white
  // shape with it; the edges between them (Canny, this low threshold, 3 times it high) cut it
  // apart (0: not looked for)...
  double card_edge_cut_low = 20;
  int card_edge_cut_min_levels = 3;     // ... and a shape seen only so is a card at this many levels (a cloth's cells cut by its weave: 2);
  int card_edge_enclosed = 1;           // ... or where those edges alone enclose it, at no level of white (0: not)
  double panel_min_area = 0.0008;       // a card's coloured panel inside merged cards
  double panel_min_rectangularity = 0.8;  // its hull fills this share of its rotated rectangle (not table between cards)
  double panel_min_trapezium_fill = 0.7;  // ... or this share, where the hull has four corners (a panel at an angle)
  double panel_min_width = 0.1;         // width over height: narrower is a line of shadow or table
  double panel_min_height = 0.75;       // share of the tallest panel of its shape: smaller parts are emblems, gaps
  double panel_ratio_low = 0.7;         // a whole panel's width:height in the photo, against the printed
  double panel_ratio_high = 1.4;        // ... one: outside these the printed ratio is used
  double panel_max_share = 1.2;         // visible share of a panel's width: wider is not one panel
  double panel_whole_share = 0.85;      // from this share up, the card is taken as seen whole...
  double panel_card_min_margin_white = 0.8;  // ... and, if it does not show the printed layout, a card only if its margin is this
                                             // share paper white or its reading is sure
  double panel_min_share = 0.22;        // below it, too little shows to place the card
  int panel_min_width_px = 6;           // pixels: a narrower sliver is no card
  double index_min_ink_share = 0.05;    // a covered card's corner index: ink share of its box...
  int index_min_ink_px = 6;             // ... and at least this many pixels
  int card_frame_margin = 2;            // pixels: the photo's frame, this far inside its edge...
  double card_frame_cut_share = 0.1;    // ... may cut at most this share of a card seen whole's outline (a corner, not a side)
  double card_part_area_share = 0.5;    // a shape seen whole in a card and smaller than this share of it is a part of it
  double card_covered_part_share = 0.5; // a covered card in a card, its long side shorter than this share of that card's short side, is a part of it
  double card_covered_inside_share = 0.9; // a covered card that lies wholly in a card seen whole, taken in to this share round its centre, is a part of it (0: not looked for)
  double card_face_part_share = 0.2;    // the one card of the printed layout in a card of another deck seen whole, smaller than this share of it...
  double card_face_part_off_centre = 0.1; // ... and its centre this share of that card's short side from its centre at most, is a part of its face
  double card_row_max_share = 0.85;     // a card seen at another level at one end of a shape seen whole, and at most this share
  double card_row_corner_slack = 0.12;  // ... of it, its two corners within this share of its short side of the shape's: a fanned row
  double card_row_min_strip = 0.15;     // a card under it shows at least this share of the top card's width (its index)
  double card_row_edge_contrast = 10;   // a covered card's side: a change of grey of this much (0..255)...
  double card_row_edge_min_length = 0.85;  // ... along this share of a line across the row (a face's frame is shorter)...
  double card_row_edge_max_slope = 0.25;   // ... turned at most this far from across the row (run over rise)...
  double card_row_edge_end = 0.1;       // ... and along as much of each of its ends, this share of the height (the margins)
  int card_fan_max_cards = 8;           // cards walked under a top card of the printed layout (card_fans.hpp), at most (0: not walked)
  double card_fan_min_strip = 0.25;     // a card under another shows this share of its width...
  double card_fan_max_strip = 0.95;     // ... up to this share
  double card_fan_max_slope = 0.1;      // ... turned against the top card at most this far (run over rise)
  double card_fan_max_drop = 0.04;      // ... and lying at most this share of its height up or down the row
  double card_fan_contrast = 10;        // its margin lighter than what lies beside it by this much (darkest channel, 0..255)...
  double card_fan_side_min_share = 0.8; // ... than its panel down this share of the card's side...
  double card_fan_outside_min_share = 0.4;  // ... than the card under it or the table outside down this share (not its disc)...
  double card_fan_end_min_share = 0.6;  // ... and its top and bottom margins than its panel along this share of its strip
  double card_fan_same_card = 0.5;      // a card walked from the top card's outline fitted to the edges is one walked
                                        // from its outline as found where their boxes overlap by more (IoU)
  double card_rest_seam = 0.04;         // a card against a card found: a seam this share of the found card's short side wide
                                        // along its outline parts them (0: the rest of their white is not looked at)...
  double card_rest_max_overlap = 0.2;   // ... and the rest's card overlaps a card found by at most this share of itself
  double card_pile_fit = 0.015;         // a pile of another deck's cards (card_piles.hpp): its outline fitted with straight pieces, within this share of the root of its area...
  double card_pile_min_side = 0.35;     // ... those of a card's side at least this share of the smallest card's side (shorter: a rounded corner's, a pip's)
  double card_pile_corner_cos = 0.5;    // ... two of them meeting at a card's corner: at a right angle within this cosine (60 to 120 degrees)...
  double card_pile_corner_gap = 0.3;    // ... at most this share of the longer apart (the rounded corner between them)
  double card_pile_seen_slack = 0.9;    // a card placed from a side as long as this share of its sides seen, at least
  double card_pile_min_cover = 0.95;    // ... lies in the pile's shape by this share of its area
  double card_pile_same_card = 0.5;     // ... and is one placed already where their outlines overlap by more (IoU)
  double card_pile_size_slack = 0.3;    // ... its long side within this share of the cards seen whole, or of the pile's placed for sure
  double card_pile_min_overlap = 0.2;   // ... each overlapping another card (of the pile, or found) by this share of its area, or showing a printed face...
  double card_pile_min_explained = 0.75;  // a pile's cards, with the cards found in it, cover this share of its shape, or none is a card
  double card_pile_dent = 0.05;         // a shape taken for one card whose outline dents in deeper than this share of its short side is looked at as a pile too (0: not)
  double card_covered_max_growth = 3;   // a covered card is at most this many times the largest card seen whole with the printed layout
  double card_whole_overlap = 0.15;     // two cards seen whole overlapping more than this share of the smaller are neither
  double card_duplicate_overlap = 0.6;  // intersection over union of two outlines found for one card...
  double card_row_duplicate_overlap = 0.8;  // ... where one is a card under others in a row (which overlap less: each shows a strip)
  // Cards found from their panels (card_panels.cpp), where the white finds none.
  int panel_flat_gradient = 20;         // a panel's pixels change colour less than this (Sobel |dx|+|dy|, 0: not looked for)...
  int panel_gradient_steps = 3;         // ... or, at the next steps, than this times panel_gradient_factor^step
  double panel_gradient_factor = 1.5;
  int panel_max_speck = 40;             // pixels: a smaller patch of change inside a panel is noise, not an edge
  double panel_min_flat_share = 0.45;   // the flat part fills this share of its outline (a ring, a frame: less)
  double panel_min_card_aspect = 0.9;   // the card round a panel: its length over its width as built, at least (seen
                                        // far off along its length, its panel looks square and the card a little wider than long)
  double panel_max_card_aspect = 2.5;   // ... and at most: a panel is measured without the margins, which
                                        // lengthen both sides alike, so seen far off it runs longer than its card
  double panel_square_card_aspect = 1.12;  // a card round a panel nearer square than this (long over short side) is kept
                                           // only if read for sure: a check cloth's cells are square too
  double panel_halves_gap = 0.5;        // a panel cut in two: the halves lie within this share of a half's size
  double panel_halves_ratio = 3;        // ... and neither has more than this many times the other's pixels
  double panel_halves_far_gap = 1.0;    // ... or within this share, where the line between them runs along
  double panel_halves_max_skew = 15;    // ... a side of either, within this many degrees
  double disc_max_misfit = 0.12;        // the number's disc: its area within this share of its fitted ellipse's
  double disc_max_squash = 2.2;         // ... whose long axis is at most this many times its short one
  double disc_panel_reach = 0.75;       // the panel's pieces lie within this many disc diameters of the disc
  double disc_min_piece = 0.03;         // ... each at least this share of the disc's pixels
  double disc_min_panel = 0.8;          // ... and together at least this many times the disc's pixels
  // ... kept when they look like a card of the printed layout: CIELAB distances (L 0..100).
  double card_check_margin_spread = 24;   // each side's margin is this near the margins' mean, at most
  double card_check_panel_spread = 24;    // the panel above and below the disc, at most this apart...
  double card_check_falloff_spread = 64;  // ... or this far where light falls off along the card: then each is one
  double card_check_falloff_even = 12;    // colour across it (its halves this near) and the margin darkens towards
  double card_check_falloff_margin_share = 0.3;  // the same end by this share of the panel's fall in L, at least
  double card_check_paper_difference = 16;  // the disc's paper and the margin's, at most this apart
  double card_check_panel_contrast = 18;  // the panel and the paper, at least this apart; in shade (the ink's light,
  double card_check_dim_panel_share = 0.8;  // below) less, down to this share of it, where the paper is grey (its
  double card_check_dim_paper_chroma = 0.5;  // chroma at most this share of its L) and the panel darker than the
  double card_check_dim_panel_darker = 6;    // margin and the disc by this much L at least
  double card_check_ink_share = 0.05;   // the disc's darkest pixels, this share of those inside its ring...
  double card_check_ink_contrast = 20;  // ... are at least this much darker (CIELAB L) than its paper: the number's ink
  double card_check_ink_lit_paper = 85;  // ... asked of paper this light (L); where a shade dims the paper, the ink's
                                        // contrast dims with it (L + 16 scales with the light), and less is asked...
  double card_check_dim_disc_lighter = 5;  // ... of a disc whose median L inside the ring is at most this above its paper
  double card_check_disc_inner = 0.8;   // the disc's paper is read on a ring between these shares of its radius
  double card_check_disc_outer = 0.93;

  // A card seen whole that the profile cannot read is still reported, as a card to name, when it
  // shows a printed face of some deck (card_scan.cpp: shows_a_printed_face):
  int unread_margin_strip = 6;          // canonical pixels: the margin strips along its four edges...
  double unread_margin_spread = 20;     // ... are one paper: each strip's median grey this near their mean, at most
  double unread_ink_contrast = 60;      // ink: grey levels darker than the margin, at least...
  double unread_min_ink_share = 0.15;   // ... over this share of the face inside the margin, at least...
  double unread_max_ink_share = 0.6;    // ... and at most (more is a dark patch of table in a pale frame)
  double unread_max_whiter_share = 0.05;  // the margin is the face's paper: at most this share inside is whiter
  double unread_max_block_fill = 0.9;   // ink that is one piece filling more than this share of its hull is a dark block of table
  double unread_sparse_min_ink = 0.005;  // a face with less ink than unread_min_ink_share (an ace) still shows a face with this much...
  double unread_index_box = 0.25;       // ... where a box this share of the card's sides in its top-left corner and in its bottom-right...
  double unread_index_min_ink = 0.04;   // ... each holds ink over this share of it (an index)...
  int unread_index_max_ratio = 3;       // ... the one at most this many times the other's
  double unread_trim_max = 0.3;         // a card refused is looked at again with each side moved in past columns or rows of table, at most this share of it...
  double unread_trim_paper_share = 0.5; // ... to the first where this share is paper (within twice unread_margin_spread of its brightest tenth)
  double unread_even_light_window = 0.3;  // refused, it is looked at again lit evenly: the paper's light closed over this share of its width (0: not)...
  double unread_even_light_least = 0.25;  // ... where that light stays above this share of the brightest (all but a twentieth of the card)
  // Cards, reading (card_scan.cpp: card_colour_lab, digit_features, corner_features, CardReader).
  int card_min_margin_level = 30;       // the white margin's level (0..255) that colours are divided by, at least
  double card_margin_white = 0.97;      // the margin is taken for this white: a panel as bright reads as paper
  double digit_paper_percentile = 0.75;  // the number disc's paper: this brightness percentile of the disc
  double digit_ink_of_paper = 0.6;      // ink: darker than this share of the paper (no such ink: no number)...
  double digit_darkest_percentile = 0.03;  // ... whose shape is read where darker than halfway from the paper to
  double digit_ink_most_of_paper = 0.7;    //  this darkness percentile of the disc, and than this share of the paper
  int digit_min_speck = 6;              // pixels: smaller ink components are noise
  double digit_max_radius = 0.78;       // share of the disc's radius: ink centred further out is the panel
  int digit_min_box = 8;                // pixels: a number's ink box is at least this wide and high
  int index_min_contrast = 30;          // a corner index: margin white minus panel level (0..255), at least
  int index_min_speck = 5;              // pixels: smaller white components of the index are noise
  int index_min_ink_total = 12;         // pixels of white ink an index has, at least
  int index_max_shift = 7;              // canonical pixels: the index box follows the panel's edges this far (0: not at all)
  double covered_number_min_visible = 0.6;  // a covered card is read from its number's disc too where this share of its panel shows
  double whole_colour_weight = 0.1;     // cards learned whole: a Lab unit against a unit of shape distance
                                        // (captains differ by colour only: 50 Lab units are worth 5)
  double read_max_colour_distance = 30; // a reading in doubt whose panel lies farther than this (CIELAB) from every colour learned is listed unread

  bool operator==(const ScanParameters&) const = default;
};

// Reads the keys present in `json` over `base`; an unknown key or a bad value is an InputError.
ScanParameters parameters_from_json(const nlohmann::json& json, ScanParameters base = {});
nlohmann::json to_json(const ScanParameters& parameters);

}  // namespace qm::vision
