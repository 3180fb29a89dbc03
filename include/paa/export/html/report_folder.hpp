#pragma once
// `paa export --format html -o DIR/`: the report as a folder that opens at any size
// (docs/reports.md "The report folder"). The page loads a bounded first part (the summary) and
// everything else on demand, each part a script file that calls one registration function, so
// that it works from file:// (where Chromium refuses fetch), from any static host and from a zip
// extracted anywhere. No file or folder name is derived from store text: names are numbers, and
// a search shard's name is the hex of its prefix's UTF-8 bytes.
//
// Folder layout (format version kReportFolderVersion):
//   index.html, report.css, common.js, folder.js, favicon.ico  the page (CSP: scripts and styles from the folder only)
//   paa-report.json                              the manifest: {"format":"paa-report-folder","version":1,
//                                                "results":N,"files":F,"bytes":B} (what --force may replace)
//   data/report.js      paaReport(summary)       loaded first; bounded whatever the store's size
//   data/topics.js      paaData("topics", 0, T)  as the single file's paa-topics (html_report.hpp)
//   data/changes.js     paaData("changes", 0, C) as paa-changes
//   data/domains.js     paaData("domains", 0, M) as paa-domains
//   data/keys/F/N.js    paaData("keys", N, [key, ...])            kKeysPerPage keys, N = page number
//   data/trees/F/N.js   paaData("trees", N, [tree, ...])          kTreesPerChunk trees
//   data/questions/F/N.js paaData("questions", N, [question, ...]) kQuestionsPerPage unique questions
//   data/search/shards.js paaData("shards", 0, ["6772", ...])       every shard's name, sorted
//   data/search/HH/HEX.js paaData("search", "HEX", [entry, ...])    one shard, HH = HEX's first 2 digits
//   F = floor(N / kFilesPerFolder): no folder holds more than kFilesPerFolder files.
//
// summary = {"version":1, "results":R, "keys":{"count":R,"per_page":1000,"pages":P},
//   "trees":{"per_chunk":256}, "questions":{"count":U,"per_page":1000,"pages":Q},
//   "folder_files":1000, "search":{"cap":kSearchPostingsCap,"shards":S},
//   "locales":[[label, hl, gl, city, first key number, keys], ...] (label "en-us" or "en-us-Paris"),
//   "jobs":[names], "newest_fetched_at":ms, "at":"--at label"|null, "generated_at":ms,
//   "topics":{"total":topics,"listed":listed}}
// Keys are numbered in the order the list shows them: by hl, gl, city, then the query's folded
// text; so a locale's keys are one range [first, first + keys).
//   key = [q, hl, gl, city, fetched_at_ms, tree number, level, parent|null, seed|null,
//          [versions, mean_churn|null, last_change_ms|null]]
//   parent, seed = [q, hl, gl, city] (null at level 0: the key is its own seed)
//   tree = [[related, ...], [node, ...]] with node as in the single file
//          ([question, answer, url, title] or with a 5th element, its children)
//   tree number T lives in data/trees/(T/256/1000)/(T/256).js at index T % 256
// Unique questions are numbered most trees first (as the questions export and Top questions):
//   question = [question, trees, first q, first hl, first gl, first city, topic|-1, type]
//   (topic: index into topics.js's listed topics, -1 when not listed; type: index into its "types")
// Search: every query and every unique question is cut into words (text::Tokenizer, hl of the
// key or of the question's first tree; each word's `match` form: case folded, accents removed).
// A word's shard is the hex of the UTF-8 bytes of its first two code points (its only one when it
// has one), lower case. A shard's entries, sorted by word (bytes):
//   entry = [word, questions, [question numbers], keys, [key numbers]]
// where `questions` and `keys` are how many hold the word and each list holds the first
// kSearchPostingsCap of them, ascending, delta-coded (each number minus the one before it; the
// first as is). A search ANDs its words; the last is matched as a prefix.
#include "paa/error.hpp"
#include "paa/export/export_request.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <filesystem>

namespace paa::exporting {

inline constexpr int kReportFolderVersion = 1;
inline constexpr std::uint64_t kKeysPerPage = 1000;
// The job filter's data: each job's done keys, as the differences between their key numbers
// (ascending), this many a chunk (data/jobs/J/...).
inline constexpr std::uint64_t kJobKeysPerChunk = 20000;
inline constexpr std::uint64_t kTreesPerChunk = 256;
inline constexpr std::uint64_t kQuestionsPerPage = 1000;
inline constexpr std::uint64_t kFilesPerFolder = 1000;
inline constexpr std::uint64_t kSearchPostingsCap = 2000;
// Past this size a single-file report prints a warning naming the folder form.
inline constexpr std::uint64_t kSingleFileWarnBytes = 50'000'000;

// Whether `dir` holds a report folder (its manifest) that --force may replace, or is empty.
bool replaceable_report_folder(const std::filesystem::path& dir);

// Writes the report of the selection into `dir` (created beside it, then renamed into place; an
// existing report folder is swapped out only with `force`). Memory: the analysis pass's, the
// sorts' run budgets and one chunk at a time.
Result<ExportSummary> export_html_folder(StoreReader& store, const ExportRequest& request,
                                         const std::filesystem::path& dir, bool force);

}  // namespace paa::exporting
