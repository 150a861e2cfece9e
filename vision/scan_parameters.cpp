#include "vision/scan_parameters.hpp"

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
