#pragma once
// `edges`: a job's discovery tree (docs/exports.md), one CSV row per discovered key (level 1
// and below) and the parent that admitted it, in level order, then discovery order.
#include "paa/error.hpp"
#include "paa/export/export_request.hpp"
#include "paa/export/stored_tree.hpp"
#include "paa/model/lineage.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/output/text.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <string_view>

namespace paa::exporting {

inline constexpr std::string_view kEdgesHeader =
    "parent_q,parent_hl,parent_gl,parent_city,q,hl,gl,city,level,via";

// One edge of a job's discovery tree: a key of level >= 1 and the parent that admitted it.
struct Edge {
  KeySpelling parent;
  KeySpelling child;
  std::uint32_t level = 0;
  Via via = Via::question;
};

// kEdgesHeader, then one CSV row per edge as fed.
class EdgeWriter {
 public:
  EdgeWriter(bool excel, BufferedOutput& out, CsvText text = CsvText::guarded) : excel_(excel), text_(text), out_(out) {}
  void begin();
  void add(const Edge& edge);
  std::uint64_t records() const { return records_; }

 private:
  bool excel_;
  CsvText text_;
  BufferedOutput& out_;
  std::uint64_t records_ = 0;
};

// The whole `edges` export of `request.job` (or the store's one job that expanded), flushed.
// Levels 1..built and the keys of a pass under way (built + 1); --hl/--gl select by the
// discovered key's locale.
Result<ExportSummary> export_edges(StoreReader& store, const ExportRequest& request, BufferedOutput& out);

}  // namespace paa::exporting
