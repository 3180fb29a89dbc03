#include "paa/app/process_settings.hpp"

#include "paa/harvest/progress_display.hpp"
#include "paa/output/temp_file_cleanup.hpp"
#include "paa/topics/igraph_handlers.hpp"

#include <spdlog/spdlog.h>

#include <csignal>
#include <memory>

namespace paa::app {

void configure_process() {
  std::signal(SIGPIPE, SIG_IGN);
  install_temp_file_cleanup();
  topics::install_igraph_handlers();
  // Not registered by name (stderr_color_mt would throw the second time): configure_process() may
  // run again, in tests.
  spdlog::set_default_logger(std::make_shared<spdlog::logger>("paa", bar_aware_stderr_sink()));
  spdlog::set_pattern("[%Y-%m-%d %H:%M:%S] %l: %v");
}

}  // namespace paa::app
