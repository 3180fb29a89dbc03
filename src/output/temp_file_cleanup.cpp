#include "paa/output/temp_file_cleanup.hpp"

#include <climits>
#include <csignal>
#include <cstring>
#include <iterator>
#include <unistd.h>

namespace paa {

namespace {

// The handler may only touch async-signal-safe state: a fixed buffer and a flag.
char g_temp_path[PATH_MAX];
volatile std::sig_atomic_t g_temp_armed = 0;
constexpr int kCleanupSignals[] = {SIGINT, SIGTERM, SIGHUP};

extern "C" void remove_temp_and_reraise(int sig) {
  if (g_temp_armed) ::unlink(g_temp_path);
  g_temp_armed = 0;
  // SA_RESETHAND restored the default action: die of the same signal (exit status 128+sig).
  ::raise(sig);
}

}  // namespace

void install_temp_file_cleanup() {
  struct sigaction action {};
  action.sa_handler = remove_temp_and_reraise;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  for (const int sig : kCleanupSignals) ::sigaction(sig, &action, nullptr);
}

TempFileRegistration::TempFileRegistration(const std::string& path) {
  if (path.size() >= sizeof g_temp_path) return;  // cannot happen: open() would have failed
  g_temp_armed = 0;
  std::memcpy(g_temp_path, path.c_str(), path.size() + 1);
  g_temp_armed = 1;
}

TempFileRegistration::~TempFileRegistration() { g_temp_armed = 0; }

}  // namespace paa
