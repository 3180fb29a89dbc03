#include "paa/app/report_commands.hpp"

#include "paa/app/check_report.hpp"
#include "paa/app/command_failure.hpp"
#include "paa/app/failed_keys.hpp"
#include "paa/app/status_render.hpp"
#include "paa/app/status_report.hpp"
#include "paa/job/job_file.hpp"
#include "paa/job/shard.hpp"

#include <cstdio>
#include <filesystem>

namespace paa::app {

int run_status(const StatusFlags& flags) {
  StatusRequest request;
  if (!flags.stores.empty()) request.store = flags.stores.front();
  if (flags.stores.size() > 1) request.more_stores.assign(flags.stores.begin() + 1, flags.stores.end());
  request.stability = flags.json;
  request.shards = flags.shards;
  if (flags.shards > 0 && (flags.job.empty() || !flags.stores.empty())) {
    return fail(usage_error("--shards N reads the job's N shard stores beside its store: give the job file, "
                            "without --store (or name the stores with --store, repeated)"));
  }
  if (!flags.job.empty()) {
    auto loaded = load_job(flags.job);
    if (!loaded) return fail(loaded.error());
    request.spec = std::move(*loaded);
    if (request.store.empty()) request.store = request.spec->store.string();
  } else if (request.store.empty()) {
    return fail(usage_error("status needs a job file or --store DIR (e.g. `paa status jobs/coffee.toml`)"));
  }
  if (flags.shards > 0) {
    // The shard stores that exist (one that never ran holds nothing yet).
    std::vector<std::string> found;
    for (std::uint32_t i = 0; i < flags.shards; ++i) {
      const auto dir = shard_store(request.spec->store, Shard{i, flags.shards});
      if (store_exists(dir)) found.push_back(dir.string());
    }
    request.store = found.empty() ? shard_store(request.spec->store, Shard{0, flags.shards}).string() : found.front();
    if (found.size() > 1) request.more_stores.assign(found.begin() + 1, found.end());
  }
  if (flags.failed && !request.more_stores.empty()) {
    return fail(usage_error("--failed lists one store's keys: name one shard's store with --store"));
  }
  if (flags.failed) {
    auto written = write_failed_keys(request.spec, flags.job, request.store, flags.json);
    return written ? kExitOk : fail(written.error());
  }
  auto report = build_status_report(request);
  if (!report) return fail(report.error());
  if (flags.json) {
    std::printf("%s\n", render_status_json(*report).c_str());
  } else {
    render_status_text(stdout, *report, flags.job);
  }
  return finish_stdout();
}

int run_check(const std::string& job_file, std::uint32_t shards) {
  auto spec = load_job(job_file);
  if (!spec) return fail(spec.error());
  auto report = build_check_report(std::move(*spec), shards);
  if (!report) return fail(report.error());
  render_check_text(stdout, *report);
  return finish_stdout();
}

}  // namespace paa::app
