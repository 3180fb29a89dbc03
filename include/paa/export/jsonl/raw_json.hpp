#pragma once
// JSON handled as bytes, without building a DOM: a scanner that finds a member's raw value in
// an object (so `result` can be copied verbatim) and a copier that keeps a value on one line.
#include "paa/output/buffered_output.hpp"

#include <optional>
#include <string_view>

namespace paa::exporting {

// The raw bytes of member `name` of the top-level JSON object `json` (the last one if the
// name repeats, as a DOM parser would keep). nullopt when `json` is not an object, the
// member is missing, or the text is malformed in a way the scanner notices. The scanner
// trusts its input to be valid JSON (stored bodies were validated when fetched): it does
// not validate the skipped values.
std::optional<std::string_view> find_raw_member(std::string_view json, std::string_view name);

// Copies a JSON value, dropping white space outside strings when the text holds a CR or LF
// (so it fits on one JSONL line); otherwise copies it byte for byte.
void append_json_single_line(BufferedOutput& out, std::string_view json_value);

}  // namespace paa::exporting
