// paa map: one stored tree as a standalone SVG mind map (see README "Reports").
#include "commands.hpp"

#include "paa/export/map_command.hpp"

#include <memory>
#include <string>

namespace paa::cli {

Command add_map_command(CLI::App& app) {
  auto options = std::make_shared<exporting::MapCommandOptions>();
  auto output = std::make_shared<std::string>();
  Command c;
  c.app = app.add_subcommand("map", "Draw one stored tree as an SVG mind map");
  c.app->add_option("--store", options->store, "Store folder (the one `paa run` writes to)")->required();
  c.app->add_option("--q", options->q, "The search query")->required();
  c.app->add_option("--hl", options->hl, "Language code, e.g. en")->required();
  c.app->add_option("--gl", options->gl, "Country code, e.g. us")->required();
  c.app->add_option("--city", options->city, "City (optional)");
  c.app->add_option("-o,--output", *output, "Write to FILE.svg atomically instead of standard output");
  c.app->add_flag("--force", options->force, "Replace an existing -o file");
  c.run = [options, output] {
    if (!output->empty()) options->output = *output;
    return exporting::run_map_command(*options, stderr);
  };
  return c;
}

}  // namespace paa::cli
