#include "paa/export/html/html_report.hpp"

#include "paa/export/stored_tree.hpp"
#include "paa/output/text.hpp"
#include "report_assets.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>

namespace paa::exporting {

namespace {

// The tree as nested arrays, without native recursion (trees may be 1,000 levels deep).
void append_tree(BufferedOutput& out, const std::vector<Question>& roots) {
  struct Frame {
    const std::vector<Question>* nodes;
    std::size_t next;
  };
  out.put('[');
  std::vector<Frame> stack{{&roots, 0}};
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (top.next == top.nodes->size()) {
      stack.pop_back();
      out.put(']');                     // this array of siblings
      if (!stack.empty()) out.put(']');  // the node that owns it
      continue;
    }
    const Question& q = (*top.nodes)[top.next++];
    if (top.next > 1) out.put(',');
    out.put('[');
    append_script_json_string(out, q.question);
    out.put(',');
    append_script_json_string(out, q.answer ? std::string_view(*q.answer) : std::string_view());
    out.put(',');
    append_script_json_string(out, q.url);
    out.put(',');
    append_script_json_string(out, q.title);
    if (q.children.empty()) {
      out.put(']');
    } else {
      out.append(",[");
      stack.push_back({&q.children, 0});
    }
  }
}

}  // namespace

HtmlReportWriter::HtmlReportWriter(BufferedOutput& out, std::vector<std::string> jobs)
    : out_(out), jobs_(std::move(jobs)) {}

void HtmlReportWriter::begin() {
  out_.append(
      "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
      "form-action 'none'\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"generator\" content=\"paa export --format html\">\n"
      "<title>People Also Ask report</title>\n<style>\n");
  out_.append(report_assets::kCss);
  out_.append("</style>\n</head>\n<body>\n");
  out_.append(report_assets::kBody);
}

void HtmlReportWriter::add(const StoredResult& r, const Envelope& env, std::span<const std::uint32_t> jobs) {
  // Results go in elements of kResultsPerElement: Chromium parses many small script elements
  // about twice as fast as one large one (a 12 MB report: 1.0 s instead of 1.8 to 2.9 s).
  if (results_ % kResultsPerElement == 0) {
    if (results_ > 0) out_.append("\n]</script>\n");
    out_.append("<script type=\"application/json\" class=\"paa-results\">[\n");
  } else {
    out_.append(",\n");
  }
  out_.put('[');
  append_script_json_string(out_, r.q);
  out_.put(',');
  append_script_json_string(out_, r.hl);
  out_.put(',');
  append_script_json_string(out_, r.gl);
  out_.put(',');
  append_script_json_string(out_, r.city);
  out_.put(',');
  append_decimal(out_, r.fetched_at_ms);
  out_.append(",[");
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (i > 0) out_.put(',');
    append_decimal(out_, jobs[i]);
  }
  out_.append("],[");
  for (std::size_t i = 0; i < env.result.related.size(); ++i) {
    if (i > 0) out_.put(',');
    append_script_json_string(out_, env.result.related[i]);
  }
  out_.append("],");
  append_tree(out_, env.result.children);
  out_.put(']');
  ++results_;
  newest_ = std::max(newest_, r.fetched_at_ms);
}

void HtmlReportWriter::finish() {
  if (results_ > 0) out_.append("\n]</script>\n");
  out_.append("<script type=\"application/json\" id=\"paa-meta\">{\"jobs\":[");
  for (std::size_t i = 0; i < jobs_.size(); ++i) {
    if (i > 0) out_.put(',');
    append_script_json_string(out_, jobs_[i]);
  }
  out_.append("],\"newest_fetched_at\":");
  append_decimal(out_, newest_);
  out_.append("}</script>\n<script>\n");
  out_.append(report_assets::kScript);
  out_.append("</script>\n</body>\n</html>\n");
}

Result<ExportSummary> export_html(StoreReader& store, const ExportRequest& request, BufferedOutput& out) {
  auto jobs = store.job_names();
  if (!jobs) return jobs.error();
  std::unordered_map<std::string, std::vector<std::uint32_t>> memberships;
  for (std::uint32_t j = 0; j < jobs->size(); ++j) {
    auto scanned = store.scan_progress((*jobs)[j], [&](std::string_view key, const ProgressEntry& entry) {
      if (entry.state == ProgressState::done) memberships[std::string(key)].push_back(j);
      return true;
    });
    if (!scanned) return scanned.error();
  }
  HtmlReportWriter writer(out, *jobs);
  const std::vector<std::uint32_t> none;
  ExportSummary summary;
  writer.begin();
  auto selected = scan_selection(store, request, summary, [&](const StoredResult& result) -> Result<bool> {
    auto env = parse_stored_result(result, request.format.max_question_depth);
    if (!env) return env.error();
    const auto it = memberships.find(result.key);
    writer.add(result, *env, it == memberships.end() ? none : it->second);
    return !out.failed();
  });
  if (!selected) return selected.error();
  writer.finish();
  if (auto flushed = out.flush(); !flushed) return flushed.error();
  summary.records = writer.results();
  return summary;
}

}  // namespace paa::exporting
