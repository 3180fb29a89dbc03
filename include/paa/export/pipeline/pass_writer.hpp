#pragma once
// A FormatWriter that feeds each selected tree to the analysis pass (AnalysisSink: with the
// seeds' volumes when the selection has some, with --since the earlier versions too) and writes
// its view on finish(): questions, topics, topics-jsonl, topics-summary, domains.
#include "paa/export/format_writer.hpp"
#include "paa/export/pipeline/analysis_sink.hpp"

#include <span>

namespace paa::exporting::detail {

class PassWriter : public FormatWriter {
 public:
  PassWriter(const FormatOptions& options, BufferedOutput& out)
      : options_(options), out_(out), analysis_({.volumes = options.volumes, .since = options.since, .progress = options.progress}) {}

  ScanNeeds needs() const override { return analysis_.needs(); }

  Result<void> add(const ScannedResult& scanned) override {
    auto added = analysis_.add(scanned);
    if (!added) return added.error();
    return {};
  }

  Result<void> finish() override {
    auto views = analysis_.finish(options_.topics, more_reducers());
    if (!views) return views.error();
    return write_views(*views);
  }

  // Whether the view is written from the question views alone, so from the kept analysis
  // (analysis_views) without a scan: not with reducers of its own (unless the analysis keeps
  // what they count), nor with --since.
  bool reads_views_alone() { return (more_reducers().empty() || kept_with_the_views()) && !options_.since; }
  // Writes the view from views computed or kept elsewhere (instead of add and finish).
  Result<void> write_views(QuestionViews& views) {
    auto written = write(views);
    if (!written && !out_.failed()) return written;  // the output's own error is reported by its flush
    return {};
  }

 protected:
  virtual Result<void> write(QuestionViews& views) = 0;
  // Reducers of the writer's own that the pass feeds beside the views'.
  virtual std::span<analysis::QuestionReducer* const> more_reducers() { return {}; }
  // Whether what more_reducers() count is kept with the analysis too (QuestionViews::domains).
  virtual bool kept_with_the_views() const { return false; }
  // With --since (options_.since), each topic's new and gone questions; else nullptr.
  const topics::TopicChanges* changes() const { return analysis_.changes(); }
  FormatOptions options_;
  BufferedOutput& out_;

 private:
  AnalysisSink analysis_;
};

}  // namespace paa::exporting::detail
