#pragma once
// `paa export --format stability` (docs/watch.md "Stability"): one row per (key, question) seen
// in any version of the key in the window --from..--to, with its status. The driver reads each
// selected key's versions (StoreReader::versions, one key in memory at a time); the rows are
// written by the pure StabilityRows.
#include "paa/error.hpp"
#include "paa/export/export_request.hpp"
#include "paa/export/rows/stability_rows.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/output/text.hpp"
#include "paa/store/store.hpp"
#include "paa/watch/own_domains.hpp"
#include "paa/watch/question_stability.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>

namespace paa::exporting {

inline constexpr std::string_view kStabilityHeader =
    "q,hl,gl,city,question,first_seen,last_seen,versions_seen,versions,present_now,status";


// The rows of one key after another. With your domains, an `owner` column (yours, lost,
// competitor, none) follows the others.
class StabilityRows {
 public:
  StabilityRows(BufferedOutput& out, bool excel, const watch::OwnDomains& own, CsvText text = CsvText::guarded);
  void begin();
  void add(const StoredResult& key, const watch::StabilityTimeline& timeline);
  std::uint64_t rows() const { return rows_; }

 private:
  BufferedOutput& out_;
  bool excel_;
  CsvText text_;
  const watch::OwnDomains& own_;
  std::uint64_t rows_ = 0;
};

Result<ExportSummary> export_stability(StoreReader& store, const ExportRequest& request, BufferedOutput& out);

}  // namespace paa::exporting
