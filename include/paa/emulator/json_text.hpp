#pragma once
// Small JSON text helpers for hand-assembled bodies and log lines (no DOM on the hot path).
#include "paa/model/utf8.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace paa::emulator {

// Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF.
inline bool is_valid_utf8(std::string_view s) { return !paa::first_invalid_utf8(s).has_value(); }

// Appends s as a JSON string literal; invalid UTF-8 becomes U+FFFD so the output is always valid JSON.
void append_json_quoted(std::string& out, std::string_view s);

void append_int(std::string& out, std::int64_t v);

// Decodes an application/x-www-form-urlencoded component ('+' is a space). False on a bad %-escape.
bool percent_decode(std::string_view in, std::string& out);

}  // namespace paa::emulator
