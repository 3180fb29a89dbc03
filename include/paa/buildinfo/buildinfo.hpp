#pragma once
// What --version prints: the project version (CMake's project(VERSION)) and the git commit the
// binaries were built from, both fixed at build time.
#include <string>
#include <string_view>

namespace paa::buildinfo {

// "0.1.0"
std::string_view version();

// The commit, 12 hex digits, with "-dirty" when tracked files had uncommitted changes;
// PAA_GIT_COMMIT when the build was configured with it; "unknown" when built without git.
std::string_view git_commit();

// "PROGRAM (paa-harvester) VERSION, commit COMMIT": one line, like `ls --version`'s first.
std::string version_text(std::string_view program, std::string_view version, std::string_view commit);

// version_text() of this build.
std::string version_text(std::string_view program);

}  // namespace paa::buildinfo
