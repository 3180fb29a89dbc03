#pragma once
// The user's own answers for a brief's FAQPage (`paa brief --answers FILE`, docs/brief.md "Your
// answers"): a Markdown file with one `## question` heading per answer, or a CSV file of
// `question,answer` rows. Matched to the brief's questions by variant group, so any spelling of a
// question finds its answer. Pure: the file's text in, the answers or the first error (file, line,
// what is wrong, what to do) out.
#include "paa/error.hpp"
#include "paa/export/brief/brief.hpp"
#include "paa/question/question_profile.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace paa::exporting {

struct OwnAnswer {
  std::string question;  // as the user wrote it
  std::string answer;    // its text, trimmed of blank lines around it
  std::uint64_t line = 0;  // where its question is
};

struct OwnAnswers {
  std::string file;  // as messages name it
  std::vector<OwnAnswer> list;
};

// `## question` headings (ATX, level 2, outside code fences), each answered by the lines under it
// up to the next one; what comes before the first is ignored (a title, notes).
Result<OwnAnswers> parse_answers_markdown(std::string_view text, std::string file);
// `question,answer` rows (RFC 4180: quote an answer holding commas or line breaks); a first row
// `question,answer` is a header.
Result<OwnAnswers> parse_answers_csv(std::string_view text, std::string file);
// By extension: .md, .markdown or .txt is Markdown, .csv is CSV; at most kMaxAnswersFileBytes.
Result<OwnAnswers> read_answers_file(const std::filesystem::path& file);
inline constexpr std::size_t kMaxAnswersFileBytes = 16u << 20;

// What attaching found: the brief's questions that got an answer, and the answers that found no
// question (a typo, or a question this brief does not hold), by line.
struct AnswerFit {
  std::size_t answered = 0;
  std::vector<const OwnAnswer*> unused;
};

// Gives each entry of `brief` (of language `hl`) the answer to its question: the same text
// (case-folded) or another spelling of its variant group. invalid_input when two answers are
// spellings of one question (both lines named). Sets brief.own_answers.
Result<AnswerFit> attach_own_answers(Brief& brief, const OwnAnswers& answers, std::string_view hl,
                                     question::QuestionProfiler& profiler);

}  // namespace paa::exporting
