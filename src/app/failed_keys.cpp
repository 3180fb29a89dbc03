#include "paa/app/failed_keys.hpp"

#include "paa/app/status_report.hpp"
#include "paa/export/failures/failure_list.hpp"
#include "paa/job/shard.hpp"
#include "paa/model/query_key.hpp"
#include "paa/output/atomic_file.hpp"
#include "paa/output/text.hpp"
#include "paa/store/store.hpp"

#include <filesystem>
#include <memory>
#include <vector>

namespace paa::app {

namespace {

// --failed: the job's keys (job file first, then the keys its expansion discovered), sorted;
// a shard store's: its shard's only.
Result<std::unique_ptr<exporting::JobKeys>> job_keys(const JobSpec& spec, StoreReader* store) {
  auto keys = exporting::JobKeys::create();
  if (!keys) return keys.error();
  std::optional<Shard> shard;
  if (store) {
    auto held = shard_held(*store, spec);
    if (!held) return held.error();
    shard = *held;
  }
  auto reader = JobReader::open(spec);
  if (!reader) return reader.error();
  while (true) {
    auto item = reader->next();
    if (!item) return item.error();
    if (!*item) break;
    if (shard && !shard->holds(encode_key((*item)->query.key))) continue;
    (*keys)->add((*item)->query, (*item)->origin);
  }
  if (store) {
    auto state = store->expansion_state(spec.name);
    if (!state) return state.error();
    const std::uint32_t levels = state->built + (state->pass_admitted > 0 && !state->in_round() ? 1 : 0);
    for (std::uint32_t level = 1; level <= levels; ++level) {
      const std::string origin = "discovered, level " + std::to_string(level);
      auto scanned = store->scan_level(spec.name, level, [&](const LevelKey& key) {
        (*keys)->add(key.query, origin);
        return true;
      });
      if (!scanned) return scanned.error();
    }
  }
  if (auto sealed = (*keys)->seal(); !sealed) return sealed.error();
  return keys;
}

}  // namespace

Result<void> write_failed_keys(const std::optional<JobSpec>& spec, const std::string& job_file, const std::string& store,
                               bool as_json) {
  std::unique_ptr<StoreReader> reader;
  std::error_code missing;
  if (!spec || std::filesystem::exists(store, missing)) {
    auto opened = StoreReader::open(store);
    if (!opened) return opened.error();
    reader = std::move(*opened);
  }
  std::unique_ptr<exporting::JobKeys> keys;
  std::vector<std::string> jobs;
  if (spec) {
    auto made = job_keys(*spec, reader.get());
    if (!made) return made.error();
    keys = std::move(*made);
    jobs.push_back(spec->name);
  } else {
    auto names = reader->job_names();
    if (!names) return names.error();
    jobs = std::move(*names);
  }
  exporting::FailureCounts total;
  auto written = write_output(std::nullopt, false, [&](ByteSink& sink) -> Result<void> {
    BufferedOutput out(sink);
    if (!as_json && jobs.empty()) out.append("store '" + store + "': no jobs in this store yet\n");
    for (const auto& job : jobs) {
      if (!as_json) {
        out.append("job " + job + ", store '" + store + "': failed" + (keys ? " and pending" : "") +
                   " keys in key order (hl, gl, city, query)\n");
      }
      auto listed = exporting::list_failures(reader.get(), job, keys.get(), LocaleFilter(),
                                             [&](const exporting::FailureRow& row) {
                                               if (as_json) {
                                                 exporting::append_failure_json(out, row, /*with_origin=*/true);
                                               } else {
                                                 out.append("  ");
                                                 exporting::append_failure_text(out, row);
                                               }
                                               return !out.failed();
                                             });
      if (!listed) return listed.error();
      total.failed += listed->failed;
      total.pending += listed->pending;
      if (!as_json) {
        out.append("  " + std::to_string(listed->failed) + " failed" +
                   (keys ? ", " + std::to_string(listed->pending) + " pending" : std::string()) + "\n");
      }
    }
    if (!as_json) {
      if (spec && total.failed + total.pending > 0) {
        out.append("\n`paa run " + job_file + "` retries the failed keys and fetches the pending ones\n");
      } else if (!spec) {
        out.append("\npending keys are known from the job file: `paa status JOB --failed`\n");
      }
      if (total.failed > 0) {
        out.append("`paa export --store " + store + " --format failures -o failed.csv` writes the failed keys as CSV\n");
      }
    }
    return out.flush();
  });
  return written;
}

}  // namespace paa::app
