#pragma once
// How every command ends when it fails, and the end of one that printed to standard output:
// one place that turns an Error into its message on standard error and its exit code
// (exit_code.hpp's table), for the CLI and the application layer alike.
#include "paa/error.hpp"
#include "paa/exit_code.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

namespace paa::app {

// "paa: MESSAGE" on stderr (each line of a message that lists several errors, a job file's, gets
// the prefix), and the exit code of the error's kind: `return fail(...)`.
inline int fail(const Error& e) {
  std::string_view rest = e.message;
  do {
    const std::size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    std::fprintf(stderr, "paa: %.*s\n", static_cast<int>(line.size()), line.data());
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
  } while (!rest.empty());
  return exit_code_for(e);
}

// The end of a command that printed to standard output: what stdio could not write (a full
// disk, a closed pipe) is a failure (exit 1), never a silent success.
inline int finish_stdout() {
  if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
    const int err = errno;
    return fail(make_error(boost::system::error_code(err, boost::system::system_category()),
                           std::string("cannot write to standard output: ") + std::strerror(err)));
  }
  return kExitOk;
}

// A command line or input the user must fix (exit 2).
inline Error usage_error(std::string message) { return make_error(errc::invalid_input, std::move(message)); }

}  // namespace paa::app
