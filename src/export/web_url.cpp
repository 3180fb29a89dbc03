#include "paa/export/web_url.hpp"

namespace paa::exporting {

bool is_web_url(std::string_view url) {
  for (std::string_view scheme : {std::string_view("http://"), std::string_view("https://")}) {
    if (url.size() <= scheme.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < scheme.size() && same; ++i) {
      char c = url[i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      same = c == scheme[i];
    }
    if (same) return true;
  }
  return false;
}

}  // namespace paa::exporting
