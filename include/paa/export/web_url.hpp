#pragma once
// The only urls a deliverable links to (the brief, the mind map's SVG and PDF): absolute http://
// or https:// ones, any case; a source that is anything else is shown as text.
#include <string_view>

namespace paa::exporting {

bool is_web_url(std::string_view url);

}  // namespace paa::exporting
