#pragma once
// The report's data as JSON, shared by both forms (html_report.hpp documents the layout): the
// single file wraps each part in a <script type="application/json"> element, the folder writes
// it into a data file. Strings go through append_script_json_string, safe in either place.
#include "paa/export/html/html_report.hpp"
#include "paa/export/html/report_history.hpp"
#include "paa/export/branding.hpp"
#include "paa/export/lineage_lookup.hpp"
#include "paa/model/envelope.hpp"
#include "paa/output/buffered_output.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace paa::exporting {

// The tree as nested arrays, node = [question, answer, url, title] or with its children as a 5th.
void append_report_tree(BufferedOutput& out, const std::vector<Question>& roots);
// A result's related searches and tree: [related...],tree (both forms' tree record ends so).
void append_report_related_tree(BufferedOutput& out, const SearchResult& result);
// A fraction (churn, share) with up to 4 decimals, or null.
void append_optional_fraction(BufferedOutput& out, const std::optional<double>& value);
// q, hl, gl, city as four strings, each followed by a comma.
void append_key(BufferedOutput& out, const ReportKey& key);
// level,parent,seed: the level, then the parent's and the seed's [q, hl, gl, city] (null at level 0).
void append_lineage(BufferedOutput& out, const ExportLineage& lineage);
// The page (assets' body.html or folder.html) with --title and --logo (branding.hpp) in its
// <title> and header: the title escaped, the logo an <img> of its data: URL; the page as it is
// when neither is given.
std::string branded_page(std::string_view page, const Branding& branding);
// [versions, mean_churn|null, last_change_ms|null]
void append_key_history(BufferedOutput& out, const watch::KeyStability& history);
// The Topics, Changes and Domains views' objects.
// `volumes`: some seed of the selection has a volume (FormatOptions::volumes): a Volume column;
// `trend`: what the topics did since the analysis before.
void append_topics_json(BufferedOutput& out, const std::vector<ReportTopic>& listed, std::uint64_t total,
                        bool volumes, const ReportQuestionMix& mix, const ReportTopicTrend& trend);
void append_changes_json(BufferedOutput& out, const ReportChanges& c);
void append_domains_json(BufferedOutput& out, const ReportDomains& d);
// The Compare view's markets over the whole selection (records.schema's MARKET_*).
void append_markets_json(BufferedOutput& out, const ReportMarkets& m);

}  // namespace paa::exporting
