#include "brief_wording.hpp"

#include "paa/output/text.hpp"
#include "paa/question/question_type.hpp"

namespace paa::exporting {

void append_brief_summary(const Brief& brief, const BriefMarkup& markup, BufferedOutput& out) {
  const bool topic = brief.kind == BriefKind::topic;
  if (topic) {
    out.append("People Also Ask brief of topic ");
    markup.code(out, brief.topic_id);
    out.append(" (");
  } else {
    out.append("People Also Ask brief (");
  }
  markup.text(out, brief.locale);
  out.append("): ");
  append_decimal(out, brief.entries.size());
  out.append(brief.entries.size() == 1 ? " question, " : " questions, ");
  append_decimal(out, brief_answered(brief));
  out.append(" with a search snippet");
  if (topic) {
    out.append(", in ");
    append_decimal(out, brief.trees);
    out.append(" stored trees");
    if (brief.volume > 0) {
      out.append(", volume ");
      append_decimal(out, brief.volume);
    }
    out.append(". Representative question: ");
    markup.text(out, brief.representative);
    return;
  }
  if (brief.fetched_at_ms > 0) {
    out.append("; fetched ");
    markup.time(out, format_rfc3339_ms(brief.fetched_at_ms));
  }
  out.append("; stability over ");
  append_decimal(out, brief.versions);
  out.append(brief.versions == 1 ? " stored version." : " stored versions.");
}

void append_brief_facts(const BriefEntry& e, const BriefMarkup& markup, BufferedOutput& out) {
  markup.fact_open(out, BriefFact::type, e);
  markup.text(out, question::name(e.type));
  markup.fact_close(out, BriefFact::type);
  markup.fact_open(out, BriefFact::stability, e);
  out.append("stability: ");
  out.append(e.status ? watch::stability_status_name(*e.status) : std::string_view("-"));
  markup.fact_close(out, BriefFact::stability);
  markup.fact_open(out, BriefFact::trees, e);
  out.append("in ");
  append_decimal(out, e.group_count);
  out.append(e.group_count == 1 ? " stored tree" : " stored trees");
  if (e.volume > 0) {  // its group's demand, when its seeds have volumes
    out.append(", volume ");
    append_decimal(out, e.volume);
  }
  markup.fact_close(out, BriefFact::trees);
  markup.fact_open(out, BriefFact::place, e);
  out.append("depth ");
  append_decimal(out, e.depth);
  out.append(", position ");
  append_decimal(out, e.position);
  markup.fact_close(out, BriefFact::place);
}

void append_brief_title(const Brief& brief, const BriefMarkup& markup, BufferedOutput& out) {
  if (brief.kind == BriefKind::topic) out.append("Topic: ");
  markup.text(out, brief.title);
}

}  // namespace paa::exporting
