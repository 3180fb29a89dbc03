// The brief for a writer, in Markdown (docs/brief.md "md"). The document's structure is ours;
// every third-party text is one escaped inline run (markdown_text.hpp), so none of it can add a
// heading, a list item, a table cell, a link or markup.
#include "brief_wording.hpp"
#include "paa/export/brief/brief.hpp"
#include "paa/export/brief/markdown_text.hpp"
#include "paa/output/text.hpp"

#include <cstddef>

namespace paa::exporting {

namespace {

class MarkdownMarkup final : public BriefMarkup {
 public:
  void text(BufferedOutput& out, std::string_view s) const override { append_markdown_text(out, s); }
  void code(BufferedOutput& out, std::string_view s) const override { append_markdown_text(out, s); }
  void time(BufferedOutput& out, std::string_view s) const override { out.append(s); }
  void fact_open(BufferedOutput& out, BriefFact fact, const BriefEntry&) const override {
    out.append(fact == BriefFact::type ? "- Type: " : " · ");
  }
  void fact_close(BufferedOutput&, BriefFact) const override {}
};

void append_header(const Brief& brief, const BriefMarkup& markup, BufferedOutput& out) {
  if (!brief.branding.title.empty()) {  // --title: whose brief it is (a logo has no place in Markdown)
    out.append("**");
    append_markdown_text(out, brief.branding.title);
    out.append("**\n\n");
  }
  out.append("# ");
  append_brief_title(brief, markup, out);
  out.append("\n\n");
  append_brief_summary(brief, markup, out);
  out.append("\n\n");
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
  const MarkdownMarkup markup;
  append_header(brief, markup, out);
  out.append("## Questions, most important first\n\n");
  if (brief.entries.empty()) out.append("None stored.\n\n");
  std::size_t n = 0;
  for (const BriefEntry& e : brief.entries) {
    out.append("### ");
    append_decimal(out, ++n);
    out.append(". ");
    append_markdown_text(out, e.question);
    out.append("\n\n");
    append_brief_facts(e, markup, out);
    out.put('\n');
    if (!e.variants.empty()) {
      out.append("- Also asked as:\n");
      for (const auto& v : e.variants) {
        out.append("  - ");
        append_markdown_text(out, v, true);
        out.put('\n');
      }
    }
    if (!e.own_answer.empty()) {
      out.append("- Your answer: ");
      append_markdown_text(out, e.own_answer);
      out.put('\n');
    }
    // The service's snippet is another site's text: a note for the writer, never the page's answer.
    out.append("- Search snippet (a research note, not your answer): ");
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
