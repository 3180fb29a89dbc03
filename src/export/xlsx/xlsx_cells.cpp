#include "paa/export/xlsx/xlsx_cells.hpp"

#include "paa/model/query_key.hpp"

namespace paa::exporting {

std::string_view excel_cell_text(std::string_view text) {
  if (text.size() <= kExcelMaxCellChars) return text;  // bytes >= characters
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c & 0xC0) == 0x80) continue;  // continuation byte: part of the current character
    if (chars == kExcelMaxCellChars) return text.substr(0, i);
    ++chars;
  }
  return text;
}

bool excel_hyperlink(std::string_view url) {
  auto starts_with_nocase = [&](std::string_view prefix) {
    if (url.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
      char c = url[i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (c != prefix[i]) return false;
    }
    return true;
  };
  const std::size_t scheme = starts_with_nocase("https://") ? 8 : starts_with_nocase("http://") ? 7 : 0;
  if (scheme == 0 || url.size() == scheme) return false;
  std::size_t chars = 0;
  for (const char ch : url) {
    const auto c = static_cast<unsigned char>(ch);
    if (c <= 0x20 || c == 0x7F) return false;
    if ((c & 0xC0) != 0x80) ++chars;
  }
  return chars <= kExcelMaxUrlChars;
}

double excel_date_serial(std::int64_t unix_ms) {
  constexpr double kUnixEpochSerial = 25569.0;  // 1970-01-01 in the 1900 date system
  constexpr double kMsPerDay = 86'400'000.0;
  return kUnixEpochSerial + static_cast<double>(unix_ms) / kMsPerDay;
}

namespace {

// Whether two spellings name the same locale: in key form when both are valid, else as spelled.
bool same_locale(const KeySpelling& a, const KeySpelling& b) {
  if (a.hl == b.hl && a.gl == b.gl && a.city == b.city) return true;
  auto x = make_clean_locale(a.hl, a.gl, a.city);
  auto y = make_clean_locale(b.hl, b.gl, b.city);
  if (!x || !y) return false;
  return x->key_hl == y->key_hl && x->key_gl == y->key_gl && x->key_city == y->key_city;
}

}  // namespace

std::string lineage_cell_text(const KeySpelling& key, const KeySpelling& row) {
  if (same_locale(key, row)) return key.q;
  std::string text = key.q + " (" + key.hl + "-" + key.gl;
  if (!key.city.empty()) text += ", " + key.city;
  text += ")";
  return text;
}

}  // namespace paa::exporting
