#include "paa/export/text.hpp"

#include "paa/export/script_json.hpp"

#include <boost/json/parse.hpp>

#include <array>
#include <cstring>

namespace paa::exporting {

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

// For JSON inside an HTML <script> element (script_json.hpp): also '<', '>', '&', and the
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

bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

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

// Position just past the string starting at json[pos] == '"', or npos.
std::size_t skip_string(std::string_view json, std::size_t pos) {
  std::size_t i = pos + 1;
  for (;;) {
    const void* hit = std::memchr(json.data() + i, '"', json.size() - i);
    if (hit == nullptr) return std::string_view::npos;
    const std::size_t quote = static_cast<std::size_t>(static_cast<const char*>(hit) - json.data());
    std::size_t backslashes = 0;
    while (quote - backslashes > pos + 1 && json[quote - backslashes - 1] == '\\') ++backslashes;
    if (backslashes % 2 == 0) return quote + 1;
    i = quote + 1;
  }
}

// Position just past the value starting at json[pos], or npos. Iterative: nesting depth
// costs nothing on the native stack.
std::size_t skip_value(std::string_view json, std::size_t pos) {
  if (pos >= json.size()) return std::string_view::npos;
  const char first = json[pos];
  if (first == '"') return skip_string(json, pos);
  if (first == '{' || first == '[') {
    std::size_t depth = 0;
    std::size_t i = pos;
    while (i < json.size()) {
      const char c = json[i];
      if (c == '"') {
        i = skip_string(json, i);
        if (i == std::string_view::npos) return i;
        continue;
      }
      if (c == '{' || c == '[') {
        ++depth;
      } else if (c == '}' || c == ']') {
        if (depth == 0) return std::string_view::npos;
        if (--depth == 0) return i + 1;
      }
      ++i;
    }
    return std::string_view::npos;
  }
  std::size_t i = pos;
  while (i < json.size() && !is_ws(json[i]) && json[i] != ',' && json[i] != '}' && json[i] != ']') ++i;
  return i == pos ? std::string_view::npos : i;
}

std::size_t skip_ws(std::string_view json, std::size_t pos) {
  while (pos < json.size() && is_ws(json[pos])) ++pos;
  return pos;
}

}  // namespace

bool csv_needs_quotes(std::string_view field) {
  for (const char c : field) {
    if (kCsvSpecial[static_cast<unsigned char>(c)]) return true;
  }
  return false;
}

void append_csv_field(BufferedOutput& out, std::string_view field) {
  if (!csv_needs_quotes(field)) {
    out.append(field);
    return;
  }
  out.put('"');
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

void append_json_string(BufferedOutput& out, std::string_view text) {
  append_json_literal(out, text, false);
}

void append_script_json_string(BufferedOutput& out, std::string_view text) {
  append_json_literal(out, text, true);
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

std::optional<std::string_view> find_raw_member(std::string_view json, std::string_view name) {
  std::optional<std::string_view> found;
  std::size_t pos = skip_ws(json, 0);
  if (pos >= json.size() || json[pos] != '{') return std::nullopt;
  pos = skip_ws(json, pos + 1);
  if (pos < json.size() && json[pos] == '}') return std::nullopt;
  for (;;) {
    if (pos >= json.size() || json[pos] != '"') return std::nullopt;
    const std::size_t key_end = skip_string(json, pos);
    if (key_end == std::string_view::npos) return std::nullopt;
    const std::string_view raw_key = json.substr(pos + 1, key_end - pos - 2);
    bool matches = false;
    if (raw_key.find('\\') == std::string_view::npos) {
      matches = raw_key == name;
    } else {  // an escaped member name: rare, let the real parser decode it
      boost::system::error_code ec;
      const auto decoded = boost::json::parse(json.substr(pos, key_end - pos), ec);
      matches = !ec && decoded.is_string() && std::string_view(decoded.as_string()) == name;
    }
    pos = skip_ws(json, key_end);
    if (pos >= json.size() || json[pos] != ':') return std::nullopt;
    pos = skip_ws(json, pos + 1);
    const std::size_t value_end = skip_value(json, pos);
    if (value_end == std::string_view::npos) return std::nullopt;
    if (matches) found = json.substr(pos, value_end - pos);
    pos = skip_ws(json, value_end);
    if (pos >= json.size()) return std::nullopt;
    if (json[pos] == '}') return found;
    if (json[pos] != ',') return std::nullopt;
    pos = skip_ws(json, pos + 1);
  }
}

void append_json_single_line(BufferedOutput& out, std::string_view json_value) {
  if (json_value.empty()) return;
  if (std::memchr(json_value.data(), '\n', json_value.size()) == nullptr &&
      std::memchr(json_value.data(), '\r', json_value.size()) == nullptr) {
    out.append(json_value);
    return;
  }
  // Raw CR/LF can only be white space between tokens (JSON strings cannot hold them).
  std::size_t i = 0;
  while (i < json_value.size()) {
    const char c = json_value[i];
    if (c == '"') {
      std::size_t end = skip_string(json_value, i);
      if (end == std::string_view::npos) end = json_value.size();
      out.append(json_value.substr(i, end - i));
      i = end;
    } else {
      if (!is_ws(c)) out.put(c);
      ++i;
    }
  }
}

}  // namespace paa::exporting
