#include "paa/export/exporter.hpp"

#include "paa/export/count_order.hpp"
#include "paa/export/html_report.hpp"
#include "paa/export/lineage_lookup.hpp"
#include "paa/extmem/record_spill.hpp"
#include "paa/model/query_key.hpp"
#include "paa/selection/locale_filter.hpp"

#include <algorithm>
#include <functional>

#include <optional>
#include <unordered_map>

namespace paa::exporting {

Result<void> scan_selection(StoreReader& store, const ExportRequest& request, ExportSummary& summary,
                            const std::function<Result<bool>(const StoredResult&)>& feed) {
  const LocaleFilter filter(request.hl, request.gl);
  std::optional<Error> failure;
  auto visit = [&](const StoredResult& result) {
    auto more = feed(result);
    if (!more) {
      failure = more.error();
      return false;
    }
    ++summary.results;
    return *more;
  };
  Result<void> scanned;
  if (request.job.empty()) {
    scanned = store.scan_results(filter.prefix(), [&](const StoredResult& result) {
      return filter.matches(result.key) ? visit(result) : true;
    });
  } else {
    // Progress entries stream in key order; each done key is one point lookup.
    scanned = store.scan_progress(request.job, [&](std::string_view key, const ProgressEntry& entry) {
      if (entry.state != ProgressState::done || !filter.matches(key)) return true;
      auto stored = store.get(key);
      if (!stored) {
        failure = stored.error();
        return false;
      }
      if (!*stored) {
        ++summary.missing_results;
        return true;
      }
      return visit(**stored);
    });
  }
  if (!scanned) return scanned.error();
  if (failure) return *failure;
  return {};
}

namespace {

// first_key -> spelling, for the question index. Questions of one tree share a first_key,
// so a small cache saves most lookups; cleared when full to keep memory bounded.
class FirstSeenCache {
 public:
  explicit FirstSeenCache(StoreReader& store) : store_(store) {}

  Result<FirstSeen> lookup(const std::string& first_key) {
    if (auto it = cache_.find(first_key); it != cache_.end()) return it->second;
    auto stored = store_.get(first_key);
    if (!stored) return stored.error();
    FirstSeen first;
    if (*stored) {
      first = {(*stored)->q, (*stored)->hl, (*stored)->gl, (*stored)->city};
    } else if (auto key = decode_key(first_key)) {
      // The index points at a result that is not there: fall back to the normalised key.
      first = {key->q, key->hl, key->gl, key->city};
    }
    if (cache_.size() >= kCapacity) cache_.clear();
    cache_.emplace(first_key, first);
    return first;
  }

