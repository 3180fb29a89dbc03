#pragma once
// `paa status --failed`: each failed key of the job (of every job without a job file) and, with
// the job file, each of its keys neither done nor failed (pending), in key order, streamed to
// standard output as text lines or JSON Lines (docs/store.md).
#include "paa/error.hpp"
#include "paa/job/job_file.hpp"

#include <optional>
#include <string>

namespace paa::app {

// `job_file`: as the user named it, for the next command the text suggests.
Result<void> write_failed_keys(const std::optional<JobSpec>& spec, const std::string& job_file, const std::string& store,
                               bool as_json);

}  // namespace paa::app
