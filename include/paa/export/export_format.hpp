#pragma once
// The `paa export` formats by name, and the options the streamed formats share.
#include "paa/export/branding.hpp"
#include "paa/model/work_progress.hpp"
#include "paa/topics/topic_options.hpp"
#include "paa/watch/own_domains.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace paa::exporting {

// Each view's name, flags and entry points are its row in view_registry.cpp, which also defines
// the three functions below. topics_summary is `paa topics`'s text, not a --format of `paa export`.
enum class ExportFormat {
  jsonl, json, csv, questions, related, xlsx, html, edges, failures, failures_jsonl, topics, topics_jsonl, topics_summary,
  stability, domains, topic_changes, locales, locale_pairs
};

std::optional<ExportFormat> parse_export_format(std::string_view name);
std::string_view format_name(ExportFormat format);

struct FormatOptions {
  ExportFormat format = ExportFormat::jsonl;
  // jsonl/json/csv: drop a question whose fold_text was already seen in the same tree,
  // with its whole subtree (first occurrence in depth-first pre-order wins).
  bool dedupe = false;
  // CSV formats: UTF-8 BOM + CRLF line ends.
  bool excel = false;
  // CSV formats: text cells as they are (--raw); by default formula-like ones are guarded
  // (paa/output/text.hpp CsvText). The partitioned dataset is always raw.
  bool raw = false;
  std::size_t max_question_depth = 1000;
  // The selection's attribute names (AttributeCatalog::names; none: the store has none): jsonl
  // and json records carry "attrs" and "volume", csv rows an attr_ column for each.
  std::vector<std::string> attributes;
  // questions: some seed of the selection has a volume; rows get a `volume` column.
  bool volumes = false;
  // questions, topics, xlsx, html: the topic clustering, with --resolution (docs/topics.md).
  topics::TopicOptions topics;
  // --domain (questions, stability, domains, xlsx, html): your domains, parsed once by plan_export.
  watch::OwnDomains own_domains;
  // topics, topics-jsonl and `paa topics` with --since: each topic's questions new and gone since
  // then (docs/watch.md "Per topic"); the label names the point for the summary.
  bool since = false;
  std::string since_label;
  // --title and --logo (html, xlsx, paa brief): on the header, the About sheet (branding.hpp).
  Branding branding;
  // Where long work says how far it is (the scan, the analysis pass, the topics' stages, the
  // kept analysis's files); null: nowhere. Set by the command (app/read_progress.hpp).
  WorkProgress* progress = nullptr;
};

// Whether a format's records carry the lineage (jsonl, json, csv): the exporter looks it up
// only for these.
bool format_has_lineage(ExportFormat format);

}  // namespace paa::exporting
