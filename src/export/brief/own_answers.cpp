#include "paa/export/brief/own_answers.hpp"

#include "paa/model/ascii.hpp"
#include "paa/model/csv_records.hpp"
#include "paa/model/utf8.hpp"
#include "paa/text/fold.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <unordered_map>
#include <utility>

namespace paa::exporting {

namespace {

std::string at(const std::string& file, std::uint64_t line) { return file + ":" + std::to_string(line); }

// A code fence's marker (``` or ~~~, three or more) at the start of `line`; "" when none.
std::string_view fence_marker(std::string_view line) {
  const std::string_view t = trim_ascii(line);
  if (t.empty() || (t[0] != '`' && t[0] != '~')) return {};
  std::size_t n = 0;
  while (n < t.size() && t[n] == t[0]) ++n;
  return n >= 3 ? t.substr(0, n) : std::string_view();
}

// The level of an ATX heading ("# x": 1, "## x": 2, ...), 0 when none.
int heading_level(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && i < 3 && line[i] == ' ') ++i;
  std::size_t n = 0;
  while (i + n < line.size() && line[i + n] == '#') ++n;
  if (n == 0 || n > 6) return 0;
  return i + n == line.size() || line[i + n] == ' ' || line[i + n] == '\t' ? static_cast<int>(n) : 0;
}

// The text of a level-2 ATX heading ("## How long?", "  ## How long? ##"), or nullopt.
std::optional<std::string_view> heading_text(std::string_view line) {
  if (heading_level(line) != 2) return std::nullopt;
  std::string_view text = trim_ascii(trim_ascii(line).substr(2));
  // A closing sequence of #s, after a space, is not part of the heading.
  const std::size_t hashes = text.find_last_not_of('#');
  if (hashes == std::string_view::npos) return std::string_view();
  if (hashes + 1 < text.size() && (text[hashes] == ' ' || text[hashes] == '\t')) text = trim_ascii(text.substr(0, hashes));
  return text;
}

// Lines [first, last) joined, without the blank lines around them.
std::string joined(const std::vector<std::string_view>& lines, std::size_t first, std::size_t last) {
  while (first < last && trim_ascii(lines[first]).empty()) ++first;
  while (last > first && trim_ascii(lines[last - 1]).empty()) --last;
  std::string text;
  for (std::size_t i = first; i < last; ++i) {
    if (i > first) text += '\n';
    std::string_view l = lines[i];
    while (!l.empty() && (l.back() == ' ' || l.back() == '\t')) l.remove_suffix(1);
    text += l;
  }
  return text;
}

Result<void> check_utf8(std::string_view text, const std::string& file) {
  if (const auto bad = first_invalid_utf8(text)) {
    const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(*bad), '\n');
    return make_error(errc::invalid_input, at(file, static_cast<std::uint64_t>(line)) +
                                               ": not UTF-8 text; save the file as UTF-8");
  }
  return {};
}

// No two answers to one text.
Result<void> check_repeats(const OwnAnswers& answers) {
  std::unordered_map<std::string, const OwnAnswer*> seen;
  for (const OwnAnswer& a : answers.list) {
    auto [it, added] = seen.emplace(text::fold_for_matching(a.question), &a);
    if (!added) {
      return make_error(errc::invalid_input, at(answers.file, a.line) + ": '" + a.question +
                                                 "' is answered twice (also at line " +
                                                 std::to_string(it->second->line) + "); keep one answer");
    }
  }
  return {};
}

}  // namespace

Result<OwnAnswers> parse_answers_markdown(std::string_view text, std::string file) {
  if (auto ok = check_utf8(text, file); !ok) return ok.error();
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  std::vector<std::string_view> lines;
  for (std::size_t from = 0; from <= text.size();) {
    std::size_t end = text.find('\n', from);
    if (end == std::string_view::npos) end = text.size();
    std::string_view l = text.substr(from, end - from);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    lines.push_back(l);
    from = end + 1;
  }
  OwnAnswers answers{std::move(file), {}};
  std::vector<std::size_t> heads, ends;  // each answer's heading, and the line that ends it
  std::string_view open_fence;           // inside a code fence: its marker
  std::size_t fence_line = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view marker = fence_marker(lines[i]);
    if (!open_fence.empty()) {
      // Closed by the same character, at least as many, and nothing after them.
      if (!marker.empty() && marker[0] == open_fence[0] && marker.size() >= open_fence.size() &&
          trim_ascii(lines[i]).size() == marker.size()) {
        open_fence = {};
      }
      continue;
    }
    if (!marker.empty()) {
      open_fence = marker;
      fence_line = i + 1;
      continue;
    }
    // A heading of level 1 or 2 ends the answer before it; text under a level-1 heading is no
    // answer's (a title, notes), as is text before the first question.
    const int level = heading_level(lines[i]);
    if (level == 1 || level == 2) {
      if (ends.size() < heads.size()) ends.push_back(i);
    }
    const auto question = heading_text(lines[i]);
    if (!question) continue;
    if (question->empty()) {
      return make_error(errc::invalid_input, at(answers.file, i + 1) +
                                                 ": a '##' heading without a question; write the question after '## '");
    }
    heads.push_back(i);
    answers.list.push_back({std::string(*question), {}, i + 1});
  }
  if (!open_fence.empty()) {
    return make_error(errc::invalid_input, at(answers.file, fence_line) + ": the code fence opened here (" +
                                               std::string(open_fence) + ") is never closed; close it with a line of " +
                                               std::string(open_fence));
  }
  if (ends.size() < heads.size()) ends.push_back(lines.size());
  if (answers.list.empty()) {
    return make_error(errc::invalid_input, answers.file +
                                               ": no '## question' heading; write each question as a level-2 heading "
                                               "('## How long does an espresso machine last?') with its answer under it");
  }
  for (std::size_t n = 0; n < heads.size(); ++n) {
    answers.list[n].answer = joined(lines, heads[n] + 1, ends[n]);
    if (answers.list[n].answer.empty()) {
      return make_error(errc::invalid_input, at(answers.file, answers.list[n].line) + ": '" +
                                                 answers.list[n].question +
                                                 "' has no answer under it; write the answer, or remove the heading");
    }
  }
  if (auto ok = check_repeats(answers); !ok) return ok.error();
  return answers;
}

