#include "paa/export/pipeline/analysis_inputs.hpp"

#include "paa/question/field_hash.hpp"

namespace paa::exporting {

Result<bool> InputsDigest::add(const ScannedResult& scanned) {
  const StoredResult& r = scanned.result;
  question::FieldHash h;
  h.add(digest_);  // in order: the same results in another order are other inputs
  h.add(r.key).add(r.q).add(r.hl).add(r.gl).add(r.city);
  // The pass's "first fetched" time (QuestionPass::add_tree).
  const std::int64_t since = r.unchanged_since_ms != 0 ? r.unchanged_since_ms : r.fetched_at_ms;
  h.add(static_cast<std::uint64_t>(since));
  if (r.tree_digest) {
    h.add(std::uint64_t{1}).add(*r.tree_digest);
  } else {
    h.add(std::uint64_t{0}).add(r.body);
  }
  const ExportLineage& lineage = scanned.lineage;
  h.add(lineage.seed_key);
  if (volumes_) {
    h.add(lineage.attrs_key);
    h.add(std::uint64_t{lineage.attrs.volume.has_value()}).add(lineage.attrs.volume.value_or(0));
  }
  digest_ = h.value();
  return true;
}

}  // namespace paa::exporting
