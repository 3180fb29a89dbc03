#pragma once
// What a run does when the monthly quota runs out: a job's `on_quota` (job files) and the
// quota tracker's rule (policy), so that the money core needs no job-file (TOML) header.
namespace paa {

enum class OnQuota { wait, stop };

}  // namespace paa
