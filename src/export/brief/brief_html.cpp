// The brief as one self-contained page (docs/brief.md "html"): styles inline, no script at all,
// and a Content-Security-Policy that allows no request and no script, as the report's does. Every
// third-party text is HTML-escaped character data or attribute value (append_xml_escaped); links
// go only to http(s) sources. The page carries the brief's FAQPage JSON-LD, a data block that
// no browser runs (its "<" are \u003c: no text can close the element).
#include "brief_wording.hpp"
#include "paa/export/brief/brief.hpp"
#include "paa/export/brief/markdown_text.hpp"
#include "paa/output/text.hpp"

#include <cstddef>
#include <string_view>

namespace paa::exporting {

namespace {

// The report's palette and type (src/export/html/report/report.css), for a page read top to bottom.
constexpr std::string_view kCss = R"(:root { --bg: #fff; --fg: #1d2330; --muted: #5d6677; --line: #d5dae3; --accent: #1f5fbf; --soft: #eef3fb; --warn: #a35a00; }
* { box-sizing: border-box; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; color: var(--fg); background: var(--bg); margin: 0 auto; max-width: 920px; padding: 16px 20px 40px; }
header { border-bottom: 1px solid var(--line); margin-bottom: 12px; }
h1 { font-size: 24px; margin: 8px 0 4px; }
h2 { font-size: 18px; margin: 24px 0 8px; }
h3 { font-size: 16px; margin: 0 0 4px; }
.meta, .facts, .source, footer { color: var(--muted); }
.meta { margin: 0 0 10px; }
ol.entries { padding-left: 28px; }
ol.entries > li { margin: 0 0 14px; padding: 10px 12px; border: 1px solid var(--line); border-radius: 6px; }
.facts { font-size: 13px; margin: 0 0 6px; display: flex; flex-wrap: wrap; gap: 4px 12px; }
.tag { background: var(--soft); border-radius: 3px; padding: 0 6px; color: var(--fg); }
.status-stable { color: #1b6b2f; } .status-intermittent, .status-gone { color: var(--warn); } .status-new { color: var(--accent); }
.variants { font-size: 13px; margin: 0 0 6px; }
.variants ul { margin: 2px 0 0; padding-left: 18px; }
.answer { white-space: pre-wrap; overflow-wrap: anywhere; margin: 6px 0; padding: 6px 10px; border-left: 3px solid var(--line); }
.answer.none { color: var(--muted); font-style: italic; }
.own { white-space: pre-wrap; overflow-wrap: anywhere; margin: 6px 0; padding: 6px 10px; border-left: 3px solid #1d7a35; }
.note { font-size: 12px; color: var(--muted); margin: 6px 0 0; }
.brand { font-weight: 600; margin: 0 0 6px; }
.brand img.logo { height: 28px; max-width: 160px; object-fit: contain; vertical-align: middle; margin-right: 8px; }
.source { font-size: 13px; margin: 0; overflow-wrap: anywhere; }
a { color: var(--accent); }
table { border-collapse: collapse; }
th, td { text-align: left; padding: 4px 12px 4px 0; border-bottom: 1px solid #eef0f3; overflow-wrap: anywhere; }
td.num, th.num { text-align: right; }
ul.related { padding-left: 20px; }
footer { margin-top: 28px; font-size: 12px; border-top: 1px solid var(--line); padding-top: 8px; }
)";

void text(BufferedOutput& out, std::string_view s) { append_xml_escaped(out, s); }

class HtmlMarkup final : public BriefMarkup {
 public:
  void text(BufferedOutput& out, std::string_view s) const override { append_xml_escaped(out, s); }
  void code(BufferedOutput& out, std::string_view s) const override { wrap(out, "<code>", s, "</code>"); }
  void time(BufferedOutput& out, std::string_view s) const override { wrap(out, "<time>", s, "</time>"); }
  void fact_open(BufferedOutput& out, BriefFact fact, const BriefEntry& e) const override {
    switch (fact) {
      case BriefFact::type: out.append("<span class=\"tag type\">"); return;
      case BriefFact::stability:
        out.append("<span class=\"status");
        if (e.status) {
          out.append(" status-");
          out.append(watch::stability_status_name(*e.status));
        }
        out.append("\">");
        return;
      case BriefFact::trees: out.append("<span class=\"trees\">"); return;
      case BriefFact::place: out.append("<span class=\"place\">"); return;
    }
  }
  void fact_close(BufferedOutput& out, BriefFact) const override { out.append("</span>"); }

 private:
  void wrap(BufferedOutput& out, std::string_view open, std::string_view s, std::string_view close) const {
    out.append(open);
    text(out, s);
    out.append(close);
  }
};

void append_meta(const Brief& brief, const BriefMarkup& markup, BufferedOutput& out) {
  out.append("<p class=\"meta\">");
  append_brief_summary(brief, markup, out);
  // Markdown leaves the topic's sentence to end with the question's own mark; the page closes it.
  out.append(brief.kind == BriefKind::topic ? ".</p>\n" : "</p>\n");
}

void append_entry(const BriefEntry& e, const BriefMarkup& markup, BufferedOutput& out) {
  out.append("<li class=\"entry\">\n<h3>");
  text(out, e.question);
  out.append("</h3>\n<p class=\"facts\">");
  append_brief_facts(e, markup, out);
  out.append("</p>\n");
  if (!e.variants.empty()) {
    out.append("<div class=\"variants\">Also asked as:<ul>");
    for (const auto& v : e.variants) {
      out.append("<li>");
      text(out, v);
      out.append("</li>");
    }
    out.append("</ul></div>\n");
  }
  if (!e.own_answer.empty()) {
    out.append("<p class=\"note\">Your answer</p><div class=\"own\">");
    text(out, e.own_answer);
    out.append("</div>\n");
  }
  // The service's snippet is another site's text: a note for the writer, never the page's answer.
  if (brief_entry_has_answer(e)) {
    out.append("<p class=\"note\">Search snippet (a research note, not your answer)</p><div class=\"answer\">");
    text(out, e.answer);
    out.append("</div>\n");
  } else {
    out.append("<div class=\"answer none\">No search snippet stored.</div>\n");
  }
  out.append("<p class=\"source\">Source: ");
  if (e.url.empty()) {
    out.append("none stored");
  } else if (is_web_url(e.url)) {
    out.append("<a href=\"");
    text(out, e.url);
    out.append("\" rel=\"nofollow noopener noreferrer\">");
    text(out, e.title.empty() ? e.url : e.title);
    out.append("</a>");
  } else {
    out.append("<span class=\"unlinked\">");
    text(out, e.url);
    out.append("</span> (not a web address: not linked)");
  }
  if (!e.url.empty() && !e.domain.empty()) {
    out.append(" · <span class=\"domain\">");
    text(out, e.domain);
    out.append("</span>");
  }
  out.append("</p>\n</li>\n");
}

}  // namespace

void write_brief_html(const Brief& brief, BufferedOutput& out) {
  const HtmlMarkup markup;
  out.append("<!doctype html>\n<html lang=\"");
  text(out, brief.locale.substr(0, brief.locale.find_first_of("-_, ")));
  out.append(
      "\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
      "img-src data:; base-uri 'none'; form-action 'none'\">\n"
      "<meta name=\"referrer\" content=\"no-referrer\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"generator\" content=\"paa brief\">\n<title>");
  append_brief_title(brief, markup, out);
  out.append(" | People Also Ask brief</title>\n<style>\n");
  out.append(kCss);
  out.append("</style>\n<script type=\"application/ld+json\" id=\"faq-jsonld\">\n");
  write_brief_jsonld(brief, out);
  out.append("</script>\n</head>\n<body>\n<header>\n");
  // --title and --logo: whose brief it is, above its own title.
  if (!brief.branding.empty()) {
    out.append("<p class=\"brand\">");
    if (!brief.branding.logo.empty()) {
      out.append("<img class=\"logo\" alt=\"\" src=\"");
      out.append(brief.branding.logo_data_url());  // base64: nothing to escape
      out.append("\">");
    }
    text(out, brief.branding.title);
    out.append("</p>\n");
  }
  out.append("<h1>");
  append_brief_title(brief, markup, out);
  out.append("</h1>\n");
  append_meta(brief, markup, out);
  out.append("</header>\n<main>\n<section id=\"questions\">\n<h2>Questions, most important first</h2>\n");
  if (brief.entries.empty()) {
    out.append("<p>None stored.</p>\n");
  } else {
    out.append("<ol class=\"entries\">\n");
    for (const auto& e : brief.entries) append_entry(e, markup, out);
    out.append("</ol>\n");
  }
  out.append("</section>\n<section id=\"related\">\n<h2>");
  out.append(brief.kind == BriefKind::topic ? "Related searches of the topic's trees" : "Related searches");
  out.append("</h2>\n");
  if (brief.related.empty()) {
    out.append("<p>None stored.</p>\n");
  } else {
    out.append("<ul class=\"related\">\n");
    for (const auto& r : brief.related) {
      out.append("<li>");
      text(out, r);
      out.append("</li>\n");
    }
    out.append("</ul>\n");
  }
  out.append("</section>\n<section id=\"domains\">\n<h2>Who holds the answers</h2>\n");
  if (brief.domains.empty()) {
    out.append("<p>No answers.</p>\n");
  } else {
    out.append("<table>\n<thead><tr><th>Domain</th><th class=\"num\">Answers</th></tr></thead>\n<tbody>\n");
    for (const auto& d : brief.domains) {
      out.append("<tr><td>");
      text(out, d.domain);
      out.append("</td><td class=\"num\">");
      append_decimal(out, d.answers);
      out.append("</td></tr>\n");
    }
    out.append("</tbody>\n</table>\n");
  }
  out.append("</section>\n</main>\n<footer>Written by <code>paa brief</code>. Questions, answers, titles and related "
             "searches are third-party text, shown as text.</footer>\n</body>\n</html>\n");
}

}  // namespace paa::exporting
