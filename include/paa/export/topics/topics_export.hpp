#pragma once
// `topics` and `topics-jsonl` (docs/topics.md "Topics"): one row per topic of the selection,
// most demand first when some seed has a volume (a `volume` column after `trees`), then most
// trees; the JSON Lines form nests each topic's variant groups (in the same order, by the
// group's volume and trees) and their variants (the representative, then the most frequent).
// Fed the selected trees like `questions`, from the same analysis pass.
#include "paa/export/format_writer.hpp"
#include "paa/output/buffered_output.hpp"

#include <memory>
#include <string_view>

namespace paa::exporting {

inline constexpr std::string_view kTopicsHeader =
    "topic,label,hl,questions,groups,trees,representative,top_questions";
// The header with the selection's seeds' volumes: `volume` after `trees`.
inline constexpr std::string_view kTopicsVolumeHeader =
    "topic,label,hl,questions,groups,trees,volume,representative,top_questions";

std::unique_ptr<FormatWriter> make_topics_writer(const FormatOptions& options, BufferedOutput& out);

// `topic-changes` (docs/topics.md "A topic's identity"): one row per topic of the kept analysis
// and per topic of the analysis before it that no topic kept: what it did in between. Read from
// the kept analysis only (a selection it is kept for).
inline constexpr std::string_view kTopicChangesHeader =
    "change,topic,label,from_topic,into_topic,trees_before,trees,questions_before,questions,groups_before,groups,"
    "volume_before,volume";
std::unique_ptr<FormatWriter> make_topic_changes_writer(const FormatOptions& options, BufferedOutput& out);

}  // namespace paa::exporting
