#pragma once
// An option that takes one of a few words (--format, --progress, --on-quota, ...): matched without
// regard to case (`--format CSV` as `--hl EN` already is), and a wrong word is answered with the
// choices and the closest of them. The description "{a,b,c}" is what `paa __describe-cli` reads
// the choices from (man pages, completion).
#include "paa/model/ascii.hpp"
#include "paa/model/suggest.hpp"

#include <CLI/CLI.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace paa::cli {

inline CLI::Validator one_of(std::vector<std::string> choices) {
  std::string listed;
  for (const auto& c : choices) listed += (listed.empty() ? "" : ",") + c;
  return CLI::Validator(
      [choices, listed](std::string& value) -> std::string {
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
      },
      "{" + listed + "}");
}

}  // namespace paa::cli
