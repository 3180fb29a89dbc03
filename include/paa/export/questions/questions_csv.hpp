#pragma once
// `questions`: the selection's unique questions, one CSV row each, most frequent first (ties in
// case-folded text order), computed from the selected trees by the analysis pass in bounded
// memory (paa/analysis/unique_questions.hpp; docs/exports.md "Memory and speed").
#include "paa/export/format_writer.hpp"
#include "paa/output/buffered_output.hpp"

#include <memory>
#include <string_view>

namespace paa::exporting {

inline constexpr std::string_view kQuestionsHeader =
    "question,answer,url,title,count,first_q,first_hl,first_gl,first_city";
// After `volume,group_volume` (when some seed has a volume): the question's type, intent and variant group
// (docs/topics.md), its hubs' figures.
inline constexpr std::string_view kQuestionsTopicColumns = "type,intent,variant_of,group_count,seeds,locales,topic,topic_label";

// Feeds each tree to the pass (with its seed's volume when options.volumes) and writes the rows
// on finish().
std::unique_ptr<FormatWriter> make_questions_writer(const FormatOptions& options, BufferedOutput& out);

}  // namespace paa::exporting
