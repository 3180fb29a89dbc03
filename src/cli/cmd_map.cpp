// paa map: one stored tree as a standalone SVG mind map (docs/reports.md).
#include "commands.hpp"
#include "store_options.hpp"

#include "paa/export/mind_map/mind_map_svg.hpp"
#include "paa/output/atomic_file.hpp"

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace paa::cli {

namespace {

struct MapFlags {
  StoredKeyOptions key;
  std::string output;
  bool force = false;
};

int run_map(const MapFlags& f) {
  auto stored = stored_result_of(f.key, "map");
  if (!stored) return fail(stored.error());
  const auto output = output_target(f.output);
  auto questions = exporting::write_mind_map(*stored, output, f.force);
  if (!questions) return fail(questions.error());
  if (output) std::fprintf(stderr, "paa: wrote a mind map of %zu questions to %s\n", *questions, output->c_str());
  return kExitOk;
}

}  // namespace

Command add_map_command(CLI::App& app) {
  auto f = std::make_shared<MapFlags>();
  Command c;
  c.app = app.add_subcommand("map", "Draw one stored tree as an SVG mind map");
  add_stored_key_options(*c.app, f->key);
  c.app->add_option("-o,--output,--out", f->output, "Write to FILE.svg atomically instead of standard output");
  c.app->add_flag("--force", f->force, "Replace an existing -o file");
  c.run = [f] { return run_map(*f); };
  return c;
}

}  // namespace paa::cli
