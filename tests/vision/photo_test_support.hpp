#pragma once
// What the photo-loading tests share: writing a file's bytes, and expecting a photo refused.
#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "scoring/input_error.hpp"
#include "vision/photo.hpp"

namespace qm::testing {

inline void write_bytes(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// Expects load_photo to refuse `path` with one line that names the file and says `why`.
inline void expect_refused(const std::filesystem::path& path, const std::string& why, const vision::ScanParameters& parameters = {}) {
  try {
    vision::load_photo(path, parameters);
    FAIL("load_photo accepted " << path);
  } catch (const qm::InputError& error) {
    const std::string message = error.what();
    CHECK(message.find(path.string()) != std::string::npos);
    CHECK(message.find(why) != std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
  }
}

}  // namespace qm::testing
