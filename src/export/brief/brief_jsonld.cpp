// The brief as schema.org FAQPage JSON-LD (docs/brief.md "jsonld"). Structured data must say what
// the page itself shows, so it never carries the service's snippets (another site's text): with
// the user's answers (--answers) it holds the questions they answered, as their file asks them;
// without, every question with an answer marked to be written (kAnswerToWrite), named by its
// variant group's representative spelling, the most natural one in the store. Every string goes through
// append_script_json_string: valid JSON whose "<" (so "</script>"), ">", "&", U+2028 and U+2029
// are \u escapes, so it can be pasted inside <script type="application/ld+json"> as it is.
#include "paa/export/brief/brief.hpp"
#include "paa/output/text.hpp"

namespace paa::exporting {

void write_brief_jsonld(const Brief& brief, BufferedOutput& out) {
  out.append("{\n  \"@context\": \"https://schema.org\",\n  \"@type\": \"FAQPage\",\n  \"mainEntity\": [");
  bool first = true;
  for (const BriefEntry& e : brief.entries) {
    if (brief.own_answers && e.own_answer.empty()) continue;  // unanswered: not on the page
    out.append(first ? "\n" : ",\n");
    first = false;
    out.append("    {\n      \"@type\": \"Question\",\n      \"name\": ");
    // The page shows the user's question with the user's answer: the markup names it so.
    append_script_json_string(out, brief.own_answers ? std::string_view(e.own_question) : brief_faq_name(e));
    out.append(",\n      \"acceptedAnswer\": {\n        \"@type\": \"Answer\",\n        \"text\": ");
    append_script_json_string(out, brief.own_answers ? std::string_view(e.own_answer) : kAnswerToWrite);
    out.append("\n      }\n    }");
  }
  out.append(first ? "]\n}\n" : "\n  ]\n}\n");
}

}  // namespace paa::exporting
