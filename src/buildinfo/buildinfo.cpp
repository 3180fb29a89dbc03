#include "paa/buildinfo/buildinfo.hpp"

#include "paa/version.hpp"

namespace paa::buildinfo {

std::string_view version() { return kVersion; }

std::string version_text(std::string_view program, std::string_view version, std::string_view commit) {
  std::string out(program);
  out += " (paa-harvester) ";
  out += version;
  out += ", commit ";
  out += commit.empty() ? std::string_view("unknown") : commit;
  return out;
}

std::string version_text(std::string_view program) { return version_text(program, version(), git_commit()); }

}  // namespace paa::buildinfo
