#pragma once
// ASCII helpers for codes and names (hl, gl, file extensions, CSV headers): Unicode text goes
// through clean_text / fold_text instead.
#include <string>
#include <string_view>

namespace paa {

inline std::string_view trim_ascii(std::string_view s) {
  constexpr std::string_view ws = " \t\r\n\f\v";
  const auto begin = s.find_first_not_of(ws);
  if (begin == std::string_view::npos) return {};
  return s.substr(begin, s.find_last_not_of(ws) - begin + 1);
}

inline std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace paa
