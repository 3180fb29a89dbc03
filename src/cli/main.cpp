// paa: the People Also Ask harvester command line.
#include "commands.hpp"
#include "parse_error.hpp"

#include "paa/app/process_settings.hpp"
#include "paa/app/version_text.hpp"

#include <cstdio>
#include <exception>
#include <vector>

int main(int argc, char** argv) {
  paa::app::configure_process();
  CLI::App app{"paa: harvest People Also Ask question trees in bulk, resumably, without paying twice.", "paa"};
  app.set_version_flag("--version", paa::app::paa_version_text());
  app.require_subcommand(1);
  app.fallthrough(false);

  std::vector<paa::cli::Command> commands{
      paa::cli::add_check_command(app),  paa::cli::add_run_command(app),
      paa::cli::add_status_command(app), paa::cli::add_get_command(app),
      paa::cli::add_export_command(app), paa::cli::add_merge_command(app),
      paa::cli::add_map_command(app),    paa::cli::add_diff_command(app),
      paa::cli::add_prune_command(app),  paa::cli::add_describe_command(app),
      paa::cli::add_topics_command(app), paa::cli::add_brief_command(app),
      paa::cli::add_analyze_command(app), paa::cli::add_notify_command(app),
      paa::cli::add_barrier_command(app),
  };

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    const CLI::App* chosen = nullptr;
    for (const auto& command : commands) {
      if (command.app->parsed()) chosen = command.app;
    }
    std::fprintf(stderr, "%s\n", paa::cli::parse_error_message(app, chosen, e).c_str());
    return paa::kExitUsage;
  }

  try {
    for (auto& command : commands) {
      if (command.app->parsed()) return command.run();
    }
  } catch (const std::exception& e) {
    // Only bugs and broken infrastructure get here; expected failures are Result<T>.
    std::fprintf(stderr, "paa: internal error: %s\n", e.what());
    return paa::kExitInternal;
  }
  return paa::kExitUsage;
}
