#pragma once
// What a run will do, decided before anything is read from disk beyond the job file, sent or
// written: the job's settings with the command line over them, the shard, the service's
// address and the API key (docs/running.md). A pure function of its three inputs, so every
// rule (which flag wins, which combination is refused and with what message) is tested
// without a process, an environment or a service (tests/app).
#include "paa/app/run_flags.hpp"
#include "paa/error.hpp"
#include "paa/harvest/harvester.hpp"
#include "paa/job/job_file.hpp"
#include "paa/job/shard.hpp"
#include "paa/notify/notify.hpp"
#include "paa/store/store.hpp"

#include <filesystem>
#include <optional>

namespace paa::app {

struct RunConfig {
  JobSpec spec;                          // with the flags over its [limits], store and refresh rule
  std::filesystem::path job_store;       // the store the job file names (status reads it by default)
  std::optional<Shard> shard;            // nullopt: the whole job
  HarvestOptions harvest;                // job, endpoint, API key and the flags' knobs; the rest is the run's
  bool refresh_all = false;              // --refresh
  StoreOptions store;
  NotifyOptions notify;
  // The run ends by computing the kept analysis ([analysis] after_run, --no-analysis; a shard's
  // run not unless its job asks): see analysis_after_run.
  bool analysis_after_run = true;
};

// Whether the run that ended with `exit_code` is followed by the kept analysis: when asked, and
// after a run that ended 0, 4 or 5 (its results are worth a look; not after bad usage, a
// rejected key, an outage, an interrupt or a failed store).
bool analysis_after_run(const RunConfig& config, int exit_code);

// `environment`: the process's variables (std::getenv), or a test's. Errors are the user's to
// fix (exit 2) and say what to do.
Result<RunConfig> resolve_run_config(const RunFlags& flags, JobSpec job, const EnvLookup& environment);

}  // namespace paa::app
