#include "question_index.hpp"

#include "paa/model/query_key.hpp"

#include "codec.hpp"

#include <map>
#include <string>

namespace paa::store_detail {
namespace {

// The unique question texts of a tree (fold_text), each with its first occurrence in
// pre-order. Texts that normalise to nothing are skipped.
std::map<std::string, const Question*> unique_questions(const Envelope& env) {
  std::map<std::string, const Question*> out;
  walk_preorder(env.result.children, [&](const QuestionVisit& v) {
    auto folded = fold_text(v.node.question);
    if (!folded || folded->empty()) return;
    out.emplace(std::move(*folded), &v.node);
  });
  return out;
}

}  // namespace

void stage_question_deltas(rocksdb::WriteBatch& batch, rocksdb::ColumnFamilyHandle* questions,
                           std::string_view key, const std::optional<StoredResult>& old,
                           const Envelope& fresh) {
  std::optional<Envelope> old_tree;
  if (old) {
    if (auto parsed = parse_envelope(old->body)) old_tree = std::move(*parsed);
  }
  stage_question_deltas(batch, questions, key, old_tree ? &*old_tree : nullptr, fresh);
}

void stage_question_deltas(rocksdb::WriteBatch& batch, rocksdb::ColumnFamilyHandle* questions,
                           std::string_view key, const Envelope* old_tree, const Envelope& fresh) {
  auto now = unique_questions(fresh);
  std::map<std::string, const Question*> before;
  if (old_tree) before = unique_questions(*old_tree);
  // Blind merges: no read per question.
  for (const auto& [folded, node] : now) {
    if (before.count(folded)) continue;
    QuestionEntry first_seen;
    first_seen.question = node->question;
    first_seen.answer = node->answer;
    first_seen.url = node->url;
    first_seen.title = node->title;
    first_seen.first_key = std::string(key);
    batch.Merge(questions, folded, encode_question_delta(+1, &first_seen));
  }
  for (const auto& [folded, node] : before) {
    if (now.count(folded)) continue;
    batch.Merge(questions, folded, encode_question_delta(-1, nullptr));
  }
}

}  // namespace paa::store_detail
