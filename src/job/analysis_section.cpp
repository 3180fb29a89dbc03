// [analysis]: whether a run ends by computing the store's kept analysis (docs/store.md "The
// kept analysis").
#include "job_sections.hpp"
#include "toml_values.hpp"

namespace paa::job_toml {
namespace {

constexpr std::string_view kAnalysisKeys[] = {"after_run"};

}  // namespace

void read_analysis(Diagnostics& where, const toml::node& node, std::optional<bool>& after_run) {
  const toml::table* table = open_section(where, node, "analysis", kAnalysisKeys);
  if (table == nullptr) return;
  if (const toml::node* n = table->get("after_run")) {
    if (const auto* b = n->as_boolean()) {
      after_run = b->get();
    } else {
      where.type_error(*n, "analysis.after_run", "true or false");
    }
  }
}

}  // namespace paa::job_toml
