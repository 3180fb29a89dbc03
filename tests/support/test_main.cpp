// The main of every test binary: the process-wide settings paa's main makes
// (app/process_settings.hpp: SIGPIPE ignored, igraph's handlers, the logger on standard error),
// then GoogleTest and gmock.
#include "paa/app/process_settings.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

int main(int argc, char** argv) {
  paa::app::configure_process();
  testing::InitGoogleMock(&argc, argv);
  return RUN_ALL_TESTS();
}
