#include "paa/app/version_text.hpp"

#include "paa/buildinfo/buildinfo.hpp"
#include "paa/question/analysis_version.hpp"

namespace paa::app {

std::string paa_version_text() {
  return buildinfo::version_text("paa") + ", analysis " + std::to_string(question::kAnalysisVersion);
}

}  // namespace paa::app
