#pragma once
// Byte-level encoders every output of paa shares (export's formats, the diff report): CSV
// fields (RFC 4180), JSON strings (also for HTML script elements), numbers, RFC 3339
// timestamps, and how a JSON output names a key.
#include "paa/output/buffered_output.hpp"

#include <charconv>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace paa {

// How a CSV output writes its text cells (docs/exports.md "Formulas"). A spreadsheet opening a
// CSV evaluates a cell that begins with = + - @, a tab or a carriage return as a formula (OWASP
// "CSV Injection"), and the service's text comes from any web page. `guarded` (for people: every
// CSV but the partitioned dataset, unless --raw) writes such a cell with a leading ' so it is
// shown and never evaluated; a plain number ("-3", "+1.5e3") is no formula and stays as it is.
// `raw` writes every cell as it is.
enum class CsvText { guarded, raw };
inline CsvText csv_text(bool raw) { return raw ? CsvText::raw : CsvText::guarded; }

// RFC 4180 field: quoted when it holds a comma, quote, CR or LF; quotes doubled. Formula-like
// text guarded as `text` says.
void append_csv_field(BufferedOutput& out, std::string_view field, CsvText text);
bool csv_needs_quotes(std::string_view field);
// Fields separated by commas (none before the first or after the last).
void append_csv_fields(BufferedOutput& out, CsvText text, std::initializer_list<std::string_view> fields);

// A JSON string literal, quotes included. Input is valid UTF-8 (copied as is);
// '"', '\\' and control characters are escaped.
void append_json_string(BufferedOutput& out, std::string_view text);

// The same, safe inside an HTML <script type="application/json"> element: besides JSON's own
// escapes, '<', '>' and '&' become \u003c, \u003e, \u0026 (so no "</script>" or "<!--" can end
// or change the element) and U+2028/U+2029 become \u2028/\u2029; \b and \f are written as
// \u0008 and \u000c. One escaper with append_json_string. The page reads it back with
// JSON.parse(element.textContent).
void append_script_json_string(BufferedOutput& out, std::string_view text);
// An array of such strings: [a,b,...].
void append_script_json_strings(BufferedOutput& out, std::span<const std::string> items);

// `text` as XML character data or attribute value: & < > " ' as entities; characters XML 1.0
// forbids (C0 controls other than tab, LF, CR) become U+FFFD.
void append_xml_escaped(BufferedOutput& out, std::string_view text);

// An integer in decimal.
template <std::integral T>
void append_decimal(BufferedOutput& out, T value) {
  char digits[24];
  const auto r = std::to_chars(digits, digits + sizeof digits, value);
  out.append({digits, static_cast<std::size_t>(r.ptr - digits)});
}

// "q,hl,gl,city," of a key, each field followed by a comma: how every CSV output of paa
// starts a key's rows (city "" = none).
void append_csv_key_columns(BufferedOutput& out, CsvText text, std::string_view q, std::string_view hl,
                            std::string_view gl, std::string_view city);

// "q":...,"hl":...,"gl":...,"city":... of a key (city null when ""): how every JSON output of
// paa names a key.
void append_key_members(BufferedOutput& out, std::string_view q, std::string_view hl, std::string_view gl,
                        std::string_view city);

// "2026-11-20T23:54:14.123Z" (UTC, always milliseconds).
std::string format_rfc3339_ms(std::int64_t unix_ms);

}  // namespace paa
