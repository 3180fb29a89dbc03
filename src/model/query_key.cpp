#include "paa/model/query_key.hpp"

#include "paa/model/ascii.hpp"

#include "paa/model/utf8.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <cstdint>

namespace paa {
namespace {

std::string codepoint_name(UChar32 c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
  return buf;
}

// Decodes strictly (ICU's UnicodeString::fromUTF8 would silently substitute U+FFFD).
Result<icu::UnicodeString> decode_utf8(std::string_view utf8) {
  icu::UnicodeString out;
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(utf8.data());
  const auto length = static_cast<std::int32_t>(utf8.size());
  std::int32_t i = 0;
  while (i < length) {
    const std::int32_t start = i;
    UChar32 c = 0;
    U8_NEXT(bytes, i, length, c);
    if (c < 0) {
      return make_error(errc::invalid_input, "invalid UTF-8 at byte " + std::to_string(start + 1) +
                        "; save the text as UTF-8");
    }
    out.append(c);
  }
  return out;
}

bool is_rejected_control(UChar32 c) { return (c < 0x20 || c == 0x7F); }

bool is_ascii(std::string_view s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

// ASCII white space with the Unicode White_Space property (U+001C..U+001F do not have it).
bool is_ascii_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

Error control_error(UChar32 c, std::int32_t position) {
  return make_error(errc::invalid_input, "control character " + codepoint_name(c) + " at character " +
                    std::to_string(position) + "; remove it");
}

const icu::Normalizer2& nfc() {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* instance = icu::Normalizer2::getNFCInstance(status);
  if (U_FAILURE(status)) throw std::runtime_error(std::string("ICU NFC unavailable: ") + u_errorName(status));
  return *instance;
}

icu::UnicodeString nfc_normalize(const icu::UnicodeString& s) {
  UErrorCode status = U_ZERO_ERROR;
  icu::UnicodeString out = nfc().normalize(s, status);
  if (U_FAILURE(status)) throw std::runtime_error(std::string("ICU NFC failed: ") + u_errorName(status));
  return out;
}

std::string to_utf8(const icu::UnicodeString& s);

// NFC, then trim and collapse runs of Unicode white space (White_Space property: tabs, newlines,
// NBSP, thin space, ideographic space, ...) into one U+0020. Other C0 controls and DEL are errors.
// Pure ASCII (the common case) skips ICU: NFC is the identity there.
Result<std::string> clean(std::string_view utf8) {
  if (is_ascii(utf8)) {
    std::string out;
    out.reserve(utf8.size());
    bool pending_space = false;
    std::int32_t position = 0;
    for (char c : utf8) {
      ++position;
      if (is_ascii_space(c)) {
        pending_space = !out.empty();
        continue;
      }
      if (is_rejected_control(static_cast<unsigned char>(c))) return control_error(static_cast<unsigned char>(c), position);
      if (pending_space) out.push_back(' ');
      pending_space = false;
      out.push_back(c);
    }
    return out;
  }

  auto decoded = decode_utf8(utf8);
  if (!decoded) return decoded.error();
  const icu::UnicodeString normal = nfc_normalize(*decoded);
  icu::UnicodeString out;
  bool pending_space = false;
  std::int32_t position = 0;
  for (std::int32_t i = 0; i < normal.length(); i = normal.moveIndex32(i, 1)) {
    ++position;
    const UChar32 c = normal.char32At(i);
    if (u_isUWhiteSpace(c)) {
      pending_space = !out.isEmpty();
      continue;
    }
    if (is_rejected_control(c)) return control_error(c, position);
    if (pending_space) out.append(static_cast<UChar>(0x20));
    pending_space = false;
    out.append(c);
  }
  return to_utf8(out);
}

// Full default case folding of an already clean string (ß -> ss, U+0130 -> i + U+0307).
// Folding can leave non-NFC sequences, so normalise again.
std::string fold_clean(const std::string& cleaned) {
  if (is_ascii(cleaned)) return lower_ascii(cleaned);
  icu::UnicodeString text = icu::UnicodeString::fromUTF8(cleaned);
  text.foldCase(U_FOLD_CASE_DEFAULT);
  return to_utf8(nfc_normalize(text));
}

std::string to_utf8(const icu::UnicodeString& s) {
  std::string out;
  s.toUTF8String(out);
  return out;
}

bool is_ascii_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_ascii_alnum(char c) { return is_ascii_alpha(c) || (c >= '0' && c <= '9'); }
char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

void append_field(std::string& out, std::string_view field) {
  for (char c : field) {
    out.push_back(c);
    if (c == '\0') out.push_back(static_cast<char>(0xFF));
  }
  out.push_back('\0');
  out.push_back('\x01');
}

}  // namespace

std::optional<std::size_t> first_invalid_utf8(std::string_view text) {
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
  const std::size_t length = text.size();
  std::size_t i = 0;
  while (i < length) {
    if (bytes[i] < 0x80) {  // fast path for ASCII
      ++i;
      continue;
    }
    // U8_NEXT works on int32 offsets; feed it a bounded window so huge bodies are fine.
    const std::size_t window = std::min<std::size_t>(length - i, 4);
    std::int32_t j = 0;
    UChar32 c = 0;
    U8_NEXT(bytes + i, j, static_cast<std::int32_t>(window), c);
    if (c < 0) return i;
    i += static_cast<std::size_t>(j);
  }
  return std::nullopt;
}

Result<std::string> clean_text(std::string_view utf8) { return clean(utf8); }

Result<std::string> fold_text(std::string_view utf8) {
  auto cleaned = clean(utf8);
  if (!cleaned) return cleaned.error();
  return fold_clean(*cleaned);
}

std::string fold_or_raw(std::string_view utf8) {
  auto folded = fold_text(utf8);
  return folded ? std::move(*folded) : std::string(utf8);
}

Result<std::string> normalize_hl(std::string_view hl) {
  const std::string_view t = trim_ascii(hl);
  const auto fail = [&] {
    return make_error(errc::invalid_input, "invalid hl " + quoted(t) +
                      ": expected a 2-3 letter language code with an optional region, "
                      "like en, de or pt-BR");
  };
  if (t.empty()) return make_error(errc::invalid_input, "hl is empty: expected a language code like en, de or pt-BR");
  std::size_t lang = 0;
  while (lang < t.size() && is_ascii_alpha(t[lang])) ++lang;
  if (lang < 2 || lang > 3) return fail();
  if (lang < t.size()) {
    if (t[lang] != '-' && t[lang] != '_') return fail();
    const std::string_view region = t.substr(lang + 1);
    if (region.size() < 2 || region.size() > 4) return fail();
    for (char c : region) {
      if (!is_ascii_alnum(c)) return fail();
    }
  }
  std::string out;
  out.reserve(t.size());
  for (char c : t) out.push_back(c == '_' ? '-' : ascii_lower(c));
  return out;
}

Result<std::string> normalize_gl(std::string_view gl) {
  const std::string_view t = trim_ascii(gl);
  if (t.empty()) return make_error(errc::invalid_input, "gl is empty: expected a 2-letter country code like us, de or fr");
  if (t.size() != 2 || !is_ascii_alpha(t[0]) || !is_ascii_alpha(t[1])) {
    return make_error(errc::invalid_input, "invalid gl " + quoted(t) +
                      ": expected a 2-letter country code like us, de or fr");
  }
  return lower_ascii(t);
}

Result<CleanQuery> make_clean_query(std::string_view q) {
  auto cleaned = clean(q);
  if (!cleaned) return make_error(errc::invalid_input, "q: " + cleaned.error().message);
  if (cleaned->empty()) return make_error(errc::invalid_input, "q is empty");
  CleanQuery out;
  out.folded = fold_clean(*cleaned);
  out.text = std::move(*cleaned);
  return out;
}

Result<CleanLocale> make_clean_locale(std::string_view hl, std::string_view gl, std::string_view city) {
  auto city_clean = clean(city);
  if (!city_clean) return make_error(errc::invalid_input, "city: " + city_clean.error().message);
  auto hl_key = normalize_hl(hl);
  if (!hl_key) return hl_key.error();
  auto gl_key = normalize_gl(gl);
  if (!gl_key) return gl_key.error();
  CleanLocale out;
  out.hl = std::string(trim_ascii(hl));
  out.gl = std::string(trim_ascii(gl));
  out.key_hl = std::move(*hl_key);
  out.key_gl = std::move(*gl_key);
  out.key_city = fold_clean(*city_clean);
  out.city = std::move(*city_clean);
  return out;
}

Query combine_query(const CleanQuery& q, const CleanLocale& locale) {
  Query out;
  out.q = q.text;
  out.hl = locale.hl;
  out.gl = locale.gl;
  out.city = locale.city;
  out.key = QueryKey{q.folded, locale.key_hl, locale.key_gl, locale.key_city};
  return out;
}

Result<Query> make_query(std::string_view q, std::string_view hl, std::string_view gl,
                         std::string_view city) {
  auto clean_q = make_clean_query(q);
  if (!clean_q) return clean_q.error();
  auto locale = make_clean_locale(hl, gl, city);
  if (!locale) return locale.error();
  return combine_query(*clean_q, *locale);
}

std::string encode_key(const QueryKey& key) {
  std::string out;
  out.reserve(key.hl.size() + key.gl.size() + key.city.size() + key.q.size() + 8);
  append_field(out, key.hl);
  append_field(out, key.gl);
  append_field(out, key.city);
  append_field(out, key.q);
  return out;
}

Result<QueryKey> decode_key(std::string_view bytes) {
  std::string fields[4];
  std::size_t i = 0;
  for (std::string& field : fields) {
    for (;;) {
      if (i >= bytes.size()) return make_error(errc::invalid_input, "encoded key is truncated");
      const char c = bytes[i++];
      if (c != '\0') {
        field.push_back(c);
        continue;
      }
      if (i >= bytes.size()) return make_error(errc::invalid_input, "encoded key is truncated after a 0x00 byte");
      const auto marker = static_cast<unsigned char>(bytes[i++]);
      if (marker == 0x01) break;
      if (marker != 0xFF) return make_error(errc::invalid_input, "encoded key has an invalid escape after a 0x00 byte");
      field.push_back('\0');
    }
  }
  if (i != bytes.size()) return make_error(errc::invalid_input, "encoded key has trailing bytes");
  QueryKey key;
  key.hl = std::move(fields[0]);
  key.gl = std::move(fields[1]);
  key.city = std::move(fields[2]);
  key.q = std::move(fields[3]);
  return key;
}

std::string encode_locale_prefix(std::string_view hl, std::string_view gl) {
  std::string out;
  append_field(out, hl);
  if (!gl.empty()) append_field(out, gl);
  return out;
}

std::uint64_t key_hash(std::string_view encoded_key) {
  // FNV-1a over the bytes, then the splitmix64 finaliser so that nearby keys spread across
  // all 64 bits. Deterministic across runs and platforms.
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : encoded_key) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebull;
  h ^= h >> 31;
  return h;
}

}  // namespace paa
