#pragma once
// `paa status`'s two renderings of one StatusReport: text for a person, one JSON object for a
// program (docs/store.md "Status"). They format; every figure comes from the report.
#include "paa/app/status_report.hpp"

#include <cstdio>
#include <string>

namespace paa::app {

// `job_file`: as the user named it, for the next command a never-run job prints.
void render_status_text(std::FILE* out, const StatusReport& report, const std::string& job_file);
// The object, without a newline.
std::string render_status_json(const StatusReport& report);

}  // namespace paa::app
