// The brief for a writer, in Markdown (docs/brief.md "md"). The document's structure is ours;
// every third-party text is one escaped inline run (markdown_text.hpp), so none of it can add a
// heading, a list item, a table cell, a link or markup.
#include "paa/export/brief/brief.hpp"
#include "paa/export/brief/markdown_text.hpp"
#include "paa/output/text.hpp"
#include "paa/question/question_type.hpp"

#include <cstddef>

namespace paa::exporting {

namespace {

void append_header(const Brief& brief, BufferedOutput& out) {
  if (brief.kind == BriefKind::topic) {
    out.append("# Topic: ");
    append_markdown_text(out, brief.title);
    out.append("\n\nPeople Also Ask brief of topic ");
    append_markdown_text(out, brief.topic_id);
    out.append(" (");
    append_markdown_text(out, brief.locale);
    out.append("): ");
    append_decimal(out, brief.entries.size());
    out.append(brief.entries.size() == 1 ? " question, " : " questions, ");
    append_decimal(out, brief_answered(brief));
    out.append(" with an answer, in ");
    append_decimal(out, brief.trees);
    out.append(" stored trees. Representative question: ");
    append_markdown_text(out, brief.representative);
    out.append("\n\n");
    return;
  }
  out.append("# ");
  append_markdown_text(out, brief.title);
  out.append("\n\nPeople Also Ask brief (");
  append_markdown_text(out, brief.locale);
  out.append("): ");
  append_decimal(out, brief.entries.size());
  out.append(brief.entries.size() == 1 ? " question, " : " questions, ");
  append_decimal(out, brief_answered(brief));
  out.append(" with an answer");
  if (brief.fetched_at_ms > 0) {
    out.append("; fetched ");
    out.append(format_rfc3339_ms(brief.fetched_at_ms));
  }
  out.append("; stability over ");
  append_decimal(out, brief.versions);
  out.append(brief.versions == 1 ? " stored version.\n\n" : " stored versions.\n\n");
}

void append_source(const BriefEntry& e, BufferedOutput& out) {
  out.append("- Source: ");
  if (e.url.empty()) {
    out.append("none stored\n");
    return;
  }
  if (is_web_url(e.url)) {
    out.put('[');
    append_markdown_text(out, e.title.empty() ? e.domain : e.title);
    out.append("](");
    append_markdown_destination(out, e.url);
    out.put(')');
  } else {
    append_markdown_text(out, e.url);
    out.append(" (not a web address: not linked)");
  }
  if (!e.domain.empty()) {
    out.append(" · ");
    append_markdown_text(out, e.domain);
  }
  out.put('\n');
}

}  // namespace

void write_brief_markdown(const Brief& brief, BufferedOutput& out) {
  append_header(brief, out);
  out.append("## Questions, most important first\n\n");
  if (brief.entries.empty()) out.append("None stored.\n\n");
  std::size_t n = 0;
  for (const BriefEntry& e : brief.entries) {
    out.append("### ");
    append_decimal(out, ++n);
    out.append(". ");
    append_markdown_text(out, e.question);
    out.append("\n\n- Type: ");
    append_markdown_text(out, question::name(e.type));
    out.append(" · stability: ");
    out.append(e.status ? watch::stability_status_name(*e.status) : std::string_view("-"));
    out.append(" · in ");
    append_decimal(out, e.group_count);
    out.append(e.group_count == 1 ? " stored tree" : " stored trees");
    out.append(" · depth ");
    append_decimal(out, e.depth);
    out.append(", position ");
    append_decimal(out, e.position);
    out.put('\n');
    if (!e.variants.empty()) {
      out.append("- Also asked as:\n");
      for (const auto& v : e.variants) {
        out.append("  - ");
        append_markdown_text(out, v, true);
        out.put('\n');
      }
    }
    out.append("- Answer: ");
    if (brief_entry_has_answer(e)) {
      append_markdown_text(out, e.answer);
    } else {
      out.append("none stored");
    }
    out.put('\n');
    append_source(e, out);
    out.put('\n');
  }
  out.append(brief.kind == BriefKind::topic ? "## Related searches of the topic's trees\n\n" : "## Related searches\n\n");
  if (brief.related.empty()) out.append("None stored.\n");
  for (const auto& r : brief.related) {
    out.append("- ");
    append_markdown_text(out, r, true);
    out.put('\n');
  }
  out.append("\n## Who holds the answers\n\n");
  if (brief.domains.empty()) {
    out.append("No answers.\n");
    return;
  }
  out.append("| Domain | Answers |\n| --- | ---: |\n");
  for (const auto& d : brief.domains) {
    out.append("| ");
    append_markdown_text(out, d.domain);
    out.append(" | ");
    append_decimal(out, d.answers);
    out.append(" |\n");
  }
}

}  // namespace paa::exporting
