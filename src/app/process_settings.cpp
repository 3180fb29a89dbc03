#include "paa/app/process_settings.hpp"

#include "paa/topics/igraph_handlers.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <csignal>
#include <memory>

namespace paa::app {

void configure_process() {
  std::signal(SIGPIPE, SIG_IGN);
  topics::install_igraph_handlers();
  // Not registered by name (stderr_color_mt would throw the second time): configure_process() may
  // run again, in tests.
  spdlog::set_default_logger(
      std::make_shared<spdlog::logger>("paa", std::make_shared<spdlog::sinks::stderr_color_sink_mt>()));
  spdlog::set_pattern("[%Y-%m-%d %H:%M:%S] %l: %v");
}

}  // namespace paa::app
