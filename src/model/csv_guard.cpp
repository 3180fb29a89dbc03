#include "paa/model/csv_guard.hpp"

namespace paa {

namespace {
// [+-]?(digits[.digits] | .digits)([eE][+-]?digits)?: what a spreadsheet reads as a number.
bool plain_number(std::string_view s) {
  std::size_t i = 0;
  auto digits = [&] {
    const std::size_t from = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i > from;
  };
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  bool mantissa = digits();
  if (i < s.size() && s[i] == '.') {
    ++i;
    mantissa = digits() || mantissa;
  }
  if (!mantissa) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == s.size();
}
}  // namespace

bool csv_formula_like(std::string_view cell) {
  if (cell.empty()) return false;
  switch (cell.front()) {
    case '=':
    case '@':
    case '\t':
    case '\r':
      return true;
    case '+':
    case '-':
      return !plain_number(cell);
    default:
      return false;
  }
}

std::string_view csv_unguarded(std::string_view cell) {
  if (cell.size() >= 2 && cell.front() == '\'' && csv_formula_like(cell.substr(1))) return cell.substr(1);
  return cell;
}

}  // namespace paa
