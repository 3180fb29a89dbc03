#pragma once
// `paa brief` (docs/brief.md): for one query or one topic, the questions a page should answer,
// most important first, each with its stored answer and source, its type and stability, the
// related searches and the domains that hold the answers; written for a writer (Markdown), as a
// self-contained page (HTML) or as schema.org FAQPage JSON-LD. The value and its writers are
// pure: brief_gather.hpp reads a store into a Brief.
//
// Every text in a Brief is third-party text (questions, answers, titles, urls, related
// searches): each writer keeps it text in its format (markdown_text.hpp, HTML entities,
// append_script_json_string).
#include "paa/export/branding.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/question/question_type.hpp"
#include "paa/watch/question_stability.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace paa::exporting {

struct BriefEntry {
  std::string question;               // the group's representative spelling when the scope has it
  std::string group_spelling;         // the group's representative spelling in the whole store ("" = not known)
  std::string own_answer;             // the user's answer (--answers, own_answers.hpp); "" = none
  std::string own_question;           // the question as the user's answers file asks it
  std::vector<std::string> variants;  // the group's other spellings in the scope (order_brief_entries)
  std::string answer;                 // "" = none stored
  std::string url;                    // "" = no source
  std::string title;
  std::string domain;  // answer_domain(url).name(): a registrable domain or a bucket "(no source)"
  question::QuestionType type = question::QuestionType::other;
  std::optional<watch::StabilityStatus> status;  // nullopt: not known (shown "-")
  std::uint32_t depth = 1;     // 1 = top level
  std::uint32_t position = 1;  // 1-based among its siblings
  std::uint64_t group_count = 0;  // the stored trees that hold any spelling of its variant group
  std::uint64_t volume = 0;       // its variant group's demand (group_volume); 0 = no seed volume
  // For folding: the variant group (topics::QuestionGroup::group) and whether this spelling is
  // the group's representative across the store.
  std::uint64_t group = 0;
  bool representative = false;
};

struct BriefDomain {
  std::string domain;  // a registrable domain or a bucket's name ("(no source)", ...)
  std::uint64_t answers = 0;
  friend bool operator==(const BriefDomain&, const BriefDomain&) = default;
};

enum class BriefKind : std::uint8_t { query, topic };

struct Brief {
  BriefKind kind = BriefKind::query;
  std::string title;   // the query as first spelled, or the topic's label
  std::string locale;  // "en-us", "en-gb, London"; a topic: its language ("en")
  std::string hl;      // the language its questions are read in (a query's hl, a topic's)
  std::string topic_id;        // a topic: its id, 16 hex digits
  std::string representative;  // a topic: its representative question
  std::int64_t fetched_at_ms = 0;  // a query: its latest fetch (0 = not shown)
  std::uint32_t versions = 0;      // a query: the stored versions its stability is over
  std::uint64_t trees = 0;         // a topic: the stored trees that hold its questions
  std::uint64_t volume = 0;        // a topic: its demand (topics::Topic::volume); 0 = none
  std::vector<BriefEntry> entries;    // in order (order_brief_entries)
  std::vector<std::string> related;   // related searches, in the order shown
  std::vector<BriefDomain> domains;   // most answers first, the buckets last (rank_brief_domains)
  bool own_answers = false;           // --answers given: the FAQPage holds the entries' own_answer
  Branding branding;                  // --title, --logo: on the html brief; the title on md
};

// Folds the variants of each group under one entry and orders the entries. Within a group (same
// `group`), the head is the representative spelling if present, else the most prominent one
// (lowest depth, then position, then input order); the others become its `variants` (most
// prominent first); the folded entry keeps the head's texts, type and status and takes the
// group's most prominent depth and position. Entries: volume (most first: 0 when no seed has
// one), then group_count (most first), then depth, then position (lowest first), then input
// order (pass them in tree pre-order).
std::vector<BriefEntry> order_brief_entries(std::vector<BriefEntry> questions);

// Counted answers per domain as the brief lists them: most answers first, then by name, the
// buckets ("(ip address)", "(invalid url)", "(no source)") last.
std::vector<BriefDomain> rank_brief_domains(std::vector<BriefDomain> domains);

// The entries a FAQPage holds: those with an answer that is not blank.
bool brief_entry_has_answer(const BriefEntry& entry);
// The FAQPage's answer text when the user gave none (--answers): a marker, never a snippet.
inline constexpr std::string_view kAnswerToWrite = "TO BE WRITTEN: the answer your page shows to this question";
// The FAQPage's name of an entry's question: its group's representative spelling when known.
std::string_view brief_faq_name(const BriefEntry& entry);
// How many of the brief's entries have one (the "N answered" its writers and `paa brief` print).
std::size_t brief_answered(const Brief& brief);

enum class BriefFormat : std::uint8_t { markdown, html, jsonld };
std::optional<BriefFormat> parse_brief_format(std::string_view name);  // "md", "html", "jsonld"

// The three formats (docs/brief.md). Each writes the whole document to `out` (not flushed).
void write_brief_markdown(const Brief& brief, BufferedOutput& out);
void write_brief_html(const Brief& brief, BufferedOutput& out);
// A schema.org FAQPage: mainEntity holds a Question (name, acceptedAnswer.text) per entry with an
// answer, in the brief's order. Valid JSON, safe inside <script type="application/ld+json">.
void write_brief_jsonld(const Brief& brief, BufferedOutput& out);
void write_brief(const Brief& brief, BriefFormat format, BufferedOutput& out);

}  // namespace paa::exporting
