#pragma once
// What `paa --version` prints: the build (buildinfo) and the analysis version, since the ids of
// variant groups and topics depend on it (docs/release-notes.md).
#include <string>

namespace paa::app {

// "paa (paa-harvester) 0.1.0, commit 0123456789ab, analysis 2"
std::string paa_version_text();

}  // namespace paa::app
