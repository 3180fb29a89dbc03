#include "paa/export/pipeline/analysis_plan.hpp"

#include <stdexcept>
#include <utility>

namespace paa::exporting {

bool may_carry(const KeptManifest& kept, const AnalysisTag& now) {
  AnalysisTag moved = now;
  moved.store_state = kept.tag.store_state;  // every other part of the tag as now
  return kept.inputs && kept.tag.store_state != now.store_state && judge_kept(kept, moved).freshness == Freshness::current;
}

AnalysisPlan::AnalysisPlan(Result<std::optional<KeptManifest>> kept, AnalysisTag now, bool recompute)
    : now_(std::move(now)), recompute_(recompute) {
  if (kept) {
    kept_ = std::move(*kept);
  } else {
    unreadable_ = "it cannot be read (" + kept.error().message + ")";
  }
}

AnalysisPlan::Action AnalysisPlan::compute(std::string why) {
  state_ = State::done;
  return {Step::compute, std::move(why)};
}

AnalysisPlan::Action AnalysisPlan::start() {
  if (state_ != State::begin) throw std::logic_error("AnalysisPlan::start called twice");
  if (!unreadable_.empty()) return compute(recompute_ ? unreadable_ : "the kept one was stale: " + unreadable_);
  const FreshnessVerdict verdict = judge_kept(kept_, now_);
  if (verdict.freshness == Freshness::missing) return compute("none was kept");
  if (recompute_) return compute(verdict.freshness == Freshness::current ? "asked to compute it anew" : verdict.why);
  if (verdict.freshness == Freshness::current) {
    state_ = State::reading;
    return {Step::read_kept, {}};
  }
  // Stale by the store's state alone, and it knows what it was computed from: a scan tells
  // whether that changed.
  if (may_carry(*kept_, now_)) {
    state_ = State::checking;
    return {Step::check_inputs, {}};
  }
  return compute("the kept one was stale: " + verdict.why);
}

AnalysisPlan::Action AnalysisPlan::inputs_checked(const AnalysisInputs& inputs) {
  if (state_ != State::checking) throw std::logic_error("AnalysisPlan::inputs_checked without check_inputs");
  const KeptManifest& k = *kept_;
  if (inputs.digest == *k.inputs && inputs.results == k.results && inputs.missing_results == k.missing_results) {
    state_ = State::carrying;
    return {Step::carry, {}};
  }
  std::string what;
  if (inputs.results != k.results) {
    what = std::to_string(inputs.results) + " results, " + std::to_string(k.results) + " then";
  } else if (inputs.missing_results != k.missing_results) {
    what = std::to_string(inputs.missing_results) + " results missing, " + std::to_string(k.missing_results) + " then";
  } else {
    what = "trees or seeds changed";
  }
  return compute("the kept one was stale: the store has changed since (" + what + ")");
}

AnalysisPlan::Action AnalysisPlan::carried(const Result<void>& outcome) {
  if (state_ != State::carrying) throw std::logic_error("AnalysisPlan::carried without carry");
  state_ = State::reading;
  // Not carried: it answers all the same (its inputs are today's), read under its old tag.
  if (!outcome) {
    carry_error_ = outcome.error().message;
    return {Step::read_kept, {}};
  }
  kept_->tag.store_state = now_.store_state;
  return {Step::read_kept, {}};
}

AnalysisPlan::Action AnalysisPlan::read_failed(const Error& error) {
  if (state_ != State::reading) throw std::logic_error("AnalysisPlan::read_failed without read_kept");
  return compute("the kept one was stale: it cannot be read (" + error.message + ")");
}

KeptManifest AnalysisPlan::carried_manifest(std::int64_t now_ms) const {
  KeptManifest m = *kept_;
  m.tag.store_state = now_.store_state;
  m.carried_ms = now_ms;
  return m;
}

}  // namespace paa::exporting
