#pragma once
// What a kept analysis was computed from, and whether it still answers (docs/store.md "The kept
// analysis"). Pure: the manifest as JSON, and the verdict of comparing a kept manifest with the
// tag an analysis made now would carry.
#include "paa/error.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace paa::exporting {

struct AnalysisTag {
  std::uint64_t store_state = 0;  // StoreReader::state() when the scan began
  std::string job;                // the selection: "" = every stored result, else one job's done keys
  int analysis_version = 0;       // question::kAnalysisVersion: the rules that make groups and topics
  std::string program;            // the version and commit of the paa that computed it
  double resolution = 1.0;        // the topics' --resolution
  std::uint32_t max_question_depth = 0;
  bool volumes = false;           // the seeds' volumes were summed (the selection had some)
  bool operator==(const AnalysisTag&) const = default;
};

// The kept analysis's manifest.json: its tag, what it holds, and when and how long it was made.
struct KeptManifest {
  AnalysisTag tag;
  std::uint64_t results = 0, missing_results = 0;  // the scan's ExportSummary figures
  std::uint64_t questions = 0, groups = 0, topics = 0;
  // The questions by type and by intent (QuestionCounts): what `paa topics` shows without a read.
  std::vector<std::uint64_t> types, intents;
  // Each kept file's size (name, bytes): checked when it is opened, so a file cut short (a full
  // disk, a copy interrupted) is never read as if whole.
  std::vector<std::pair<std::string, std::uint64_t>> files;
  std::uint64_t bytes = 0;      // the folder's files
  std::int64_t made_ms = 0;     // Unix ms when it was published
  std::int64_t took_ms = 0;     // the scan, the pass and the clustering
  // What it was computed from (AnalysisInputs::digest: every selected result's key, tree and
  // seed, in scan order); nullopt: an analysis kept before inputs were (it cannot be carried).
  std::optional<std::uint64_t> inputs;
  // Unix ms when it was last found to answer for a newer store state (carried: analysis_plan.hpp);
  // 0: never.
  std::int64_t carried_ms = 0;
};

inline constexpr int kKeptAnalysisFormat = 2;  // 2: with the markets compared

std::string manifest_json(const KeptManifest& manifest);
// store_damaged when `json` is not a manifest of this format (a damaged or newer one).
Result<KeptManifest> parse_manifest(std::string_view json);

enum class Freshness { current, stale, missing };

struct FreshnessVerdict {
  Freshness freshness = Freshness::missing;
  std::string why;  // stale: what changed ("the store has changed since", "paa was upgraded", ...)
};

// Whether `kept` (nullopt: none) answers for `now`: every field of the tag must be equal.
FreshnessVerdict judge_kept(const std::optional<KeptManifest>& kept, const AnalysisTag& now);

// The folder a selection's analysis is kept in, under the store's analysis folder: "all-r1",
// "job-<16 hex of the job's name>-r0.5".
std::string kept_folder_name(std::string_view job, double resolution);

}  // namespace paa::exporting
