#pragma once
// Third-party text inside Markdown (CommonMark and GitHub's flavour) that must stay text: one
// inline run that no text can turn into a heading, a list, a quote, a table cell break, a link,
// an image, raw HTML, emphasis, code, math or an entity. Used by `paa brief --format md`.
#include "paa/export/web_url.hpp"  // is_web_url: the only urls the brief links to
#include "paa/output/buffered_output.hpp"

#include <string_view>

namespace paa::exporting {

// `text` as one line of Markdown text: every run of white space or line breaks (CR, LF, tab,
// U+0085, U+2028, U+2029, other C0 controls) collapsed to one space and the ends trimmed; a
// backslash before \ ` * _ [ ] < > | # ~ $ and before & when it could start an entity
// (&name; &#1;). `starts_block`: the text opens a paragraph or a list item's content, where a
// leading "-", "+", "=" or "1." / "1)" would be a list or a heading underline: escaped too.
void append_markdown_text(BufferedOutput& out, std::string_view text, bool starts_block = false);

// A link destination in angle brackets, "<...>": spaces, controls, "<", ">" and "\" are
// percent-encoded so the url can neither end the link nor break the line. Give it http(s)
// urls only (is_web_url).
void append_markdown_destination(BufferedOutput& out, std::string_view url);


}  // namespace paa::exporting
