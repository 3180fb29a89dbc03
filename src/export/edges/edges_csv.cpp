#include "paa/export/edges/edges_csv.hpp"

#include "paa/export/csv_rows.hpp"
#include "paa/export/lineage_lookup.hpp"
#include "paa/output/text.hpp"
#include "paa/selection/locale_filter.hpp"

#include <optional>
#include <string>

namespace paa::exporting {

namespace {

// The job whose discovery tree `edges` writes: --job, or the one job that expanded.
Result<std::string> edges_job(StoreReader& store, const std::string& job) {
  if (!job.empty()) return job;
  auto jobs = expanding_jobs(store);
  if (!jobs) return jobs.error();
  if (jobs->size() == 1) return jobs->front();
  if (jobs->empty()) {
    return make_error(errc::invalid_input,
                      "--format edges: no job in the store has expanded its queries (edges are the keys an "
                      "[expand] job discovered)");
  }
  std::string names;
  for (const auto& name : *jobs) names += (names.empty() ? "" : ", ") + name;
  return make_error(errc::invalid_input, "--format edges: " + std::to_string(jobs->size()) +
                                             " jobs expanded (" + names + "); choose one with --job");
}

}  // namespace

void EdgeWriter::begin() { begin_csv(out_, excel_, kEdgesHeader); }

void EdgeWriter::add(const Edge& edge) {
  for (const KeySpelling* key : {&edge.parent, &edge.child}) {
    append_csv_key_columns(out_, text_, key->q, key->hl, key->gl, key->city);
  }
  append_decimal(out_, edge.level);
  out_.put(',');
  out_.append(via_name(edge.via));
  end_csv_row(out_, excel_);
  ++records_;
}

Result<ExportSummary> export_edges(StoreReader& store, const ExportRequest& request, BufferedOutput& out) {
  auto job = edges_job(store, request.job);
  if (!job) return job.error();
  auto state = store.expansion_state(*job);
  if (!state) return state.error();
  auto lookup = LineageLookup::create(store, *job);
  if (!lookup) return lookup.error();
  const LocaleFilter filter(request.hl, request.gl);
  EdgeWriter writer(request.format.excel, out, csv_text(request.format.raw));
  ExportSummary summary;
  writer.begin();
  std::optional<Error> failure;
  for (std::uint32_t level = 1; level <= state->built + 1 && !failure && !out.failed(); ++level) {
    auto scanned = store.scan_level(*job, level, [&](const LevelKey& key) {
      if (!filter.matches(key.encoded)) return true;
      Edge edge;
      edge.level = key.lineage.level;
      edge.via = key.lineage.via;
      auto parent = lookup->spelling(key.lineage.parent);
      if (!parent) {
        failure = parent.error();
        return false;
      }
      edge.parent = std::move(*parent);
      // The child as the other exports spell it: its stored result's, else as the job asks it.
      auto stored = store.get(key.encoded);
      if (!stored) {
        failure = stored.error();
        return false;
      }
      if (*stored) {
        edge.child = spelling_of(**stored);
      } else {
        edge.child = {key.query.q, key.query.hl, key.query.gl, key.query.city};
      }
      writer.add(edge);
      return !out.failed();
    });
    if (!scanned) return scanned.error();
  }
  if (failure) return *failure;
  if (auto flushed = out.flush(); !flushed) return flushed.error();
  summary.records = writer.records();
  return summary;
}

}  // namespace paa::exporting
