// An atomic -o stopped by a signal leaves no temporary file once main's handlers are installed,
// and the process still dies of that signal. Each case runs in a child process (fork), which
// raises the signal from inside the producer, while the temporary file exists.
#include "paa/output/atomic_file.hpp"
#include "paa/output/temp_file_cleanup.hpp"

#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace paa {
namespace {

namespace fs = std::filesystem;

// The child's status after it wrote `target` and raised `sig` halfway.
int write_and_raise(const fs::path& target, int sig, bool install) {
  const pid_t child = ::fork();
  if (child == 0) {
    // The test binary's main installed the handlers too (app::configure_process): start from
    // the defaults, so that only `install` decides.
    for (const int s : {SIGINT, SIGTERM, SIGHUP}) std::signal(s, SIG_DFL);
    if (install) install_temp_file_cleanup();
    (void)write_file_atomically(target, false, [&](ByteSink& sink) -> Result<void> {
      (void)sink.write("half of it");
      ::raise(sig);
      return {};
    });
    ::_exit(0);  // not reached: the signal's default action ends the child
  }
  int status = 0;
  EXPECT_EQ(::waitpid(child, &status, 0), child);
  return status;
}

std::size_t temporary_files(const fs::path& dir) {
  std::size_t n = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().filename().string().find(".paa-tmp-") != std::string::npos) ++n;
  }
  return n;
}

TEST(TempFileCleanup, ASignalDuringTheWriteRemovesTheTemporaryFileAndStillEndsTheProcess) {
  for (const int sig : {SIGINT, SIGTERM, SIGHUP}) {
    test::TempDir dir;
    const int status = write_and_raise(dir.path() / "out.csv", sig, /*install=*/true);
    ASSERT_TRUE(WIFSIGNALED(status)) << "signal " << sig;
    EXPECT_EQ(WTERMSIG(status), sig);
    EXPECT_EQ(temporary_files(dir.path()), 0u) << "signal " << sig;
    EXPECT_FALSE(fs::exists(dir.path() / "out.csv"));
  }
}

TEST(TempFileCleanup, WithoutMainsHandlersALibraryChangesNoSignalHandling) {
  test::TempDir dir;
  const int status = write_and_raise(dir.path() / "out.csv", SIGTERM, /*install=*/false);
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
  EXPECT_EQ(temporary_files(dir.path()), 1u);  // what main's handlers are for
}

}  // namespace
}  // namespace paa