Result<OwnAnswers> parse_answers_csv(std::string_view text, std::string file) {
  if (auto ok = check_utf8(text, file); !ok) return ok.error();
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  std::stringbuf buf{std::string(text)};
  CsvRecordReader reader(buf, file, ',');
  OwnAnswers answers{std::move(file), {}};
  std::vector<std::string> fields;
  std::uint64_t line = 0;
  bool first = true;  // the first row that is not blank may be the header
  for (;;) {
    auto more = reader.next(fields, line);
    if (!more) return more.error();
    if (!*more) break;
    if (fields.size() == 1 && trim_ascii(fields[0]).empty()) continue;  // a blank line
    for (auto& f : fields) std::erase(f, '\r');  // a quoted field's CRLF line breaks: LF, as in Markdown
    const bool header_row = std::exchange(first, false);
    if (header_row && fields.size() == 2 && lower_ascii(trim_ascii(fields[0])) == "question" &&
        lower_ascii(trim_ascii(fields[1])) == "answer") {
      continue;  // the header
    }
    if (fields.size() != 2) {
      return make_error(errc::invalid_input, at(answers.file, line) + ": " + std::to_string(fields.size()) +
                                                 (fields.size() == 1 ? " field" : " fields") +
                                                 "; a row is question,answer (quote an answer that holds a comma: "
                                                 "\"Yes, it does.\")");
    }
    const std::string_view question = trim_ascii(fields[0]);
    const std::string_view answer = trim_ascii(fields[1]);
    if (question.empty() || answer.empty()) {
      return make_error(errc::invalid_input, at(answers.file, line) +
                                                 (question.empty() ? ": the question is empty" : ": the answer is empty") +
                                                 "; a row is question,answer, both written");
    }
    answers.list.push_back({std::string(question), std::string(answer), line});
  }
  if (answers.list.empty()) {
    return make_error(errc::invalid_input, answers.file + ": no question,answer row; write one row per answer");
  }
  if (auto ok = check_repeats(answers); !ok) return ok.error();
  return answers;
}

Result<OwnAnswers> read_answers_file(const std::filesystem::path& file) {
  const std::string ext = lower_ascii(file.extension().string());
  const bool csv = ext == ".csv";
  if (!csv && ext != ".md" && ext != ".markdown" && ext != ".txt") {
    return make_error(errc::invalid_input, "--answers " + file.string() +
                                               ": name a Markdown file (.md: a '## question' heading per answer) or a "
                                               "CSV file (.csv: question,answer rows)");
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) return make_error(errc::io, "cannot read --answers " + file.string() + ": " + std::strerror(errno));
  std::string text;
  text.resize(kMaxAnswersFileBytes + 1);
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) return make_error(errc::io, "cannot read --answers " + file.string());
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > kMaxAnswersFileBytes) {
    return make_error(errc::invalid_input, "--answers " + file.string() + " is larger than " +
                                               std::to_string(kMaxAnswersFileBytes >> 20) +
                                               " MiB; a brief's answers fit in far less");
  }
  return csv ? parse_answers_csv(text, file.string()) : parse_answers_markdown(text, file.string());
}

Result<AnswerFit> attach_own_answers(Brief& brief, const OwnAnswers& answers, std::string_view hl,
                                     question::QuestionProfiler& profiler) {
  // Each answer by its text and by its variant group; two answers to one group are an error.
  std::unordered_map<std::string, std::size_t> by_text;
  std::unordered_map<std::uint64_t, std::size_t> by_group;
  for (std::size_t i = 0; i < answers.list.size(); ++i) {
    const OwnAnswer& a = answers.list[i];
    by_text.emplace(text::fold_for_matching(a.question), i);
    const std::uint64_t group = profiler.profile(a.question, hl).group;
    auto [it, added] = by_group.emplace(group, i);
    if (!added) {
      const OwnAnswer& other = answers.list[it->second];
      return make_error(errc::invalid_input, at(answers.file, a.line) + ": '" + a.question + "' and '" +
                                                 other.question + "' (line " + std::to_string(other.line) +
                                                 ") are spellings of one question; keep one answer");
    }
  }
  std::vector<bool> used(answers.list.size(), false);
  AnswerFit fit;
  for (BriefEntry& e : brief.entries) {
    std::optional<std::size_t> found;
    // The entry's own text, its variants' and its group's spelling, then its group.
    std::vector<std::string_view> spellings{e.question, e.group_spelling};
    for (const auto& v : e.variants) spellings.push_back(v);
    for (std::string_view s : spellings) {
      if (s.empty()) continue;
      if (auto t = by_text.find(text::fold_for_matching(s)); t != by_text.end()) {
        found = t->second;
        break;
      }
    }
    if (!found) {
      if (auto g = by_group.find(e.group); g != by_group.end()) found = g->second;
    }
    if (!found) continue;
    e.own_answer = answers.list[*found].answer;
    e.own_question = answers.list[*found].question;
    used[*found] = true;
    ++fit.answered;
  }
  for (std::size_t i = 0; i < answers.list.size(); ++i) {
    if (!used[i]) fit.unused.push_back(&answers.list[i]);
  }
  brief.own_answers = true;
  return fit;
}

}  // namespace paa::exporting
