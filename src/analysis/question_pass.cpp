#include "paa/analysis/question_pass.hpp"

#include "paa/model/query_key.hpp"

#include <cstring>

namespace paa::analysis {

namespace {

// A record's fields: the numbers, then the question's texts, then the tree's search.
enum Field : std::size_t { kNumbers, kQuestion, kAnswer, kUrl, kTitle, kQ, kHl, kGl, kCity, kFields };

// since_ms, tree, seed, volume, root, position, parent, flags (1: has volume, 2: marked): 8 + 8 +
// 8 + 8 + 8 + 4 + 4 + 1 bytes, host order.
constexpr std::size_t kNumberBytes = 49;

void put(std::string& out, std::uint64_t v) { out.append(reinterpret_cast<const char*>(&v), 8); }

std::uint64_t get(const char* p) {
  std::uint64_t v = 0;
  std::memcpy(&v, p, 8);
  return v;
}

// Times sort as unsigned numbers: shifted so that a negative one still comes first.
std::uint64_t time_order(std::int64_t ms) { return static_cast<std::uint64_t>(ms) ^ (std::uint64_t{1} << 63); }

}  // namespace

QuestionPass::QuestionPass(std::size_t memory) : sort_(memory, "paa-analysis") {}

Result<void> QuestionPass::add_tree(const StoredResult& tree, const std::vector<Question>& roots,
                                    const TreeSeed& seed, const std::unordered_set<std::string>* marked) {
  const std::uint64_t tree_number = trees_++;
  const std::int64_t since = tree.unchanged_since_ms != 0 ? tree.unchanged_since_ms : tree.fetched_at_ms;
  const std::uint64_t seed_hash = seed.volume && !seed.key.empty() ? key_hash(seed.key) : 0;
  const std::uint64_t root_hash = key_hash(seed.root.empty() ? std::string_view(tree.key) : seed.root);
  in_tree_.clear();
  node_at_.clear();
  std::optional<Error> failure;
  walk_preorder(roots, [&](const QuestionVisit& v) {
    if (failure) return;
    std::uint32_t parent = Occurrence::kNoParent;
    if (v.parent != nullptr) {
      if (auto p = node_at_.find(v.parent); p != node_at_.end()) parent = p->second;
    }
    auto folded = fold_text(v.node.question);
    if (!folded || folded->empty()) {  // no question: its children hang from its parent
      node_at_.emplace(&v.node, parent);
      return;
    }
    const auto [at, first] = in_tree_.try_emplace(*folded, static_cast<std::uint32_t>(in_tree_.size()));
    node_at_.emplace(&v.node, at->second);
    if (!first) return;  // a tree counts once; its first occurrence speaks
    fixed_.clear();
    put(fixed_, static_cast<std::uint64_t>(since));
    put(fixed_, tree_number);
    put(fixed_, seed_hash);
    put(fixed_, seed_hash != 0 ? *seed.volume : 0);
    put(fixed_, root_hash);
    const std::uint32_t place[2] = {at->second, parent};
    fixed_.append(reinterpret_cast<const char*>(place), sizeof place);
    const bool mark = marked != nullptr && marked->contains(*folded);
    fixed_.push_back(static_cast<char>((seed_hash != 0 ? 1 : 0) | (mark ? 2 : 0)));
    const Question& n = v.node;
    const std::string_view answer = n.answer ? std::string_view(*n.answer) : std::string_view();
    auto added = sort_.add(*folded, seed_hash, time_order(since),
                           {fixed_, n.question, answer, n.url, n.title, tree.q, tree.hl, tree.gl, tree.city});
    if (!added) failure = added.error();
  });
  if (failure) return *failure;
  return {};
}

Result<void> QuestionPass::run(std::span<QuestionReducer* const> reducers, WorkProgress* progress) {
  ProgressCount count(progress, "sorting the questions", stats().occurrences);
  bool open = false;
  std::string current;
  std::uint64_t questions = 0;
  auto each = [&](auto&& call) -> Result<void> {
    for (QuestionReducer* r : reducers) {
      if (auto done = call(*r); !done) return done;
    }
    return {};
  };
  auto visited = sort_.for_each([&](const extmem::KeyedSort::Record& record) -> Result<void> {
    if (record.fields.size() != kFields || record.fields[kNumbers].size() != kNumberBytes) {
      return make_error(errc::io, "a record of the analysis pass's scratch file is damaged");
    }
    if (!open || record.key != current) {
      if (open) {
        if (auto ended = each([](QuestionReducer& r) { return r.end_question(); }); !ended) return ended;
      }
      open = true;
      current.assign(record.key);
      const std::uint64_t index = questions++;
      if (auto begun = each([&](QuestionReducer& r) { return r.begin_question(current, index); }); !begun) {
        return begun;
      }
    }
    const auto& f = record.fields;
    const char* numbers = f[kNumbers].data();
    Occurrence o;
    o.since_ms = static_cast<std::int64_t>(get(numbers));
    o.tree = get(numbers + 8);
    o.seed = get(numbers + 16);
    o.root = get(numbers + 32);
    std::memcpy(&o.position, numbers + 40, 4);
    std::memcpy(&o.parent, numbers + 44, 4);
    if ((numbers[48] & 1) != 0) o.volume = get(numbers + 24);
    o.marked = (numbers[48] & 2) != 0;
    o.question = f[kQuestion];
    o.answer = f[kAnswer];
    o.url = f[kUrl];
    o.title = f[kTitle];
    o.q = f[kQ];
    o.hl = f[kHl];
    o.gl = f[kGl];
    o.city = f[kCity];
    count.add();
    return each([&](QuestionReducer& r) { return r.occurrence(o); });
  });
  if (!visited) return visited;
  if (open) {
    if (auto ended = each([](QuestionReducer& r) { return r.end_question(); }); !ended) return ended;
  }
  return each([](QuestionReducer& r) { return r.end_pass(); });
}

PassStats QuestionPass::stats() const {
  return {trees_, sort_.size(), sort_.runs(), sort_.disk_bytes()};
}

}  // namespace paa::analysis
