#include "write_rules.hpp"

#include "paa/model/clock.hpp"

#include <algorithm>
#include <utility>

namespace paa::store_detail {

std::optional<Envelope> stored_tree(const StoredResult& stored) {
  ParseLimits limits;
  limits.max_body_bytes = std::max(limits.max_body_bytes, stored.body.size());
  limits.max_question_depth = std::size_t{1} << 20;  // the parser does not recurse
  auto parsed = parse_envelope(stored.body, limits);
  if (!parsed) return std::nullopt;
  return std::move(*parsed);
}

PutPlan plan_put(PutResult& put, std::optional<StoredResult> old, std::string_view run_id, std::int64_t now_ms,
                 const SeedAttributes& attrs) {
  StoredResult& result = put.result;
  result.tree_digest = tree_digest(put.envelope.result);
  result.run_id = std::string(run_id);
  result.unchanged_since_ms = result.fetched_at_ms;
  result.first_run_id = result.run_id;
  result.first_cached = result.cached;
  PutPlan plan;
  if (!old) {
    plan.kind = PutKind::new_key;
  } else {
    // The digests when the old record has one (format 6): no parse of the stored body. Else
    // the trees; should the old body not parse (an older paa's), the refresh counts as a change
    // and is kept: a paid result is never refused for what the store held before.
    bool same = false;
    if (old->tree_digest) {
      same = *old->tree_digest == *result.tree_digest;
    } else {
      const auto old_tree = stored_tree(*old);
      same = old_tree && old_tree->result == put.envelope.result;
    }
    if (same) {
      // The same answer again: one version with both times.
      plan.kind = PutKind::unchanged;
      result.unchanged_since_ms = old->unchanged_since_ms;
      result.first_run_id = std::move(old->first_run_id);
      result.first_cached = old->first_cached;
    } else {
      // A new answer: the old version goes to the key's history under the time its answer began.
      plan.kind = PutKind::changed;
      plan.history_since = old->unchanged_since_ms;
    }
    // The first-seen spelling stays (the request is ours to change: no body copy).
    result.q = std::move(old->q);
    result.hl = std::move(old->hl);
    result.gl = std::move(old->gl);
    result.city = std::move(old->city);
  }
  plan.progress.state = ProgressState::done;
  plan.progress.attempts = put.attempts;
  plan.progress.last_status = 200;
  plan.progress.spent_search = put.spent_search;
  plan.progress.cached = result.cached;
  plan.progress.updated_at_ms = now_ms;
  plan.progress.attrs = attrs;
  return plan;
}

Result<std::optional<ProgressEntry>> plan_mark_done(bool result_stored, const std::optional<ProgressEntry>& existing,
                                                    std::int64_t now_ms, const SeedAttributes& attrs) {
  if (!result_stored) {
    return make_error(errc::store,
                      "cannot mark a key done: no result is stored for it (a bug in paa; please report it)");
  }
  if (existing && existing->state == ProgressState::done) {
    if (existing->attrs == attrs) return std::optional<ProgressEntry>();
    ProgressEntry relabelled = *existing;  // the list's attributes changed since: only they do
    relabelled.attrs = attrs;
    return std::optional<ProgressEntry>(std::move(relabelled));
  }
  ProgressEntry p;
  p.state = ProgressState::done;
  p.attempts = existing ? existing->attempts : 0;
  p.updated_at_ms = now_ms;
  p.attrs = attrs;
  return std::optional<ProgressEntry>(std::move(p));
}

std::optional<ProgressEntry> plan_mark_failed(const MarkFailed& mark, const std::optional<ProgressEntry>& existing,
                                              std::int64_t now_ms, const SeedAttributes& attrs) {
  if (existing && existing->state == ProgressState::done) return std::nullopt;
  ProgressEntry p;
  p.state = ProgressState::failed;
  p.attempts = mark.attempts;
  p.last_status = mark.last_status;
  p.error = mark.error.substr(0, 500);
  p.updated_at_ms = now_ms;
  p.attrs = attrs;
  return p;
}

RunInfo run_started(std::string job, std::string run_id, std::int64_t at_ms) {
  RunInfo info;
  info.run_id = std::move(run_id);
  info.job = std::move(job);
  info.started_at_ms = at_ms;
  return info;
}

RunInfo run_ended(RunInfo recorded, std::int64_t at_ms, std::string outcome, const RunMoney& money,
                  const RunChanges& changes) {
  recorded.ended_at_ms = at_ms;
  recorded.outcome = std::move(outcome);
  recorded.money = money;
  recorded.changes = changes;
  return recorded;
}

std::string run_name(std::int64_t at_ms, int n) {
  std::string id = format_utc(at_ms, "%Y%m%d-%H%M%S");
  if (n > 1) id += "-" + std::to_string(n);
  return id;
}

Result<std::optional<ShardClaim>> plan_shard_claim(const std::optional<ShardClaim>& recorded, bool ran_before,
                                                   std::string_view job, const std::optional<ShardClaim>& claim) {
  // No record and no run: the first run of the job here records its shard.
  if (!recorded && !ran_before) return claim;
  if (recorded == claim) return std::optional<ShardClaim>();
  auto label = [](const std::optional<ShardClaim>& s) {
    return s ? "shard " + std::to_string(s->index) + "/" + std::to_string(s->count) + " (shard hash v" +
                   std::to_string(s->hash_version) + ")"
             : std::string("the whole job (no --shard)");
  };
  return make_error(errc::invalid_input, "holds " + label(recorded) + " of job '" + std::string(job) +
                                             "'; this run is " + label(claim) +
                                             ": run it with the same shard setting, or give it another --store");
}

}  // namespace paa::store_detail
