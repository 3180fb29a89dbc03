#pragma once
// The `paa export --format xlsx` workbook, written with libxlsxwriter in its constant-memory
// mode: rows go to disk as they are written, so a million-row export does not hold the sheet.
//
// Sheets, in this order: "Questions tree" (the `csv` rows, lineage included, plus fetched_at,
// the question cell indented by depth), continuation sheets "Questions tree (2)", ... past
// Excel's 1,048,576 rows, "Unique questions" (the `questions` rows), "Topics" (the `topics`
// rows), "Topic changes" (the `topic-changes` rows: what the topics did since the analysis
// before; only its header when there was none), "Related" (the `related` rows plus their key's
// lineage), "Stability" (the `stability` rows over every version, plus their key's lineage) and
// "Domains" (the `domains` rows). Each has a bold frozen header row, an autofilter over its rows
// and fixed column widths; URLs are hyperlinks (Excel allows 65,530 per sheet; later ones are
// plain text), dates are dates.
//
// The lineage columns (docs/exports.md "Lineage"), on every row of a key's: `level`, `parent_q`
// and `seed_q`, the keys' q as the csv export writes them (lineage_cell_text: with the key's
// locale when it is not the row's).
#include "paa/analysis/unique_questions.hpp"
#include "paa/error.hpp"
#include "paa/export/branding.hpp"
#include "paa/export/rows/domain_rows.hpp"
#include "paa/export/lineage_lookup.hpp"
#include "paa/export/xlsx/xlsx_cells.hpp"
#include "paa/model/envelope.hpp"
#include "paa/store/store.hpp"
#include "paa/topics/question_groups.hpp"
#include "paa/topics/topic_map.hpp"
#include "paa/watch/own_domains.hpp"
#include "paa/watch/question_stability.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace paa::exporting {

// Sheet names and headers, exactly.
inline constexpr std::string_view kTreeSheet = "Questions tree";
inline constexpr std::string_view kQuestionsSheet = "Unique questions";
inline constexpr std::string_view kRelatedSheet = "Related";
inline constexpr std::string_view kTopicsSheet = "Topics";
inline constexpr std::string_view kTopicChangesSheet = "Topic changes";
inline constexpr std::string_view kStabilitySheet = "Stability";
inline constexpr std::string_view kDomainsSheet = "Domains";
// With --title or --logo: the first sheet, what the workbook is and what each sheet holds, so no
// other sheet's header row moves.
inline constexpr std::string_view kAboutSheet = "About";

struct XlsxOptions {
  // Questions tree: drop repeated questions inside each tree, like `csv --dedupe`.
  bool dedupe = false;
  // Rows per sheet, header included: Excel's limit; smaller in tests of the continuation.
  std::uint32_t rows_per_sheet = kExcelMaxRows;
  // Questions tree: the seeds' attributes after fetched_at, one column each (named like the
  // csv export's attr_ columns); set by export_store_xlsx from the store.
  std::vector<std::string> attributes;
  // --domain given: "Unique questions" and "Stability" get an `owner` column and "Domains" a `yours` column.
  bool own_domains = false;
  // Some seed has a search volume: "Unique questions" gets `volume` and `group_volume`, "Topics"
  // `volume` (as the csv exports); set by export_store_xlsx from the store.
  bool volumes = false;
  // --title and --logo: an About sheet first (a PNG logo on it; a workbook holds no SVG).
  Branding branding;
};

class XlsxWorkbook {
 public:
  // Starts a workbook that close() writes to `file` (libxlsxwriter opens it by name then).
  // Temporary files go to $TMPDIR (or /tmp).
  static Result<std::unique_ptr<XlsxWorkbook>> create(const std::filesystem::path& file,
                                                      const XlsxOptions& options);
  ~XlsxWorkbook();  // without close(): nothing is written
  XlsxWorkbook(const XlsxWorkbook&) = delete;
  XlsxWorkbook& operator=(const XlsxWorkbook&) = delete;

  // One stored result (`envelope` is its parsed body): its question rows on "Questions tree",
  // its related searches for "Related", each with the key's `lineage` (and the attributes it
  // carries, XlsxOptions::attributes). Call for every result before the first add_question().
  Result<void> add_result(const StoredResult& result, const Envelope& envelope, const ExportLineage& lineage);
  // One row of "Unique questions", in the order they should appear: the `questions` export's
  // columns, `owner` (who holds the answer the row shows) with --domain.
  Result<void> add_question(const analysis::UniqueQuestion& row, const topics::QuestionGroup& group,
                            const topics::Topic& topic, std::optional<watch::Owner> owner = std::nullopt);
  // One row of "Topics" (docs/topics.md), in the topics' order; after the last add_question().
  Result<void> add_topic(const topics::Topic& topic);
  // One row of "Topic changes" (the `topic-changes` export's: `label` is TopicMap::change_label),
  // in the trend's order; after the last add_topic().
  Result<void> add_topic_change(const topics::TopicChange& change, std::string_view label);
  // One row of "Stability" (the `stability` export's: a question of `key` over its versions, and
  // its owner with --domain), with the key's `lineage`; after the last add_topic_change(). The first
  // one writes "Related".
  Result<void> add_stability(const StoredResult& key, const watch::QuestionStability& question,
                             std::optional<watch::Owner> owner, const ExportLineage& lineage);
  // One row of "Domains" (the `domains` export's), in order; after the last add_stability().
  Result<void> add_domain(const DomainRowFigures& row);
  // Writes "Related" (unless written), the sheets not started, the autofilters, and the file. Call once.
  Result<void> close();

  std::uint64_t tree_rows() const;
  std::uint64_t question_rows() const;
  std::uint64_t related_rows() const;
  std::uint64_t topic_rows() const;
  std::uint64_t topic_change_rows() const;
  std::uint64_t stability_sheet_rows() const;
  std::uint64_t domain_sheet_rows() const;
  // What a person should know about the file (continuation sheets, plain-text URLs); one
  // sentence each, for stderr.
  std::vector<std::string> notes() const;

 private:
  struct Impl;
  Result<void> write_related();  // once, when the first sheet after it starts
  explicit XlsxWorkbook(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace paa::exporting
