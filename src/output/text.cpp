#include "paa/output/text.hpp"

#include "paa/model/csv_guard.hpp"

#include <array>

namespace paa {

namespace {

// Bytes that force a CSV field into quotes.
constexpr std::array<bool, 256> make_csv_special() {
  std::array<bool, 256> t{};
  t[static_cast<unsigned char>(',')] = true;
  t[static_cast<unsigned char>('"')] = true;
  t[static_cast<unsigned char>('\r')] = true;
  t[static_cast<unsigned char>('\n')] = true;
  return t;
}
constexpr auto kCsvSpecial = make_csv_special();

// Bytes that need escaping in a JSON string.
constexpr std::array<bool, 256> make_json_special() {
  std::array<bool, 256> t{};
  for (int c = 0; c < 0x20; ++c) t[static_cast<std::size_t>(c)] = true;
  t[static_cast<unsigned char>('"')] = true;
  t[static_cast<unsigned char>('\\')] = true;
  return t;
}
constexpr auto kJsonSpecial = make_json_special();

// For JSON inside an HTML <script> element (append_script_json_string): also '<', '>', '&', and the
// first byte of U+2028 / U+2029 (E2 80 A8 / E2 80 A9).
constexpr std::array<bool, 256> make_script_json_special() {
  std::array<bool, 256> t = make_json_special();
  for (const char c : {'<', '>', '&'}) t[static_cast<unsigned char>(c)] = true;
  t[0xE2] = true;
  return t;
}
constexpr auto kScriptJsonSpecial = make_script_json_special();

// One JSON string literal, quotes included. `script_safe`: the script element's escapes, and
// \b \f written as \u0008 \u000c like every other control character.
void append_json_literal(BufferedOutput& out, std::string_view text, bool script_safe) {
  static constexpr char kHex[] = "0123456789abcdef";
  const auto& special = script_safe ? kScriptJsonSpecial : kJsonSpecial;
  out.put('"');
  std::size_t run = 0;  // start of the pending run of plain bytes
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (!special[c]) continue;
    if (c == 0xE2) {  // script_safe only: the rest of a U+2028 / U+2029, or any other E2 sequence
      if (i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
          (static_cast<unsigned char>(text[i + 2]) == 0xA8 || static_cast<unsigned char>(text[i + 2]) == 0xA9)) {
        out.append(text.substr(run, i - run));
        out.append(static_cast<unsigned char>(text[i + 2]) == 0xA8 ? "\\u2028" : "\\u2029");
        i += 2;
        run = i + 1;
      }
      continue;
    }
    out.append(text.substr(run, i - run));
    run = i + 1;
    const char* short_escape = nullptr;
    switch (c) {
      case '"': short_escape = "\\\""; break;
      case '\\': short_escape = "\\\\"; break;
      case '\n': short_escape = "\\n"; break;
      case '\r': short_escape = "\\r"; break;
      case '\t': short_escape = "\\t"; break;
      case '\b': short_escape = script_safe ? nullptr : "\\b"; break;
      case '\f': short_escape = script_safe ? nullptr : "\\f"; break;
      default: break;
    }
    if (short_escape != nullptr) {
      out.append(short_escape);
    } else {
      const char esc[6] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 0xF]};
      out.append({esc, 6});
    }
  }
  out.append(text.substr(run));
  out.put('"');
}

// Days since 1970-01-01 to civil date (H. Hinnant's algorithm).
void civil_from_days(std::int64_t z, std::int64_t& y, unsigned& m, unsigned& d) {
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const auto doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  y = static_cast<std::int64_t>(yoe) + era * 400;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp < 10 ? mp + 3 : mp - 9;
  if (m <= 2) ++y;
}

void put_digits(char* p, unsigned value, int width) {
  for (int i = width - 1; i >= 0; --i) {
    p[i] = static_cast<char>('0' + value % 10);
    value /= 10;
  }
}

}  // namespace

bool csv_needs_quotes(std::string_view field) {
  for (const char c : field) {
    if (kCsvSpecial[static_cast<unsigned char>(c)]) return true;
  }
  return false;
}

