#pragma once
// What the first scan of a process would otherwise wait for, done ahead: OpenCV's image codecs
// are loaded (image_codecs.hpp) and its CIELAB tables built (the first BGR -> Lab conversion of
// a process, 8-bit or float, builds them: ~0.2 s). The REPL does this while a person types, so
// the first photo scanned at the table answers about as fast as the next ones.
namespace qm::vision {

// Never throws: what fails here fails again when a photo is read, and is reported there.
// Not to be run while another thread uses OpenCV (its tables are built unguarded).
void prepare_scanning() noexcept;

}  // namespace qm::vision
