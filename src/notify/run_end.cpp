#include "paa/notify/run_end.hpp"

#include "paa/exit_code.hpp"
#include "paa/harvest/stop_reason.hpp"
#include "paa/model/envelope.hpp"

#include <filesystem>
#include <system_error>

namespace paa {
namespace {

// Absolute: the receiver does not know where paa ran from.
std::string absolute_store(const JobSpec& spec) {
  std::error_code ec;
  const auto store = std::filesystem::absolute(spec.store, ec);
  return ec ? spec.store.string() : store.lexically_normal().string();
}

}  // namespace

RunNotice run_notice_for(const JobSpec& spec, const std::string& run_id, const HarvestSummary& s,
                         const RunChanges& changes, int exit_code, std::int64_t started_at_ms,
                         std::int64_t ended_at_ms) {
  RunNotice n;
  n.job = spec.name;
  n.run_id = run_id;
  n.outcome = stop_reason_name(s.stop);  // the outcome the store records for the run
  n.exit_code = exit_code;
  n.started_at_ms = started_at_ms;
  n.ended_at_ms = ended_at_ms;
  n.stored = s.fetched;
  n.already_stored = s.already_stored;
  n.failed = s.failed;
  n.pending = s.pending;
  n.requests = s.requests;
  n.searches_spent = s.searches_spent;
  n.searches_left = s.quota.searches_left;
  n.payg_credits_left = s.quota.payg_credits_left;
  if (s.quota.renewal_date) n.renewal_date = format_date(*s.quota.renewal_date);
  n.keys_new = changes.new_keys;
  n.keys_changed = changes.changed;
  n.keys_unchanged = changes.unchanged;
  n.store = absolute_store(spec);
  return n;
}

RunNotice run_notice_from_record(const JobSpec& spec, const RunInfo& run, std::uint64_t failed) {
  RunNotice n;
  n.job = spec.name;
  n.run_id = run.run_id;
  n.outcome = run.outcome;
  const StopReason stop = stop_reason_named(run.outcome).value_or(StopReason::none);
  n.exit_code = exit_code_for(stop);
  if (stop == StopReason::none && failed > 0) n.exit_code = kExitPartial;
  n.started_at_ms = run.started_at_ms;
  n.ended_at_ms = run.ended_at_ms;
  n.failed = failed;
  if (run.money) {
    n.stored = run.money->stored;
    n.requests = run.money->requests;
    n.searches_spent = run.money->charged;
  }
  n.keys_new = run.changes.new_keys;
  n.keys_changed = run.changes.changed;
  n.keys_unchanged = run.changes.unchanged;
  n.store = absolute_store(spec);
  return n;
}

}  // namespace paa
