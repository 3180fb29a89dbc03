#pragma once
// The kept analysis (docs/store.md "The kept analysis"): a selection's question views (unique
// questions, variant groups, topics) computed once and kept in a folder of the store's own,
// `<store>/analysis/<selection>`, beside a manifest of what they were computed from
// (analysis_tag.hpp). A new one is written into a hidden folder and swapped in whole under the
// analysis folder's lock, so a reader sees the previous one or the new one, never half of one,
// and a killed analysis leaves only its hidden folder, removed by the next. The store's facts
// are never touched: the folder is beside RocksDB's files, which RocksDB leaves alone.
#include "paa/error.hpp"
#include "paa/export/export_request.hpp"
#include "paa/export/pipeline/analysis_tag.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/output/atomic_folder.hpp"
#include "paa/store/store.hpp"

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace paa::exporting {

// A store's analysis folder: `<store>/analysis`.
std::filesystem::path analysis_root(const std::filesystem::path& store);

// The tag of an analysis this paa would make of the store in `state` for `job` with the default
// options (the request's options are set by the caller).
AnalysisTag analysis_tag_now(std::uint64_t store_state, std::string job);

// Where `request`'s analysis of `store` is kept (`root`: the store's analysis_root, or the folder
// --analysis names), tagged for the store's state now (the request's job, resolution and depth);
// nullopt when the state cannot be read. The caller decides whether the selection is one the
// analysis is kept for.
std::optional<KeptPlace> kept_place_of(const std::filesystem::path& root, StoreReader& store,
                                       const ExportRequest& request);

// The topics of the analysis kept in `folder` (whatever its tag), as the next analysis's topics
// match against to keep their ids (topic_identity.hpp), read when the topics are built. Null
// when none is kept; when it cannot be read, also null, and `warnings` (may be null) says why.
std::function<Result<std::unique_ptr<topics::PreviousTopics>>()> kept_topics_before(std::filesystem::path folder,
                                                                                   std::vector<std::string>* warnings);

// What `paa status` shows of each analysis kept for a store: its manifest and whether it is
// current for the store's state now and this paa (for the options it was made with).
struct KeptSummary {
  std::string name;  // the folder under the analysis folder
  KeptManifest manifest;
  FreshnessVerdict verdict;
  bool may_carry = false;  // stale by the store's state alone: the next view checks its inputs first
};
// Damaged manifests are listed as stale ("it cannot be read"), with an empty manifest but its name.
Result<std::vector<KeptSummary>> kept_analyses(const std::filesystem::path& store, std::uint64_t store_state);

// The manifest kept for `folder` (a selection's folder under analysis_root); nullopt: none.
Result<std::optional<KeptManifest>> read_kept_manifest(const std::filesystem::path& folder);

// What of a kept analysis a view opens: all of it, or its rows alone (no topic map: each row's
// topic is its number, without id or label; `topics` is null), for a view of a few questions
// that reads them by kept_find (the topic map is the largest thing read whole on opening).
enum class KeptParts : std::uint8_t { whole, rows };

// The views kept in `folder`, read-only, when the manifest read with them is current for
// `expected` (store_damaged otherwise, or when a file is not the size its manifest says);
// `opened` gets that manifest.
Result<QuestionViews> open_kept_views(const std::filesystem::path& folder, const AnalysisTag& expected,
                                      KeptManifest* opened = nullptr, KeptParts parts = KeptParts::whole);

// A new kept analysis being written: the analysis folder's lock, and the new folder written
// beside its target by output's FolderWrite (`.building-NAME-…`, flocked; published whole,
// removed unless published, and removed by the next writer when its writer died).
class KeepSlot {
 public:
  // Takes the lock of `root` (the store's analysis folder, made if missing), removes the least
  // recently read other resolutions past kKeptOtherResolutions, and begins the folder for the
  // selection `name` (kept_folder_name). Fails with errc::store_in_use when another paa holds the
  // lock, errc::io when the folder cannot be written: then nothing changed and the views are
  // the caller's to use.
  static Result<KeepSlot> begin(const std::filesystem::path& root, std::string name);
  KeepSlot(KeepSlot&&) noexcept;
  KeepSlot& operator=(KeepSlot&&) = delete;
  ~KeepSlot();

  // Writes `views` (their unique questions are consumed: read the kept copy after) and the
  // manifest, then publishes the folder whole. On failure nothing visible changed. `progress`
  // (may be null) counts the rows written.
  Result<void> publish(QuestionViews& views, KeptManifest manifest, WorkProgress* progress = nullptr);
  std::filesystem::path folder() const { return root_ / name_; }

 private:
  KeepSlot(std::filesystem::path root, std::string name, int lock_fd, FolderWrite writing);
  std::filesystem::path root_;
  std::string name_;
  int lock_fd_ = -1;
  FolderWrite writing_;
};

// How many analyses besides the default resolution's are kept per store: the least recently
// read past this are removed when a new one is kept.
inline constexpr std::size_t kKeptOtherResolutions = 3;

// Carries the analysis kept in `root`/`name` to a newer store state (AnalysisPlan::Step::carry):
// under the folder's lock, its manifest is replaced by `carried` when it is still `checked`
// (store_in_use when another paa holds the lock or replaced the analysis meanwhile).
Result<void> carry_kept(const std::filesystem::path& root, const std::string& name, const KeptManifest& checked,
                        const KeptManifest& carried);

}  // namespace paa::exporting
