#include "paa/text/fold.hpp"

#include "paa/model/query_key.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <stdexcept>

namespace paa::text {
namespace {

std::string to_utf8(const icu::UnicodeString& s) {
  std::string out;
  s.toUTF8String(out);
  return out;
}

const icu::Normalizer2& normalizer(bool decompose) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n = decompose ? icu::Normalizer2::getNFDInstance(status)
                                        : icu::Normalizer2::getNFCInstance(status);
  if (U_FAILURE(status)) throw std::runtime_error(std::string("ICU normalizer: ") + u_errorName(status));
  return *n;
}

}  // namespace

std::string fold_case(std::string_view utf8) { return fold_or_raw(utf8); }

std::string fold_for_matching(std::string_view utf8) {
  // ASCII is the common case, and folds without ICU.
  bool ascii = true;
  for (unsigned char c : utf8) ascii = ascii && c < 0x80;
  if (ascii) {
    std::string out(utf8);
    for (char& c : out) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return out;
  }
  icu::UnicodeString s = icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), static_cast<int32_t>(utf8.size())));
  s.foldCase(U_FOLD_CASE_DEFAULT);
  UErrorCode status = U_ZERO_ERROR;
  icu::UnicodeString decomposed = normalizer(true).normalize(s, status);
  if (U_FAILURE(status)) return to_utf8(s);
  icu::UnicodeString bare;
  for (int32_t i = 0; i < decomposed.length();) {
    const UChar32 c = decomposed.char32At(i);
    if (u_charType(c) != U_NON_SPACING_MARK) bare.append(c);
    i += U16_LENGTH(c);
  }
  icu::UnicodeString composed = normalizer(false).normalize(bare, status);
  return to_utf8(U_FAILURE(status) ? bare : composed);
}

std::string without_apostrophes(std::string folded) {
  for (std::size_t at; (at = folded.find("\xE2\x80\x99")) != std::string::npos;) folded.erase(at, 3);
  std::erase(folded, '\'');
  return folded;
}

std::string spelled_for_matching(std::string_view utf8) { return without_apostrophes(fold_for_matching(utf8)); }

}  // namespace paa::text
