#pragma once
// Internal: a FormatWriter that feeds each selected tree to the analysis pass (with the seed
// its hubs count by) and writes its view on finish().
#include "paa/analysis/question_pass.hpp"
#include "paa/export/format_writer.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/export/stored_tree.hpp"

namespace paa::exporting::detail {

class PassWriter : public FormatWriter {
 public:
  PassWriter(const FormatOptions& options, BufferedOutput& out) : options_(options), out_(out) {}

  Result<void> add(const StoredResult& r, const ExportLineage& lineage) override {
    auto env = parse_stored_result(r, options_.max_question_depth);
    if (!env) return env.error();
    analysis::TreeSeed seed;
    seed.root = lineage.seed_key;
    return pass_.add_tree(r, env->result.children, seed);
  }

  Result<void> finish() override {
    topics::TopicOptions topic_options;
    topic_options.resolution = options_.resolution;
    auto views = analyse_questions(pass_, topic_options, more_reducers());
    if (!views) return views.error();
    auto written = write(*views);
    if (!written && !out_.failed()) return written;  // the output's own error is reported by its flush
    return {};
  }

 protected:
  virtual Result<void> write(QuestionViews& views) = 0;
  // Reducers of the writer's own that the pass feeds beside the views'.
  virtual std::span<analysis::QuestionReducer* const> more_reducers() { return {}; }
  FormatOptions options_;
  BufferedOutput& out_;

 private:
  analysis::QuestionPass pass_;
};

}  // namespace paa::exporting::detail
