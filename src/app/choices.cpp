#include "paa/app/choices.hpp"

#include "paa/model/ascii.hpp"
#include "paa/model/suggest.hpp"

namespace paa::app {

std::string match_choice(std::string& value, const std::vector<std::string>& choices) {
  const std::string folded = lower_ascii(value);
  for (const auto& c : choices) {
    if (c == folded) {
      value = c;
      return {};
    }
  }
  const std::vector<std::string_view> names(choices.begin(), choices.end());
  const auto close = detail::closest_match(folded, names);
  std::string message = "'" + value + "' is not one of ";
  for (std::size_t i = 0; i < choices.size(); ++i) message += (i == 0 ? "" : ", ") + choices[i];
  if (close) message += " (did you mean " + std::string(*close) + "?)";
  return message;
}

std::optional<std::string_view> closest_name(std::string_view word, const std::vector<std::string_view>& candidates) {
  return detail::closest_match(word, candidates);
}

}  // namespace paa::app
