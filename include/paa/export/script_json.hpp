#pragma once
// JSON text that is safe inside an HTML <script type="application/json"> element: besides
// JSON's own escapes, '<', '>' and '&' become \u003c, \u003e, \u0026 (so no "</script>" or
// "<!--" can end or change the element) and U+2028/U+2029 become \u2028/\u2029. The page reads
// it back with JSON.parse(element.textContent) and renders strings through textContent only.
#include "paa/export/output.hpp"

#include <string_view>

namespace paa::exporting {

// A JSON string literal, quotes included; `text` is valid UTF-8 (copied as is otherwise). One
// escaper with append_json_string (text.cpp), plus the escapes above.
void append_script_json_string(BufferedOutput& out, std::string_view text);

}  // namespace paa::exporting
