#include "paa/export/output.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace paa::exporting {

std::string temp_folder() {
  const char* dir = std::getenv("TMPDIR");
  return dir && *dir ? dir : "/tmp";
}

Result<int> create_unlinked_temp(std::string_view prefix, std::string& path) {
  std::string templ = temp_folder() + "/" + std::string(prefix) + "-XXXXXX";
  const int fd = ::mkstemp(templ.data());
  if (fd < 0) {
    return make_error(errc::io, "cannot create a temporary file in '" + templ.substr(0, templ.rfind('/')) +
                      "': " + std::strerror(errno) + "; set TMPDIR to a writable folder");
  }
  ::unlink(templ.c_str());
  path = std::move(templ);
  return fd;
}

}  // namespace paa::exporting
