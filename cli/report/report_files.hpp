#pragma once
// Writes a session's report as SVG, PNG or HTML, chosen by the file's extension.
#include <filesystem>
#include <string>

#include "cli/report/report_model.hpp"

namespace qm::cli::report {

// One self-contained page: the SVG charts inline and the tables in HTML.
std::string report_html(const ReportModel& model);
// Writes the report; throws InputError for an unknown extension or an unwritable file.
void write_report(const ReportModel& model, const std::filesystem::path& file);

}  // namespace qm::cli::report
