// paa map: one stored tree as a standalone mind map (SVG, PNG or PDF) (docs/reports.md); the body is app::run_map.
#include "choice.hpp"
#include "commands.hpp"
#include "store_options.hpp"

#include "paa/app/key_commands.hpp"

#include <memory>

namespace paa::cli {

Command add_map_command(CLI::App& app) {
  auto f = std::make_shared<app::MapRequest>();
  Command c;
  c.app = app.add_subcommand("map", "Draw one stored tree as a mind map: SVG, PNG or PDF");
  add_stored_key_options(*c.app, f->key);
  c.app->add_option("--format", f->format,
                    "svg (the default), png (twice the layout's size in pixels) or pdf (one page, sources linked); "
                    "without it, -o's extension (.svg, .png, .pdf) chooses")
      ->transform(one_of({"svg", "png", "pdf"}));
  c.app->add_option("-o,--output,--out", f->output,
                    "Write to FILE (.svg, .png or .pdf) atomically instead of standard output");
  c.app->add_flag("--force", f->force, "Replace an existing -o file");
  c.run = [f] { return app::run_map(*f); };
  return c;
}

}  // namespace paa::cli
