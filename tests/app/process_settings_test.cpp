// configure_process() (app/process_settings.hpp), as every test binary's main has run it (and
// again: it may be): what it promises holds in this process.
#include "paa/app/process_settings.hpp"
#include "paa/net/http_connection.hpp"

#include <gtest/gtest.h>
#include <igraph/igraph.h>
#include <spdlog/spdlog.h>

#include <csignal>
#include <unistd.h>

namespace {

TEST(ProcessSettings, ATlsClientNeverDiesOfSigpipeWhenAPeerHasClosed) {
  // OpenSSL writes to the socket with write(): with SIGPIPE on, a write to a connection the
  // server closed kills the process (exit 141) instead of failing the request.
  std::signal(SIGPIPE, SIG_DFL);
  paa::app::configure_process();
  struct sigaction now {};
  ASSERT_EQ(::sigaction(SIGPIPE, nullptr, &now), 0);
  EXPECT_EQ(now.sa_handler, SIG_IGN);
  ASSERT_TRUE(paa::TlsContext::create(""));
  // And a write into a closed pipe is an error, not a death.
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  ::close(fds[0]);
  EXPECT_EQ(::write(fds[1], "x", 1), -1);
  EXPECT_EQ(errno, EPIPE);
  ::close(fds[1]);
}

TEST(ProcessSettings, AnIgraphErrorIsReturnedToTheCallerNotAnAbort) {
  igraph_t graph;
  // A negative vertex count is an error; igraph's default handler would abort the process.
  EXPECT_NE(igraph_empty(&graph, -1, IGRAPH_UNDIRECTED), IGRAPH_SUCCESS);
}

TEST(ProcessSettings, TheDefaultLoggerWritesToStandardErrorUnderPaasName) {
  auto logger = spdlog::default_logger();
  ASSERT_NE(logger, nullptr);
  EXPECT_EQ(logger->name(), "paa");
}

}  // namespace