void append_csv_field(BufferedOutput& out, std::string_view field, CsvText text) {
  const bool guard = text == CsvText::guarded && csv_formula_like(field);
  if (!csv_needs_quotes(field)) {
    if (guard) out.put('\'');
    out.append(field);
    return;
  }
  out.put('"');
  if (guard) out.put('\'');
  std::size_t start = 0;
  for (;;) {
    const std::size_t quote = field.find('"', start);
    if (quote == std::string_view::npos) break;
    out.append(field.substr(start, quote + 1 - start));
    out.put('"');
    start = quote + 1;
  }
  out.append(field.substr(start));
  out.put('"');
}

void append_csv_fields(BufferedOutput& out, CsvText text, std::initializer_list<std::string_view> fields) {
  bool first = true;
  for (std::string_view field : fields) {
    if (!first) out.put(',');
    first = false;
    append_csv_field(out, field, text);
  }
}

void append_json_string(BufferedOutput& out, std::string_view text) {
  append_json_literal(out, text, false);
}

void append_script_json_string(BufferedOutput& out, std::string_view text) {
  append_json_literal(out, text, true);
}

void append_xml_escaped(BufferedOutput& out, std::string_view text) {
  std::size_t run = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    std::string_view entity;
    switch (c) {
      case '&': entity = "&amp;"; break;
      case '<': entity = "&lt;"; break;
      case '>': entity = "&gt;"; break;
      case '"': entity = "&quot;"; break;
      case '\'': entity = "&#39;"; break;
      default:
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') entity = "\xEF\xBF\xBD";
    }
    if (entity.empty()) continue;
    out.append(text.substr(run, i - run));
    out.append(entity);
    run = i + 1;
  }
  out.append(text.substr(run));
}

void append_script_json_strings(BufferedOutput& out, std::span<const std::string> items) {
  out.put('[');
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out.put(',');
    append_script_json_string(out, items[i]);
  }
  out.put(']');
}

std::string format_rfc3339_ms(std::int64_t unix_ms) {
  constexpr std::int64_t kMsPerDay = 86'400'000;
  std::int64_t days = unix_ms / kMsPerDay;
  std::int64_t rem = unix_ms % kMsPerDay;
  if (rem < 0) {
    rem += kMsPerDay;
    --days;
  }
  std::int64_t year = 0;
  unsigned month = 0;
  unsigned day = 0;
  civil_from_days(days, year, month, day);
  const auto ms_of_day = static_cast<unsigned>(rem);
  std::string s = "0000-00-00T00:00:00.000Z";
  if (year < 0 || year > 9999) year = year < 0 ? 0 : 9999;  // RFC 3339 has 4-digit years
  put_digits(s.data(), static_cast<unsigned>(year), 4);
  put_digits(s.data() + 5, month, 2);
  put_digits(s.data() + 8, day, 2);
  put_digits(s.data() + 11, ms_of_day / 3'600'000, 2);
  put_digits(s.data() + 14, ms_of_day / 60'000 % 60, 2);
  put_digits(s.data() + 17, ms_of_day / 1000 % 60, 2);
  put_digits(s.data() + 20, ms_of_day % 1000, 3);
  return s;
}

void append_csv_key_columns(BufferedOutput& out, CsvText text, std::string_view q, std::string_view hl,
                            std::string_view gl, std::string_view city) {
  append_csv_fields(out, text, {q, hl, gl, city});
  out.put(',');
}

void append_key_members(BufferedOutput& out, std::string_view q, std::string_view hl, std::string_view gl,
                        std::string_view city) {
  out.append("\"q\":");
  append_json_string(out, q);
  out.append(",\"hl\":");
  append_json_string(out, hl);
  out.append(",\"gl\":");
  append_json_string(out, gl);
  out.append(",\"city\":");
  if (city.empty()) {
    out.append("null");
  } else {
    append_json_string(out, city);
  }
}

}  // namespace paa
