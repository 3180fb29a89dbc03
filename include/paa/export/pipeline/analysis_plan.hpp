#pragma once
// What to do when a selection's analysis is asked for (docs/store.md "The kept analysis"):
// read the kept one when it is current; when only the store's state moved on, check what the
// analysis was computed from (AnalysisInputs: one scan that parses no tree) and carry the kept
// one to the new state when none of it changed (a refresh that brought the same trees, a run
// that fetched nothing, another job's keys); else compute it anew. Sans-I/O: analysis_views
// (analysis_views.hpp) is its shell, and tests step it without a store.
#include "paa/error.hpp"
#include "paa/export/pipeline/analysis_tag.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace paa::exporting {

// What an analysis of the selection would be computed from now: the scan's figures and the
// digest of every selected result's key, tree and seed (analysis_inputs.hpp).
struct AnalysisInputs {
  std::uint64_t digest = 0;
  std::uint64_t results = 0, missing_results = 0;
  bool operator==(const AnalysisInputs&) const = default;
};

// Whether `kept` differs from `now` by the store's state alone and keeps its inputs: what a
// check of the inputs may carry (AnalysisPlan; `paa status` says so of a stale one).
bool may_carry(const KeptManifest& kept, const AnalysisTag& now);

class AnalysisPlan {
 public:
  enum class Step : std::uint8_t {
    read_kept,     // open the kept views (the manifest: kept())
    check_inputs,  // scan the selection's inputs, then inputs_checked()
    carry,         // tag the kept analysis with the store's state now (carried_manifest()), then carried()
    compute,       // compute and keep anew; Action::why says why
  };
  struct Action {
    Step step;
    std::string why;  // compute: why, as the note says it ("none was kept", "the kept one was stale: ...")
  };

  // `kept`: the kept manifest (nullopt: none; an error: it cannot be read); `now`: the tag an
  // analysis made now would carry; `recompute`: `paa analyze --full`.
  AnalysisPlan(Result<std::optional<KeptManifest>> kept, AnalysisTag now, bool recompute);

  Action start();
  // After check_inputs.
  Action inputs_checked(const AnalysisInputs& inputs);
  // After carry: its outcome. Either way the kept views are read next: not carried (the
  // folder could not be written, another paa holds the lock), they still answer for now, and
  // carry_error() says why they were not carried.
  Action carried(const Result<void>& outcome);
  const std::string& carry_error() const { return carry_error_; }
  // After read_kept failed (a damaged file, replaced meanwhile).
  Action read_failed(const Error& error);

  // The kept manifest (read_kept, check_inputs, carry).
  const KeptManifest& kept() const { return *kept_; }
  // The manifest carry writes: the kept one, tagged with the state now, carried at `now_ms`.
  KeptManifest carried_manifest(std::int64_t now_ms) const;

 private:
  Action compute(std::string why);
  enum class State : std::uint8_t { begin, checking, carrying, reading, done };
  State state_ = State::begin;
  std::optional<KeptManifest> kept_;
  std::string unreadable_;  // why the kept manifest could not be read
  std::string carry_error_;
  AnalysisTag now_;
  bool recompute_ = false;
};

}  // namespace paa::exporting
