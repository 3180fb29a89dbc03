#include "paa/export/export_command.hpp"

#include "paa/exit_code.hpp"
#include "paa/export/exporter.hpp"
#include "paa/export/partitioned_export.hpp"
#include "paa/model/query_key.hpp"
#include "paa/store/store.hpp"
#include "paa/store/store_union.hpp"
#include "paa/model/clock.hpp"
#include "paa/store/point_in_time.hpp"
#include "paa/store/store_at_time.hpp"

#include <cstdio>

namespace paa::exporting {

namespace {

namespace fs = std::filesystem;

int fail(std::FILE* err, const Error& e) { return report_failure(err, e); }

}  // namespace

int report_failure(std::FILE* err, const Error& e) {
  std::fprintf(err, "paa: %s\n", e.message.c_str());
  return exit_code_for(e);
}

Result<void> check_store_folder(const fs::path& dir) {
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) {
    return make_error(errc::invalid_input,
                      "store '" + dir.string() + "' not found; pass --store the folder `paa run` writes to");
  }
  return {};
}

int run_export_command(const ExportCommandOptions& options, std::FILE* err) {
  const auto format = parse_export_format(options.format);
  if (!format) {
    return fail(err, make_error(errc::invalid_input, "unknown --format '" + options.format +
                         "'; use one of jsonl, json, csv, questions, related, xlsx, html, edges"));
  }
  if (*format == ExportFormat::xlsx && !options.output) {
    return fail(err, make_error(errc::invalid_input, "xlsx is a binary file and is not written to standard output; "
                     "give -o FILE.xlsx"));
  }
  ExportRequest request;
  request.format.format = *format;
  request.format.dedupe = options.dedupe;
  request.format.excel = options.excel;
  request.job = options.job;
  if (options.excel && *format != ExportFormat::csv && *format != ExportFormat::questions &&
      *format != ExportFormat::related && *format != ExportFormat::edges) {
    return fail(err, make_error(errc::invalid_input, "--excel applies to the CSV formats (csv, questions, related, edges), not " +
                         options.format));
  }
  std::optional<PartitionedRequest> partitioned;
  if (!options.partition_by.empty()) {
    if (*format != ExportFormat::jsonl && *format != ExportFormat::csv) {
      return fail(err, make_error(errc::invalid_input, "--partition-by writes jsonl or csv, not " + options.format));
    }
    if (options.excel) return fail(err, make_error(errc::invalid_input, "--excel is for spreadsheets, not a partitioned dataset"));
    if (!options.output) return fail(err, make_error(errc::invalid_input, "--partition-by needs -o DIR, the folder to write"));
    auto columns = parse_partition_columns(options.partition_by);
    if (!columns) return fail(err, columns.error());
    partitioned.emplace();
    partitioned->columns = std::move(*columns);
    if (!options.part_size.empty()) {
      auto size = parse_byte_size(options.part_size);
      if (!size) return fail(err, size.error());
      partitioned->part_size = *size;
    }
  } else if (!options.part_size.empty()) {
    return fail(err, make_error(errc::invalid_input, "--part-size applies with --partition-by"));
  }
  if (!options.hl.empty()) {
    auto hl = normalize_hl(options.hl);
    if (!hl) return fail(err, prefixed("--hl: ", hl.error()));
    request.hl = *hl;
  }
  if (!options.gl.empty()) {
    auto gl = normalize_gl(options.gl);
    if (!gl) return fail(err, prefixed("--gl: ", gl.error()));
    request.gl = *gl;
  }

  if (options.stores.empty()) return fail(err, make_error(errc::invalid_input, "no --store given"));
  std::error_code ec;
  for (std::size_t i = 0; i < options.stores.size(); ++i) {
    const auto& dir = options.stores[i];
    if (auto found = check_store_folder(dir); !found) return fail(err, found.error());
    for (std::size_t j = 0; j < i; ++j) {
      if (fs::equivalent(dir, options.stores[j], ec)) {
        return fail(err, make_error(errc::invalid_input, "store '" + dir.string() + "' is given twice; give each --store once"));
      }
    }
  }
  // One store, or several read as one (shards): the same export either way.
  StoreUnion* store_union = nullptr;
  Result<std::unique_ptr<StoreReader>> store = make_error(errc::store_unusable, "no store");
  if (options.stores.size() == 1) {
    store = StoreReader::open(options.stores.front());
  } else if (auto opened = StoreUnion::open(options.stores)) {
    store_union = opened->get();
    store = std::unique_ptr<StoreReader>(std::move(*opened));
    request.recount_questions = true;
  } else {
    store = opened.error();
  }
  if (!store) {
    return fail(err, store.error());
  }
  if (!options.at.empty()) {
    // The versions current then (docs/history.md): each store keeps its own history.
    if (store_union != nullptr) {
      return fail(err, make_error(errc::invalid_input, "--at reads one store's history (each shard store keeps its own): export the shard stores one by one"));
    }
    auto runs = (*store)->runs();
    if (!runs) return fail(err, runs.error());
    auto point = resolve_point(options.at, *runs, unix_now_ms());
    if (!point) return fail(err, prefixed("--at: ", point.error()));
    std::fprintf(err, "paa: exporting the store as it was at %s\n", point->label.c_str());
    store = store_at_time(std::move(*store), point->at_ms);
    request.recount_questions = true;  // the question index is today's
  }
  const std::string stores_named =
      options.stores.size() == 1 ? "store '" + options.stores.front().string() + "'"
                                 : std::to_string(options.stores.size()) + " stores";
  if (!request.job.empty()) {
    auto jobs = (*store)->job_names();
    if (!jobs) return fail(err, jobs.error());
    std::string names;
    bool known = false;
    for (const auto& job : *jobs) {
      known = known || job == request.job;
      names += (names.empty() ? "" : ", ") + job;
    }
    if (!known) {
      return fail(err, make_error(errc::invalid_input, "no job '" + request.job + "' in " + stores_named +
                           (names.empty() ? std::string("; it holds no jobs yet")
                                          : "; its jobs are: " + names)));
    }
  }

  auto report_overlaps = [&] {
    if (store_union == nullptr || store_union->overlapping_keys() == 0) return;
    std::fprintf(err,
                 "paa: %llu keys are stored in more than one store; each was exported once, its "
                 "most recent fetch\n",
                 static_cast<unsigned long long>(store_union->overlapping_keys()));
  };
  auto report_missing = [&](const ExportSummary& done) {
    if (done.missing_results == 0) return;
    if (!options.at.empty()) {
      std::fprintf(err, "paa: %llu done keys of job '%s' were stored after --at and are not in this export\n",
                   static_cast<unsigned long long>(done.missing_results), request.job.c_str());
      return;
    }
    std::fprintf(err,
                 "paa: warning: %llu done keys of job '%s' have no stored result and were skipped\n",
                 static_cast<unsigned long long>(done.missing_results), request.job.c_str());
  };
  if (partitioned) {
    partitioned->selection = request;
    auto written = export_partitioned(**store, *partitioned, *options.output, options.force);
    if (!written) return fail(err, written.error());
    report_overlaps();
    report_missing(written->export_summary);
    std::fprintf(err, "paa: wrote %llu %s in %zu parts to %s (manifest: _SUCCESS)\n",
                 static_cast<unsigned long long>(written->export_summary.records),
                 *format == ExportFormat::jsonl ? "objects" : "rows", written->files.size(),
                 options.output->c_str());
    return kExitOk;
  }

  ExportSummary summary;
  auto produce = [&](ByteSink& sink) -> Result<void> {
    BufferedOutput out(sink);
    auto exported = export_store(**store, request, out);
    if (!exported) return exported.error();
    summary = *exported;
    return {};
  };
  Result<void> done;
  if (*format == ExportFormat::xlsx) {
    XlsxOptions xlsx;
    xlsx.dedupe = options.dedupe;
    xlsx.rows_per_sheet = options.xlsx_rows_per_sheet;
    done = write_path_atomically(*options.output, options.force, [&](const fs::path& temp) -> Result<void> {
      auto exported = export_store_xlsx(**store, request, temp, xlsx);
      if (!exported) return exported.error();
      summary = *exported;
      return {};
    });
  } else {
    done = write_output(options.output, options.force, produce);
  }
  if (!done) {
    return fail(err, done.error());
  }
  report_overlaps();
  report_missing(summary);
  for (const auto& note : summary.notes) std::fprintf(err, "paa: note: %s\n", note.c_str());
  if (*format == ExportFormat::xlsx) {
    std::fprintf(err, "paa: wrote %llu question rows, %llu unique questions and %llu related searches to %s\n",
                 static_cast<unsigned long long>(summary.records),
                 static_cast<unsigned long long>(summary.question_rows),
                 static_cast<unsigned long long>(summary.related_rows), options.output->c_str());
  } else if (options.output) {
    std::fprintf(err, "paa: wrote %llu %s to %s\n", static_cast<unsigned long long>(summary.records),
                 *format == ExportFormat::html ? "results"
                 : *format == ExportFormat::jsonl || *format == ExportFormat::json ? "objects"
                                                                                   : "rows",
                 options.output->c_str());
  }
  return kExitOk;
}

}  // namespace paa::exporting
