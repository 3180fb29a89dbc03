#include "paa/export/pipeline/analysis_views.hpp"

#include "paa/export/pipeline/analysis_inputs.hpp"
#include "paa/export/pipeline/analysis_plan.hpp"
#include "paa/export/pipeline/analysis_sink.hpp"
#include "paa/export/rows/domain_rows.hpp"
#include "paa/export/rows/market_rows.hpp"
#include "paa/model/clock.hpp"
#include "paa/model/work_progress.hpp"

#include <chrono>
#include <cstdio>
#include <string>
#include <utility>

namespace paa::exporting {

namespace fs = std::filesystem;

namespace {

std::string seconds_text(std::int64_t ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", static_cast<double>(ms) / 1000.0);
  return text;
}

}  // namespace

namespace {

// The analysis of the request's selection, computed by a scan, its topics keeping the ids of
// the analysis kept in `folder` (the one it replaces).
// `inputs` (may be null) gets the digest of what it was computed from.
Result<QuestionViews> compute_views(StoreReader& store, const ExportRequest& request, ExportSummary& summary,
                                    const fs::path& folder, std::optional<std::uint64_t>* inputs = nullptr) {
  AnalysisSink sink({.volumes = request.format.volumes, .progress = request.format.progress});
  InputsDigest digest(request.format.volumes);
  if (auto scanned = scan_results(store, request, sink.needs(), {&sink, &digest}, summary); !scanned) {
    return scanned.error();
  }
  if (inputs != nullptr) *inputs = digest.digest();
  topics::TopicOptions options = request.format.topics;
  options.previous = kept_topics_before(folder, &summary.warnings);
  options.trend = true;
  watch::DomainAnswers answers;  // kept beside the views: the domains view reads them
  MarketTrees markets;           // and the locales views and the report's Compare view these
  analysis::QuestionReducer* const more[] = {&answers, &markets};
  auto views = sink.finish(options, more);
  if (!views) return views;
  if (!views->topics->identity_warning().empty()) summary.warnings.push_back(views->topics->identity_warning());
  // Phases of their own, so a profile by phase (scripts/bench/phase_rss.py) names them.
  progress_phase(request.format.progress, "counting the answer domains");
  auto figures = domain_figures(answers, *views);
  if (!figures) return figures.error();
  views->domains = [figures = std::make_shared<const DomainFigures>(std::move(*figures))]() -> Result<DomainFigures> {
    return *figures;
  };
  progress_phase(request.format.progress, "comparing the markets");
  auto compared = markets.figures(*views->groups);
  if (!compared) return compared.error();
  views->markets = [compared = std::make_shared<const MarketFigures>(std::move(*compared))]() -> Result<MarketFigures> {
    return *compared;
  };
  return views;
}

}  // namespace

namespace {

// The tag the request's analysis has when current, and its folder.
struct KeptTarget {
  AnalysisTag tag;
  std::string name;
  fs::path folder;
};
KeptTarget kept_target(const ExportRequest& request) {
  const KeptPlace& place = *request.kept;
  // Whether seeds have volumes is known once the selection is catalogued: the request's.
  AnalysisTag tag = place.tag;
  tag.volumes = request.format.volumes;
  std::string name = kept_folder_name(tag.job, tag.resolution);
  fs::path folder = place.root / name;
  return {std::move(tag), std::move(name), std::move(folder)};
}

}  // namespace

std::optional<QuestionViews> current_kept_views(const ExportRequest& request, ExportSummary& summary, KeptParts parts) {
  if (!request.kept) return std::nullopt;
  const KeptTarget target = kept_target(request);
  auto kept = read_kept_manifest(target.folder);
  if (!kept || judge_kept(*kept, target.tag).freshness != Freshness::current) return std::nullopt;
  auto views = open_kept_views(target.folder, target.tag, nullptr, parts);
  if (!views) {
    summary.warnings.push_back("the analysis kept in " + target.folder.string() + " cannot be read (" +
                               views.error().message + "): this view made its own pass; `paa analyze --full` "
                               "computes it anew");
    return std::nullopt;
  }
  summary.notes.push_back("read from the analysis kept in " + target.folder.string());
  return std::move(*views);
}

namespace {

// What the selection's analysis would be computed from now: a scan that parses no tree (its
// progress is the scan's "reading results").
Result<AnalysisInputs> scan_inputs(StoreReader& store, const ExportRequest& request) {
  InputsDigest digest(request.format.volumes);
  ExportSummary scanned;
  if (auto read = scan_results(store, request, digest.needs(), {&digest}, scanned); !read) return read.error();
  return AnalysisInputs{digest.digest(), scanned.results, scanned.missing_results};
}

}  // namespace

Result<QuestionViews> analysis_views(StoreReader& store, const ExportRequest& request, ExportSummary& summary,
                                     AnalysisAsk ask) {
  const KeptPlace& place = *request.kept;
  const KeptTarget target = kept_target(request);
  const AnalysisTag& tag = target.tag;
  const std::string& name = target.name;
  const fs::path& folder = target.folder;
  AnalysisPlan plan(read_kept_manifest(folder), tag, ask.recompute);
  auto action = plan.start();
  std::string carried_note;
  while (action.step != AnalysisPlan::Step::compute) {
    if (action.step == AnalysisPlan::Step::check_inputs) {
      const auto started = std::chrono::steady_clock::now();
      auto inputs = scan_inputs(store, request);
      if (!inputs) return inputs.error();
      const auto took = std::chrono::steady_clock::now() - started;
      carried_note = "the store has changed since, but not what it was computed from (" +
                     std::to_string(inputs->results) + " results checked in " +
                     seconds_text(std::chrono::duration_cast<std::chrono::milliseconds>(took).count()) + ")";
      action = plan.inputs_checked(*inputs);
    } else if (action.step == AnalysisPlan::Step::carry) {
      auto carried = carry_kept(place.root, name, plan.kept(), plan.carried_manifest(unix_now_ms()));
      if (!carried && ask.must_keep) return carried.error();  // `paa analyze` is asked to make it current
      action = plan.carried(carried);
    } else {
      KeptManifest opened;
      auto views = open_kept_views(folder, plan.kept().tag, &opened);
      if (!views) {
        action = plan.read_failed(views.error());
        continue;
      }
      summary.results = opened.results;
      summary.missing_results = opened.missing_results;
      if (!plan.carry_error().empty()) {
        summary.warnings.push_back("the analysis kept in " + folder.string() +
                                   " could not be carried to the store's state (" + plan.carry_error() +
                                   "): the next view checks it again");
      }
      summary.notes.push_back(carried_note.empty()
                                  ? "read from the analysis kept in " + folder.string()
                                  : "the analysis kept in " + folder.string() + " still answers: " + carried_note);
      return views;
    }
  }
  const std::string& why = action.why;
  // The slot first: its lock keeps a second paa from computing the same analysis meanwhile, and
  // its hidden folder is what a kill during the computation leaves (removed by the next).
  auto slot = KeepSlot::begin(place.root, name);
  if (!slot && ask.must_keep) return slot.error();
  const ExportSummary before_scan = summary;
  const auto started = std::chrono::steady_clock::now();
  std::optional<std::uint64_t> inputs;
  auto views = compute_views(store, request, summary, folder, &inputs);
  if (!views) return views.error();
  const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
  if (!slot) {
    summary.warnings.push_back("the analysis (" + why + ") was computed for this view only: " + slot.error().message);
    return views;
  }
  KeptManifest manifest;
  manifest.tag = tag;
  manifest.results = summary.results;
  manifest.missing_results = summary.missing_results;
  manifest.took_ms = took.count();
  manifest.inputs = inputs;
  auto published = slot->publish(*views, manifest, request.format.progress);
  if (published) {
    summary.notes.push_back("computed the analysis (" + why + ") in " + seconds_text(took.count()) +
                            " and kept it in " + folder.string() + "; the next views read it until the store changes");
    // The computed views are spent: their topic map and files go before the kept ones are read.
    { QuestionViews spent = std::move(*views); }
    auto reopened = open_kept_views(folder, tag);
    if (reopened) return reopened;
    published = reopened.error();  // replaced meanwhile by another paa's: computed again below
  }
  // Not kept (a full disk, a folder that cannot be written): never this view's failure. Keeping
  // spent the computed rows, so they are computed once more, for this view only.
  if (ask.must_keep) return published.error();
  summary = before_scan;
  summary.warnings.push_back("the analysis (" + why + ") could not be kept, so it was computed for this view only: " +
                             published.error().message);
  return compute_views(store, request, summary, folder);
}

}  // namespace paa::exporting
