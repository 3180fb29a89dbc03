#pragma once
// `paa diff`'s text renderer: the header, the summary table (the whole selection, then one row
// per locale), the most changed keys with their changes, and the keys at one side only, for
// people. docs/history.md shows an example.
#include "paa/history/diff_summary.hpp"
#include "paa/output/buffered_output.hpp"

namespace paa {

void append_diff_text(BufferedOutput& out, const DiffSummary& summary);

}  // namespace paa
