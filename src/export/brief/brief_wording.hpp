#pragma once
// The brief's wording, written once for its two markups (Markdown and HTML): the summary
// sentence under the title and an entry's facts line. Each writer says how its markup wraps
// a third-party text, a code span, a time and a fact; the words and their order live here, so
// the two documents cannot drift apart.
#include "paa/export/brief/brief.hpp"
#include "paa/output/buffered_output.hpp"

#include <string_view>

namespace paa::exporting {

enum class BriefFact : unsigned char { type, stability, trees, place };

class BriefMarkup {
 public:
  virtual ~BriefMarkup() = default;
  // Third-party text, escaped so that it stays text.
  virtual void text(BufferedOutput& out, std::string_view s) const = 0;
  virtual void code(BufferedOutput& out, std::string_view s) const = 0;
  virtual void time(BufferedOutput& out, std::string_view rfc3339) const = 0;
  virtual void fact_open(BufferedOutput& out, BriefFact fact, const BriefEntry& e) const = 0;
  virtual void fact_close(BufferedOutput& out, BriefFact fact) const = 0;
};

// "People Also Ask brief (locale): N questions, M with an answer; fetched …; stability over V
// stored versions." or, for a topic, "… of topic ID (locale): …, in T stored trees.
// Representative question: R" (no full stop: the question ends with its own mark).
void append_brief_summary(const Brief& brief, const BriefMarkup& markup, BufferedOutput& out);

// The entry's type, stability, trees and place, each wrapped by the markup.
void append_brief_facts(const BriefEntry& e, const BriefMarkup& markup, BufferedOutput& out);

// "Topic: " before a topic brief's title.
void append_brief_title(const Brief& brief, const BriefMarkup& markup, BufferedOutput& out);

}  // namespace paa::exporting
