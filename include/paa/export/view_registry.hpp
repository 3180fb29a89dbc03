#pragma once
// Every view of the read side, one row each: its name, what it writes (a byte stream, a file by
// name, a folder), the flags it takes, what its driver needs resolved, and its entry points. The
// command's checks (export_plan.cpp) and the dispatch read these rows and nothing else: adding
// a view is its own module and one row here.
#include "paa/error.hpp"
#include "paa/export/export_format.hpp"
#include "paa/export/export_request.hpp"
#include "paa/export/format_writer.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace paa::exporting {

// The flags a view takes beyond the selection (--job, --hl/--gl, --store); plan_export refuses
// the others and names the views that take them.
enum ViewFlag : std::uint32_t {
  kTakesCsvText = 1u << 0,     // --excel and --raw: a CSV whose text cells are guarded
  kTakesDedupe = 1u << 1,      // --dedupe: the exported trees
  kTakesPartition = 1u << 2,   // --partition-by, --part-size: a folder of parts (folder entry)
  kTakesResolution = 1u << 3,  // --resolution: it has topics
  kTakesDomain = 1u << 4,      // --domain: it marks your domains' answers
  kTakesSince = 1u << 5,       // --since: each topic's new and gone questions
  kTakesWindow = 1u << 6,      // --from/--to: it compares versions
  kTakesAt = 1u << 7,          // --at: the store as it was
  kAtBoundsHistory = 1u << 8,  // with --at, its views of the versions stop there too
  kFolderOnDirectory = 1u << 9,  // -o DIR/ (an existing folder or a path ending in '/'): the folder entry
  kCarriesLineage = 1u << 10,    // its records carry each result's lineage (docs/exports.md "Lineage")
  kShowsAttributes = 1u << 11,   // it shows the seeds' attributes (catalog_selection)
  kShowsDemand = 1u << 12,       // its topics carry and rank by the seeds' volumes (catalog_selection)
  // It reads the kept analysis for one store's current results (docs/store.md): catalogued too,
  // so that an analysis it computes carries the volumes tag every other reader expects.
  kReadsKeptAnalysis = 1u << 13,
  kTakesBranding = 1u << 14,     // --title, --logo: a deliverable a client sees (branding.hpp)
};

using WriterFactory = std::unique_ptr<FormatWriter> (*)(const FormatOptions&, BufferedOutput&);
using StreamEntry = Result<ExportSummary> (*)(StoreReader&, const ExportRequest&, BufferedOutput&);
// A file written at a temporary path that the caller publishes (write_path_atomically).
using FileEntry = Result<ExportSummary> (*)(StoreReader&, const ExportRequest&, const std::filesystem::path&);
// A folder the view builds and publishes itself; an existing one only with `force`.
using FolderEntry = Result<ExportSummary> (*)(StoreReader&, const ExportRequest&, const std::filesystem::path&,
                                              bool force);

struct ViewRow {
  ExportFormat format;
  std::string_view name;
  bool listed;                  // a --format of `paa export` (topics-summary is `paa topics`'s)
  std::string_view records;     // what its summary counts: "objects", "rows", "results"
  std::uint32_t flags;          // ViewFlag
  std::string_view why_not_at;  // without kTakesAt: why --at does not apply
  // Its entry points; a view has a writer or a stream entry or a file entry, and maybe a folder.
  WriterFactory writer = nullptr;  // fed by scan_results (exporter.cpp runs it)
  StreamEntry stream = nullptr;    // a driver of its own over a byte stream
  FileEntry file = nullptr;        // a binary file written by name (-o required)
  FolderEntry folder = nullptr;    // with kTakesPartition or kFolderOnDirectory
  std::string_view help = {};      // what `paa export --help` says after its name, if anything
  bool takes(std::uint32_t flag) const { return (flags & flag) != 0; }
};

std::span<const ViewRow> view_rows();

// The row of a view by its name (listed or not), or nullptr.
const ViewRow* find_view(std::string_view name);
const ViewRow& view_row(ExportFormat format);

// `paa export --format`'s help: the listed views, "jsonl | json | ... | edges (help) | ...".
std::string format_help();

// The listed views taking `flag`, "a, b and c" (`last` joins the last two: " and ", " or ").
std::string views_taking(std::uint32_t flag, std::string_view last = " and ");

}  // namespace paa::exporting
