#pragma once
// Byte-level encoders shared by the export formats: CSV fields (RFC 4180), JSON strings,
// RFC 3339 timestamps, and a scanner that finds a member's raw bytes in a JSON object
// without building a DOM (so `result` can be copied verbatim).
#include "paa/export/output.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace paa::exporting {

// RFC 4180 field: quoted when it holds a comma, quote, CR or LF; quotes doubled.
void append_csv_field(BufferedOutput& out, std::string_view field);
bool csv_needs_quotes(std::string_view field);

// A JSON string literal, quotes included. Input is valid UTF-8 (copied as is);
// '"', '\\' and control characters are escaped.
void append_json_string(BufferedOutput& out, std::string_view text);

// "2026-11-20T23:54:14.123Z" (UTC, always milliseconds).
std::string format_rfc3339_ms(std::int64_t unix_ms);

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
