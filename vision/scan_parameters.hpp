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

  bool operator==(const ScanParameters&) const = default;
};

// Reads the keys present in `json` over `base`; an unknown key or a bad value is an InputError.
ScanParameters parameters_from_json(const nlohmann::json& json, ScanParameters base = {});
nlohmann::json to_json(const ScanParameters& parameters);

}  // namespace qm::vision