 private:
  static constexpr std::size_t kCapacity = 4096;
  StoreReader& store_;
  std::unordered_map<std::string, FirstSeen> cache_;
};

// Every entry of the store's question index still held by a tree, with where it was first seen.
Result<void> scan_indexed_questions(
    StoreReader& store, const std::function<Result<void>(const QuestionEntry&, const FirstSeen&)>& visit) {
  FirstSeenCache firsts(store);
  std::optional<Error> failure;
  auto scanned = store.scan_questions([&](const QuestionEntry& entry) {
    if (entry.count == 0) return true;
    auto first = firsts.lookup(entry.first_key);
    Result<void> visited = first ? visit(entry, *first) : Result<void>(first.error());
    if (!visited) failure = visited.error();
    return !failure;
  });
  if (!scanned) return scanned.error();
  if (failure) return *failure;
  return {};
}

Result<ExportSummary> export_question_index(StoreReader& store, const ExportRequest& request,
                                            BufferedOutput& out) {
  auto writer = QuestionIndexWriter::create(request.format.excel, out);
  if (!writer) return writer.error();
  (*writer)->begin();
  auto scanned = scan_indexed_questions(store, [&](const QuestionEntry& entry, const FirstSeen& first) {
    return (*writer)->add(entry, first);
  });
  if (!scanned) return scanned.error();
  if (auto finished = (*writer)->finish(); !finished) return finished.error();
  if (auto flushed = out.flush(); !flushed) return flushed.error();
  ExportSummary summary;
  summary.records = (*writer)->records();
  return summary;
}


// The store's question index, most frequent first, as QuestionRows: each entry is parked in a
// RecordSpill and its (count, offset) in a CountOrder (bounded memory) until the merge.
Result<void> for_each_indexed_question(StoreReader& store,
                                       const std::function<Result<void>(const QuestionRow&)>& visit) {
  auto spill = extmem::RecordSpill::create();
  if (!spill) return spill.error();
  CountOrder order = make_count_order();
  auto scanned = scan_indexed_questions(store, [&](const QuestionEntry& entry, const FirstSeen& first) {
    const std::uint64_t offset = (*spill)->append({entry.question, entry.answer.value_or(std::string()),
                                                   entry.url, entry.title, first.q, first.hl, first.gl,
                                                   first.city});
    return order.add({entry.count, offset, 0});
  });
  if (!scanned) return scanned.error();
  if (auto sealed = (*spill)->seal(); !sealed) return sealed;
  // Entries arrived in fold_text order; CountOrder keeps it among equal counts.
  std::vector<std::string_view> f;
  FirstSeen first;
  return order.for_each([&](const CountedRow& row) {
    (*spill)->at(row.offset, f);
    first = {std::string(f[4]), std::string(f[5]), std::string(f[6]), std::string(f[7])};
    return visit({f[0], f[1], f[2], f[3], row.count, &first});
  });
}

// The report: every selected tree, with the jobs that hold its key (for the page's job filter).
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

// `edges`: the job's discovered keys, level by level in discovery order, each with the parent
// that admitted it. Levels 1..built and the keys of a pass under way (built + 1).
Result<ExportSummary> export_edges(StoreReader& store, const ExportRequest& request, BufferedOutput& out) {
  auto job = edges_job(store, request.job);
  if (!job) return job.error();
  auto state = store.expansion_state(*job);
  if (!state) return state.error();
  auto lookup = LineageLookup::create(store, *job);
  if (!lookup) return lookup.error();
  const LocaleFilter filter(request.hl, request.gl);
  EdgeWriter writer(request.format.excel, out);
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

}  // namespace

Result<ExportSummary> export_store(StoreReader& store, const ExportRequest& request,
                                   BufferedOutput& out) {
  if (request.format.format == ExportFormat::html) return export_html(store, request, out);
  if (request.format.format == ExportFormat::edges) return export_edges(store, request, out);
  if (request.format.format == ExportFormat::questions && !request.questions_from_results()) {
    return export_question_index(store, request, out);
  }
  if (request.format.format == ExportFormat::xlsx) {
    return make_error(errc::invalid_input, "xlsx is written to a file by name: use export_store_xlsx");
  }
  ExportSummary summary;
  std::optional<LineageLookup> lineages;
  if (format_has_lineage(request.format.format)) {
    auto lookup = LineageLookup::create(store, request.job);
    if (!lookup) return lookup.error();
    lineages.emplace(std::move(*lookup));
  }
  auto writer = make_format_writer(request.format, out);
  writer->begin();
  auto selected = scan_selection(store, request, summary, [&](const StoredResult& result) -> Result<bool> {
    auto lineage = lineages ? lineages->of(result) : Result<ExportLineage>(own_lineage(result));
    if (!lineage) return lineage.error();
    if (auto added = writer->add(result, *lineage); !added) return added.error();
    return !out.failed();  // stop early; flush() below reports the error
  });
  if (!selected) return selected.error();
  if (!out.failed()) {
    if (auto finished = writer->finish(); !finished) return finished.error();
  }
  if (auto flushed = out.flush(); !flushed) return flushed.error();
  summary.records = writer->records();
  return summary;
}

Result<ExportSummary> export_store_xlsx(StoreReader& store, const ExportRequest& request,
                                        const std::filesystem::path& file, const XlsxOptions& options) {
  auto workbook = XlsxWorkbook::create(file, options);
  if (!workbook) return workbook.error();
  ExportSummary summary;
  QuestionTally tally;  // with a filter, the selection's own question index
  const bool filtered = request.questions_from_results();
  auto selected = scan_selection(store, request, summary, [&](const StoredResult& result) -> Result<bool> {
    auto env = parse_stored_result(result, request.format.max_question_depth);
    if (!env) return env.error();
    if (auto added = (*workbook)->add_result(result, *env); !added) return added.error();
    if (filtered) tally.add_tree(result, env->result.children);
    return true;
  });
  if (!selected) return selected.error();
  auto add_question = [&](const QuestionRow& row) { return (*workbook)->add_question(row); };
  if (filtered) {
    Result<void> added;
    tally.for_each_sorted([&](const QuestionRow& row) {
      if (added) added = add_question(row);
    });
    if (!added) return added.error();
  } else if (auto added = for_each_indexed_question(store, add_question); !added) {
    return added.error();
  }
  if (auto closed = (*workbook)->close(); !closed) return closed.error();
  summary.records = (*workbook)->tree_rows();
  summary.question_rows = (*workbook)->question_rows();
  summary.related_rows = (*workbook)->related_rows();
  summary.notes = (*workbook)->notes();
  return summary;
}

}  // namespace paa::exporting
