#pragma once
// Internal: a FormatWriter that feeds each selected tree to the analysis pass (with the seed
// its hubs count by) and writes its view on finish().
#include "paa/analysis/question_pass.hpp"
#include "paa/export/format_writer.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/export/stored_tree.hpp"
#include "paa/topics/topic_changes.hpp"

#include <optional>
#include <vector>

namespace paa::exporting::detail {

class PassWriter : public FormatWriter {
 public:
  PassWriter(const FormatOptions& options, BufferedOutput& out) : options_(options), out_(out) {}

  void earlier_version(const StoredResult* earlier) override {
    if (earlier != nullptr) earlier_ = *earlier;
    else earlier_.reset();
  }

  Result<void> add(const StoredResult& r, const ExportLineage& lineage) override {
    auto env = parse_stored_result(r, options_.max_question_depth);
    if (!env) return env.error();
    analysis::TreeSeed seed;
    seed.root = lineage.seed_key;
    if (options_.since && earlier_) {
      auto then = parse_stored_result(*earlier_, options_.max_question_depth);
      earlier_.reset();
      if (!then) return then.error();
      const auto added = changes_.compare(then->result, env->result, r.hl);
      return pass_.add_tree(r, env->result.children, seed, &added);
    }
    return pass_.add_tree(r, env->result.children, seed);
  }

  Result<void> finish() override {
    std::vector<analysis::QuestionReducer*> reducers;
    for (auto* r : more_reducers()) reducers.push_back(r);
    if (options_.since) reducers.push_back(&changes_);
    auto views = analyse_questions(pass_, options_.topics, reducers);
    if (!views) return views.error();
    if (options_.since) {
      if (auto finished = changes_.finish(*views->groups, *views->topics); !finished) return finished;
    }
    auto written = write(*views);
    if (!written && !out_.failed()) return written;  // the output's own error is reported by its flush
    return {};
  }

 protected:
  virtual Result<void> write(QuestionViews& views) = 0;
  // Reducers of the writer's own that the pass feeds beside the views'.
  virtual std::span<analysis::QuestionReducer* const> more_reducers() { return {}; }
  // With --since (options_.since), each topic's new and gone questions; else nullptr.
  const topics::TopicChanges* changes() const { return options_.since ? &changes_ : nullptr; }
  FormatOptions options_;
  BufferedOutput& out_;

 private:
  analysis::QuestionPass pass_;
  topics::TopicChanges changes_;
  std::optional<StoredResult> earlier_;
};

}  // namespace paa::exporting::detail
