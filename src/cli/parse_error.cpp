#include "parse_error.hpp"

#include "paa/app/choices.hpp"

#include <string_view>
#include <vector>

namespace paa::cli {

namespace {

// "--name" spellings of every option of `app`, and its visible subcommands' names.
std::vector<std::string> option_names(const CLI::App& app) {
  std::vector<std::string> out;
  for (const CLI::Option* opt : app.get_options()) {
    for (const auto& l : opt->get_lnames()) out.push_back("--" + l);
    for (const auto& s : opt->get_snames()) out.push_back("-" + s);
  }
  return out;
}

std::vector<std::string> command_names(const CLI::App& app) {
  std::vector<std::string> out;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    if (!sub->get_name().empty() && !sub->get_group().empty()) out.push_back(sub->get_name());
  }
  return out;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& names) {
  const std::vector<std::string_view> views(names.begin(), names.end());
  // An option typed with its value glued on (--fromat=csv) is matched by its name.
  const auto close = app::closest_name(word.substr(0, word.find('=')), views);
  return close ? " (did you mean " + std::string(*close) + "?)" : std::string();
}

// The words CLI11 lists after "...not expected: ".
std::vector<std::string> extras_of(const std::string& what) {
  std::vector<std::string> out;
  const auto colon = what.find(": ");
  if (colon == std::string::npos) return out;
  std::string_view rest(what);
  rest.remove_prefix(colon + 2);
  while (!rest.empty()) {
    const auto space = rest.find(' ');
    if (space != 0) out.emplace_back(rest.substr(0, space));
    if (space == std::string_view::npos) break;
    rest.remove_prefix(space + 1);
  }
  return out;
}

}  // namespace

std::string parse_error_message(const CLI::App& app, const CLI::App* command, const CLI::ParseError& e) {
  const std::string program = app.get_name();
  const std::string name = command != nullptr ? program + " " + command->get_name() : program;
  const std::string help = " (see `" + name + " --help`)";
  // A word the parser did not know explains the error better than what it then found missing
  // (`--fromat csv` is "unknown option", not "--format is required").
  std::vector<std::string> extras = command != nullptr ? command->remaining() : app.remaining();
  if (extras.empty() && dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) extras = extras_of(e.what());
  if (!extras.empty()) {
    const std::string& word = extras.front();
    if (command == nullptr) {
      const auto suggestion = did_you_mean(word, command_names(app));
      return program + ": no command '" + word + "'" + (suggestion.empty() ? help : suggestion);
    }
    if (!word.empty() && word.front() == '-') {
      const auto suggestion = did_you_mean(word, option_names(*command));
      return program + ": " + command->get_name() + ": unknown option " + word +
             (suggestion.empty() ? help : suggestion);
    }
    return program + ": " + command->get_name() + ": unexpected argument '" + word + "'" + help;
  }
  if (dynamic_cast<const CLI::RequiredError*>(&e) != nullptr && command == nullptr) {
    // No command at all: say which there are.
    std::string listed;
    for (const auto& c : command_names(app)) listed += (listed.empty() ? "" : ", ") + c;
    return program + ": which command? one of " + listed + " (see `" + program + " --help`)";
  }
  std::string what = e.what();
  // A validator's message already says what to do ("... (did you mean csv?)").
  if (!what.empty() && what.back() == ')') return program + ": " + what;
  return program + ": " + what + help;
}

}  // namespace paa::cli
