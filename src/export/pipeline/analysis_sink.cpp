#include "paa/export/pipeline/analysis_sink.hpp"

#include <vector>

namespace paa::exporting {

Result<bool> AnalysisSink::add(const ScannedResult& scanned) {
  const StoredResult& r = scanned.result;
  analysis::TreeSeed seed;
  if (options_.volumes) {
    seed.key = scanned.lineage.attrs_key;
    seed.volume = scanned.lineage.attrs.volume;
  }
  seed.root = scanned.lineage.seed_key;
  const auto& children = scanned.envelope->result.children;
  if (options_.since && scanned.earlier_envelope != nullptr) {
    const auto added = changes_.compare(scanned.earlier_envelope->result, scanned.envelope->result, r.hl);
    if (auto fed = pass_.add_tree(r, children, seed, &added); !fed) return fed.error();
    return true;
  }
  if (auto fed = pass_.add_tree(r, children, seed); !fed) return fed.error();
  return true;
}

Result<QuestionViews> AnalysisSink::finish(const topics::TopicOptions& topics,
                                           std::span<analysis::QuestionReducer* const> more) {
  std::vector<analysis::QuestionReducer*> reducers(more.begin(), more.end());
  if (options_.since) reducers.push_back(&changes_);
  auto views = analyse_questions(pass_, topics, reducers, options_.progress);
  if (!views) return views;
  if (options_.since) {
    if (auto finished = changes_.finish(*views->groups, *views->topics); !finished) return finished.error();
  }
  return views;
}

}  // namespace paa::exporting
