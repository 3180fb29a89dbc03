#pragma once
// `paa topics`: the selection's topics as a person reads them in a terminal (docs/topics.md):
// how many, the largest with their labels and top questions, the question types' shares, the
// biggest hubs. Fed the selected trees like the `topics` export.
#include "paa/export/format_writer.hpp"
#include "paa/output/buffered_output.hpp"

#include <cstddef>
#include <memory>

namespace paa::exporting {

struct TopicsSummaryOptions {
  std::size_t topics = 15;  // topics listed
  std::size_t hubs = 10;    // hubs listed
  std::size_t trend_rows = 5;  // of each change since the previous analysis (grew, new, gone, ...)
};

std::unique_ptr<FormatWriter> make_topics_summary_writer(const FormatOptions& options, BufferedOutput& out,
                                                         const TopicsSummaryOptions& summary = {});

}  // namespace paa::exporting
