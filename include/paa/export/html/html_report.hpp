#pragma once
// `paa export --format html`: one self-contained page (styles, script and data inline; a
// Content-Security-Policy that allows no network request). The data is JSON in
// <script type="application/json"> elements, escaped for that place (append_script_json_string,
// paa/output/text.hpp); the page's script (report/report.js) renders every store string through
// textContent.
//
// Data layout (compact arrays, documented for people who script against it):
//   <script type="application/json" class="paa-results">[result, ...]</script>, one element
//   per kResultsPerElement results, in export order, then
//   <script type="application/json" id="paa-meta">{"jobs":[names], "newest_fetched_at": ms}</script>
//   result = [q, hl, gl, city, fetched_at_ms, [job indexes], [related], tree]
//   tree = [node, ...], node = [question, answer, url, title] or with a 5th element, its children.
#include "paa/error.hpp"
#include "paa/export/export_request.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/model/envelope.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace paa::exporting {

inline constexpr std::uint64_t kResultsPerElement = 200;

class HtmlReportWriter {
 public:
  // `jobs`: the store's job names; add() refers to them by index.
  HtmlReportWriter(BufferedOutput& out, std::vector<std::string> jobs);

  void begin();  // the page up to the first result
  void add(const StoredResult& result, const Envelope& envelope, std::span<const std::uint32_t> jobs);
  void finish();  // the rest of the data, the script, the end of the page
  std::uint64_t results() const { return results_; }

 private:
  BufferedOutput& out_;
  std::vector<std::string> jobs_;
  std::uint64_t results_ = 0;
  std::int64_t newest_ = 0;
};

// The whole report of the selection, flushed: every selected tree, with the jobs that finished
// its key (for the page's job filter; memory: those jobs per stored key).
Result<ExportSummary> export_html(StoreReader& store, const ExportRequest& request, BufferedOutput& out);

}  // namespace paa::exporting
