#pragma once
// `paa run`: the job loaded and checked whole, its store opened and claimed, the harvest, then
// the run's end recorded, the summary printed and the notice sent. Returns the exit code.
#include "paa/app/run_flags.hpp"
#include "paa/job/shard.hpp"

namespace paa::app {

int run_job(const RunFlags& flags, const EnvLookup& environment);

}  // namespace paa::app
