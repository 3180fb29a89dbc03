// The brief as schema.org FAQPage JSON-LD (docs/brief.md "jsonld"). Every string goes through
// append_script_json_string: valid JSON whose "<" (so "</script>"), ">", "&", U+2028 and U+2029
// are \u escapes, so it can be pasted inside <script type="application/ld+json"> as it is.
#include "paa/export/brief/brief.hpp"
#include "paa/output/text.hpp"

namespace paa::exporting {

void write_brief_jsonld(const Brief& brief, BufferedOutput& out) {
  out.append("{\n  \"@context\": \"https://schema.org\",\n  \"@type\": \"FAQPage\",\n  \"mainEntity\": [");
  bool first = true;
  for (const BriefEntry& e : brief.entries) {
    if (!brief_entry_has_answer(e)) continue;
    out.append(first ? "\n" : ",\n");
    first = false;
    out.append("    {\n      \"@type\": \"Question\",\n      \"name\": ");
    append_script_json_string(out, e.question);
    out.append(",\n      \"acceptedAnswer\": {\n        \"@type\": \"Answer\",\n        \"text\": ");
    append_script_json_string(out, e.answer);
    out.append("\n      }\n    }");
  }
  out.append(first ? "]\n}\n" : "\n  ]\n}\n");
}

}  // namespace paa::exporting
