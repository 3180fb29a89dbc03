#pragma once
// An option that takes one of a few words (--format, --progress, --on-quota, ...): matched without
// regard to case (`--format CSV` as `--hl EN` already is), and a wrong word is answered with the
// choices and the closest of them. The description "{a,b,c}" is what `paa __describe-cli` reads
// the choices from (man pages, completion).
#include "paa/app/choices.hpp"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace paa::cli {

inline CLI::Validator one_of(std::vector<std::string> choices) {
  std::string listed;
  for (const auto& c : choices) listed += (listed.empty() ? "" : ",") + c;
  return CLI::Validator([choices](std::string& value) { return app::match_choice(value, choices); },
                        "{" + listed + "}");
}

}  // namespace paa::cli
